import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject, onTestFinished } from 'vitest';
import { buildApp } from '../../server/app';
import { hashPassword } from '../../server/auth/passwords';
import { randomToken } from '../../server/auth/tokens';
import { type Config, testConfig } from '../../server/config';
import { type Database, openDatabase } from '../../server/db/client';
import { organizations, users } from '../../server/db/schema';
import { seedReferenceData } from '../../server/seed';

/**
 * One database per test worker: an in-memory PGlite (a new one costs about 2 s and 440 MiB),
 * or in the `server-pg` project a database of its own on the throwaway PostgreSQL server,
 * so workers running side by side never truncate each other's tables.
 */
const shared = globalThis as { __testDatabase?: Promise<Database> };

export function testDatabase(): Promise<Database> {
  shared.__testDatabase ??= (async () => {
    const postgresUrl = inject('postgresUrl');
    const databaseUrl = postgresUrl ? await workerDatabaseUrl(postgresUrl) : undefined;
    const database = await openDatabase({ ...testConfig(), databaseUrl, poolSize: 5 });
    await database.migrate();
    return database;
  })();
  return shared.__testDatabase;
}

/** Creates (once per run) and returns the URL of this worker's database on the test server. */
export async function workerDatabaseUrl(postgresUrl: string, suffix = process.env.VITEST_POOL_ID ?? '0') {
  const name = `spirit_test_${suffix.replace(/\W/g, '_')}`;
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Empties every table and loads the reference data again, so each test starts clean. */
export async function resetDatabase(database: Database) {
  const result = (await database.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  )) as unknown as {
    rows: { tablename: string }[];
  };
  const tables = result.rows.map((row) => `"${row.tablename}"`).join(', ');
  await database.db.execute(sql.raw(`truncate ${tables} restart identity cascade`));
  await seedReferenceData(database.db);
}

export async function testApp(overrides: Partial<Config> = {}) {
  const database = await testDatabase();
  await resetDatabase(database);
  const app = await buildApp(testConfig(overrides), { database });
  await app.ready();
  return { app, db: database.db };
}

export const strongPassword = 'Str0ng-Passw0rd!';

let passwordHashCache: Promise<string> | undefined;

export async function createOrganization(db: Database['db'], name = 'Lincoln High School') {
  const [org] = await db.insert(organizations).values({ name }).returning();
  return org;
}

export async function createUser(
  db: Database['db'],
  fields: Partial<typeof users.$inferInsert> & { email: string },
) {
  passwordHashCache ??= hashPassword(strongPassword);
  const [user] = await db
    .insert(users)
    .values({
      normalizedEmail: fields.email.toLowerCase(),
      username: fields.email,
      firstName: 'Test',
      lastName: 'User',
      roles: ['Admin'],
      passwordHash: await passwordHashCache,
      securityStamp: randomToken(16),
      emailConfirmed: true,
      ...fields,
    })
    .returning();
  return user;
}

export const sessionCookieOf = (response: LightMyRequestResponse) =>
  response.cookies.find((cookie) => cookie.name === 'sp_session');

/** Signs in through the API and returns the `cookie` header value for later requests. */
export async function signIn(app: FastifyInstance, email: string, password = strongPassword) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/account/login',
    payload: { email, password },
  });
  const cookie = sessionCookieOf(response);
  if (!cookie) throw new Error(`sign-in failed: ${response.body}`);
  return `sp_session=${cookie.value}`;
}

/**
 * Makes every insert of an audit row with this action fail, as a broken audit write would, until
 * the test ends: the worker's database outlives the test, so the trigger must not.
 */
export async function failAuditInserts(db: Database['db'], action: string) {
  await db.execute(
    sql.raw(`create function fail_audit_insert() returns trigger language plpgsql
      as $$ begin raise exception 'the audit row could not be written'; end $$`),
  );
  await db.execute(
    sql`create trigger fail_audit_insert before insert on audit_log for each row
      when (new.action = ${sql.raw(`'${action.replace(/'/g, "''")}'`)}) execute function fail_audit_insert()`,
  );
  onTestFinished(async () => {
    await db.execute(sql`drop trigger fail_audit_insert on audit_log`);
    await db.execute(sql`drop function fail_audit_insert()`);
  });
}
