import { sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { teams } from '../../../contract/examples/teams';
import type { Db } from '../../../server/db/client';
import { resourceTable } from '../../../server/db/resource-table';
import * as schema from '../../../server/db/schema';

/**
 * The README's example resource, served only in the tests: its definition is all the server is
 * given, so the example cannot drift from what the engine accepts.
 */
export { teams };

export const teamsTable = resourceTable(teams);

/** The table as `npm run db:generate` would create it: drizzle-kit's own diff of the schema. */
export async function createTeamsTable(db: Db) {
  await dropTeamsTable(db);
  await createFixtureTable(db, teamsTable);
}

/** A fixture resource's table, made as drizzle-kit's diff of the schema would make it. */
export async function createFixtureTable(db: Db, table: ReturnType<typeof resourceTable>) {
  const statements = await generateMigration(
    generateDrizzleJson({ ...schema }),
    generateDrizzleJson({ ...schema, table }),
  );
  for (const statement of statements) await db.execute(sql.raw(statement));
}

export const dropTeamsTable = (db: Db) => db.execute(sql`drop table if exists teams cascade`);
