import { sessions } from '../db/schema';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { waitForDatabase } from './startup';

/**
 * `npm run sessions:revoke`: signs everyone out, as after a leaked database copy or cookie
 * secret. On PostgreSQL servers may keep running (the sessions trigger tells each of them at
 * once); the embedded database must be stopped first, and refuses otherwise.
 */
async function main() {
  const config = loadConfig();
  await waitForDatabase(config, (message) => console.error(message));
  const database = await openDatabase(config);
  try {
    const revoked = await database.db.delete(sessions).returning({ id: sessions.id });
    console.log(`Revoked ${revoked.length} sessions.`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
