import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../scale-out/servers';
import { startPostgres } from '../../server/global-setup-postgres';
import { workerDatabaseUrl } from '../../server/helpers';
import { runScript } from '../processes';

const root = mkdtempSync(path.join(tmpdir(), 'spirit-startup-pg-'));
writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Spirit Portal</title>');
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Forwards a local port to PostgreSQL once opened: before that, connections are refused. */
async function forwarder(port: number, target: URL) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return () => {
    for (const socket of sockets) socket.destroy();
    server.close();
  };
}

const suffix = `${Date.now()}`;

async function asSuperuser<T>(work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: inject('postgresUrl') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The test server trusts every local connection; for one role of its own this test has it
 * check passwords, as a real server does, by a pg_hba.conf line ahead of the others.
 */
async function requirePasswordFor(role: string) {
  const hbaFile = await asSuperuser(
    async (client) => (await client.query('show hba_file')).rows[0].hba_file as string,
  );
  const original = readFileSync(hbaFile, 'utf8');
  writeFileSync(hbaFile, `host all ${role} 127.0.0.1/32 scram-sha-256\n${original}`);
  await asSuperuser((client) => client.query('select pg_reload_conf()'));
  return async () => {
    writeFileSync(hbaFile, original);
    await asSuperuser((client) => client.query('select pg_reload_conf()'));
  };
}

/** The SQLSTATE PostgreSQL answers `url` with, or 'connected'. */
async function connectionOutcome(url: string) {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return 'connected';
  } catch (error) {
    return (error as { code?: string }).code;
  } finally {
    await client.end().catch(() => {});
  }
}

describe('start-up against PostgreSQL', () => {
  it('starts once PostgreSQL comes up after it', async () => {
    const direct = new URL(await workerDatabaseUrl(inject('postgresUrl'), `startup_${Date.now()}`));
    const linkPort = await freePort();
    const viaLink = new URL(direct);
    viaLink.port = String(linkPort);
    const port = await freePort();
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        DATA_DIR: root,
        STATIC_DIR: root,
        DATABASE_URL: viaLink.toString(),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    let closeLink: (() => void) | undefined;
    try {
      await expect.poll(() => output, { timeout: 30_000, interval: 100 }).toContain('waiting for PostgreSQL');
      expect(child.exitCode).toBeNull();
      closeLink = await forwarder(linkPort, direct);
      await expect
        .poll(
          () =>
            fetch(`http://127.0.0.1:${port}/readyz`).then(
              (response) => response.status,
              () => 0,
            ),
          { timeout: 90_000, interval: 200 },
        )
        .toBe(200);
    } finally {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      closeLink?.();
    }
  }, 150_000);

  it('stops at once with one line when the database does not exist', async () => {
    const missing = new URL(inject('postgresUrl'));
    missing.pathname = '/no_such_database';
    const result = await runScript('server/main.ts', {
      DATA_DIR: root,
      STATIC_DIR: root,
      DATABASE_URL: missing.toString(),
      PORT: String(await freePort()),
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringContaining('database "no_such_database" does not exist'),
    ]);
  }, 60_000);

  it('stops at once with one line naming DATABASE_URL when the password is wrong', async () => {
    const role = `spirit_password_${suffix}`;
    await asSuperuser((client) => client.query(`create role ${role} login password 'right-password'`));
    const restore = await requirePasswordFor(role);
    try {
      const wrong = new URL(inject('postgresUrl'));
      wrong.username = role;
      wrong.password = 'wrong-password';
      // pg_reload_conf only signals the server: wait until it checks this role's password.
      await expect.poll(() => connectionOutcome(wrong.toString()), { timeout: 10_000 }).toBe('28P01');
      const result = await runScript('server/main.ts', {
        DATA_DIR: root,
        STATIC_DIR: root,
        DATABASE_URL: wrong.toString(),
        PORT: String(await freePort()),
      });
      expect(result.code).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toEqual([
        expect.stringContaining(`DATABASE_URL: PostgreSQL at 127.0.0.1:${wrong.port} refused user "${role}"`),
      ]);
      expect(lines[0]).toContain('fix the user or password in DATABASE_URL');
      expect(result.stderr).not.toContain('wrong-password');
    } finally {
      await restore();
      await asSuperuser((client) => client.query(`drop role if exists ${role}`));
    }
  }, 60_000);

  it('stops at once with one line when PostgreSQL lacks the pg_trgm extension', async () => {
    const bare = await startPostgres({ withoutExtensions: ['pg_trgm'] });
    try {
      const result = await runScript('server/main.ts', {
        DATA_DIR: root,
        STATIC_DIR: root,
        DATABASE_URL: bare.url,
        PORT: String(await freePort()),
      });
      expect(result.code).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toEqual([expect.stringContaining('DATABASE_URL: PostgreSQL at 127.0.0.1:')]);
      expect(lines[0]).toContain('lacks the pg_trgm extension');
      expect(lines[0]).toContain('postgresql-contrib');
    } finally {
      bare.stop();
    }
  }, 120_000);

  it('stops with one line saying what to grant when the user may not create pg_trgm and the tables', async () => {
    const role = `spirit_unprivileged_${suffix}`;
    const database = `spirit_test_unprivileged_${suffix}`;
    await asSuperuser(async (client) => {
      await client.query(`create database "${database}"`);
      await client.query(`create role ${role} login`);
    });
    try {
      const url = new URL(inject('postgresUrl'));
      url.username = role;
      url.pathname = `/${database}`;
      const result = await runScript('server/main.ts', {
        DATA_DIR: root,
        STATIC_DIR: root,
        DATABASE_URL: url.toString(),
        PORT: String(await freePort()),
      });
      expect(result.code).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toEqual([expect.stringContaining(`DATABASE_URL: user "${role}" may not create`)]);
      expect(lines[0]).toContain(`GRANT CREATE ON DATABASE "${database}" TO "${role}"`);
      expect(lines[0]).toContain('MIGRATION_DATABASE_URL');
    } finally {
      await asSuperuser(async (client) => {
        await client.query(`drop database if exists "${database}" with (force)`);
        await client.query(`drop role if exists ${role}`);
      });
    }
  }, 60_000);
});
