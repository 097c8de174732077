import { loadConfig } from '../config';
import { openDatabase } from './client';

/** `npm run db:migrate`: apply migrations without starting the server (deploy step). */
const config = loadConfig();
const database = await openDatabase(config);
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.driver}).`);
