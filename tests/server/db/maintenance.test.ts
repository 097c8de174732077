import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../../../server/db/client';
import { autovacuumThresholds, maintainTables } from '../../../server/db/maintenance';
import { resetDatabase, testDatabase } from '../helpers';

let database: Database;
beforeAll(async () => {
  database = await testDatabase();
  await resetDatabase(database);
});

const statsOf = async (table: string) => {
  const result = (await database.db.execute(
    sql`select n_mod_since_analyze::int as changed, last_analyze from pg_stat_user_tables where relname = ${table}`,
  )) as unknown as { rows: { changed: number; last_analyze: Date | null }[] };
  return result.rows[0];
};

const addUsers = (count: number, prefix: string) =>
  database.db.execute(sql`
    insert into users (email, normalized_email, username, first_name, last_name, roles, security_stamp)
    select ${prefix} || i || '@maintenance.example', ${prefix} || i || '@maintenance.example',
           ${prefix} || i || '@maintenance.example', 'Mae', 'Tenance', '{AthleticDirector}', md5(i::text)
    from generate_series(1, ${count}) as i`);

// PostgreSQL has autovacuum for this, which may get there first; PGlite has nothing else.
describe.skipIf(Boolean(inject('postgresUrl')))('table maintenance on the embedded database', () => {
  it(`analyses a table once more than ${autovacuumThresholds.analyze.base} rows plus ${autovacuumThresholds.analyze.scale * 100}% changed, as autovacuum would`, async () => {
    await maintainTables(database.db);
    await addUsers(3000, 'bulk');
    const done = await maintainTables(database.db);
    expect(done).toContainEqual({ table: 'users', command: 'vacuum analyze' });
    const stats = await statsOf('users');
    expect(stats.changed).toBe(0);
    expect(stats.last_analyze).not.toBeNull();
  });

  it('leaves a table alone while its changes stay under the threshold', async () => {
    await maintainTables(database.db);
    await addUsers(10, 'few');
    const done = await maintainTables(database.db);
    expect(done.map((entry) => entry.table)).not.toContain('users');
  });
});

describe.skipIf(Boolean(inject('postgresUrl')))('statistics of a freshly migrated embedded database', () => {
  it('are there before the first query: migrate() analyses what it and the seed wrote', async () => {
    const fresh = await openDatabase({ pgliteDir: 'memory://' });
    try {
      await fresh.migrate(async () => {
        await fresh.db.execute(
          sql`insert into organizations (guid, name) values (gen_random_uuid(), 'Seeded')`,
        );
      });
      const result = (await fresh.db.execute(
        sql`select relname as table from pg_stat_user_tables where schemaname = 'public' and last_analyze is null`,
      )) as unknown as { rows: { table: string }[] };
      expect(result.rows).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
