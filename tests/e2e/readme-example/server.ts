import pino from 'pino';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/client';
import { seedDatabase } from '../../../server/seed';
import { createBlobStore } from '../../../server/storage';
import { createTeamsTable, exampleResources } from '../../server/engine/teams';

/**
 * The portal with the README's example registered, for tests/e2e/readme-example.test.ts: the
 * server of `npm start` given the definition, and its table made as its migration would make
 * it (the same fixture the API test serves), before the engine puts its change notices on it.
 */
const config = loadConfig();
const database = await openDatabase(config);
const storage = await createBlobStore(config);
await database.migrate(() => seedDatabase(database.db, config, pino({ level: config.logLevel }), storage));
await createTeamsTable(database.db);
const app = await buildApp(config, { database, storage, serveApp: true, resources: exampleResources });
app.addHook('onClose', () => database.close());
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: config.port, host: config.host });
