process.env.TZ = 'UTC';

import { afterEach } from 'vitest';
import type { Database } from '../../server/db/client';

// Every audit row a server test wrote is read before the next test empties the tables.
afterEach(async () => {
  const database = await (globalThis as { __testDatabase?: Promise<Database> }).__testDatabase;
  if (!database) return;
  const { expectNoSecretsInAudit } = await import('./audit-secrets');
  await expectNoSecretsInAudit(database.db);
});
