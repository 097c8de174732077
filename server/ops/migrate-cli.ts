import { ConfigError, loadConfig } from '../config';
import { keepFilesPrivate } from '../private-files';
import { waitForDatabase } from './startup';
import { openDatabase } from '../db/client';

/** `npm run db:migrate`: apply migrations without starting the server (deploy step). */
async function main() {
  const config = loadConfig();
  keepFilesPrivate(config.dataDir);
  await waitForDatabase(config, (message) => console.error(message));
  const database = await openDatabase(config);
  await database.migrate();
  await database.close();
  console.log(`Migrations applied (${database.driver}).`);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
