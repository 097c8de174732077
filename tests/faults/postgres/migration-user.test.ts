import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { Client, type ServerProcess, startServer } from '../../scale-out/servers';
import { workerDatabaseUrl } from '../../server/helpers';
import { runScript } from '../processes';

const suffix = `${Date.now()}`;
const role = `spirit_app_${suffix}`;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  const admin = new pg.Client({ connectionString: inject('postgresUrl') });
  await admin.connect();
  await admin.query(`drop database if exists "spirit_test_migration_user_${suffix}" with (force)`);
  await admin.query(`drop role if exists ${role}`);
  await admin.end();
});

/**
 * The documented split: an owner runs migrations, the application's user may only connect and
 * read and write rows, and the owner's default privileges extend that to tables it creates later.
 */
async function restrictedUser(ownerUrl: string) {
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  const database = new URL(ownerUrl).pathname.slice(1);
  try {
    await owner.query(`create role ${role} login password 'app-secret'`);
    await owner.query(`revoke create, temporary on database "${database}" from public`);
    await owner.query('revoke create on schema public from public');
    await owner.query(`grant connect on database "${database}" to ${role}`);
    await owner.query(`grant usage on schema public to ${role}`);
    await owner.query(
      `alter default privileges in schema public grant select, insert, update, delete on tables to ${role}`,
    );
    await owner.query(
      `alter default privileges in schema public grant usage, select on sequences to ${role}`,
    );
  } finally {
    await owner.end();
  }
  const url = new URL(ownerUrl);
  url.username = role;
  url.password = 'app-secret';
  return url.toString();
}

describe('a database user that may not create tables', () => {
  it('cannot migrate, and serves once MIGRATION_DATABASE_URL migrates as the owner', async () => {
    const ownerUrl = await workerDatabaseUrl(inject('postgresUrl'), `migration_user_${suffix}`);
    const appUrl = await restrictedUser(ownerUrl);

    const refused = await runScript('server/ops/migrate-cli.ts', { DATABASE_URL: appUrl });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/permission denied/);

    const migrated = await runScript('server/ops/migrate-cli.ts', {
      DATABASE_URL: appUrl,
      MIGRATION_DATABASE_URL: ownerUrl,
    });
    expect(migrated.stdout).toContain('Migrations applied');

    server = await startServer(appUrl, { MIGRATION_DATABASE_URL: ownerUrl });
    const client = new Client();
    expect((await client.signIn(server)).status).toBe(200);
    const created = await client.call(server, 'POST', '/api/organizations', { name: 'Lincoln High School' });
    expect(created.status).toBe(200);
  }, 120_000);
});
