import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../scale-out/servers';
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
});
