import { sql } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { definitionOf } from '../../../contract/definitions';
import { teams } from '../../../contract/examples/teams';
import { roles } from '../../../contract/roles';
import { buildApp } from '../../../server/app';
import { testConfig } from '../../../server/config';
import type { Db } from '../../../server/db/client';
import { resourceTable } from '../../../server/db/resource-table';
import * as schema from '../../../server/db/schema';
import { createOrganization, createUser, resetDatabase, signIn, testDatabase } from '../helpers';

/**
 * The README's example resource, served only in the tests: its definition is all the server is
 * given, so the example cannot drift from what the engine accepts.
 */
export { teams };

/**
 * Whether the README's example has been registered as the README says: then the registry serves
 * it and its migration made the table, and the tests take it as it is instead of adding it.
 */
export const exampleRegistered = definitionOf(teams.name) !== undefined;

/** What a test adds to the registry to serve the example: nothing once it is registered. */
export const exampleResources = exampleRegistered ? [] : [teams];

export const teamsTable = resourceTable(teams);

/** The table as `npm run db:generate` would create it: drizzle-kit's own diff of the schema. */
export async function createTeamsTable(db: Db) {
  if (exampleRegistered) return;
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

export const dropTeamsTable = async (db: Db) => {
  if (!exampleRegistered) await db.execute(sql`drop table if exists teams cascade`);
};

/**
 * The example served on a fresh database with its schools, an Admin and an Athletic Director of
 * the first school signed in (their cookies); `close` stops the app and drops the table.
 * `resources` may serve a variant of the example on its table instead.
 */
export async function serveTeams(schoolNames: readonly string[], resources = exampleResources) {
  const database = await testDatabase();
  await resetDatabase(database);
  const { db } = database;
  await createTeamsTable(db);
  const app = await buildApp(testConfig(), { database, resources });
  await app.ready();
  const schoolIds: number[] = [];
  for (const name of schoolNames) schoolIds.push((await createOrganization(db, name)).id);
  await createUser(db, { email: 'admin@example.com', roles: [roles.admin] });
  await createUser(db, {
    email: 'director@example.com',
    roles: [roles.athleticDirector],
    organizationId: schoolIds[0],
  });
  const close = async () => {
    await app.close();
    await dropTeamsTable(db);
  };
  return {
    app,
    db,
    schoolIds,
    admin: await signIn(app, 'admin@example.com'),
    director: await signIn(app, 'director@example.com'),
    close,
  };
}
