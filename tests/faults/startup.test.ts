import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer } from '../scale-out/servers';
import { runScript } from './processes';

const root = mkdtempSync(path.join(tmpdir(), 'spirit-startup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
// A stand-in for the built app, which the server checks for first.
writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Spirit Portal</title>');

describe('start-up failures', () => {
  it('refuses a port in use with one line, before touching the database', async () => {
    const port = await freePort();
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      const dataDir = path.join(root, 'port');
      const result = await runScript('server/main.ts', {
        DATA_DIR: dataDir,
        STATIC_DIR: root,
        DATABASE_URL: '',
        PORT: String(port),
        HOST: '127.0.0.1',
      });
      expect(result.code).toBe(1);
      expect(result.stderr.trim().split('\n')).toEqual([
        expect.stringContaining(`PORT: 127.0.0.1:${port} is already in use`),
      ]);
      expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    } finally {
      taken.close();
    }
  }, 60_000);

  it('waits for a PostgreSQL that is not up, saying so, and gives up after DATABASE_STARTUP_TIMEOUT_SECONDS', async () => {
    const closedPort = await freePort();
    const started = Date.now();
    const result = await runScript('server/main.ts', {
      DATA_DIR: path.join(root, 'wait'),
      STATIC_DIR: root,
      DATABASE_URL: `postgres://spirit:secret@127.0.0.1:${closedPort}/spirit`,
      DATABASE_STARTUP_TIMEOUT_SECONDS: '3',
      PORT: String(await freePort()),
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`waiting for PostgreSQL at 127.0.0.1:${closedPort} (ECONNREFUSED)`);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringContaining('DATABASE_STARTUP_TIMEOUT_SECONDS'),
    ]);
    expect(result.stderr).not.toContain('secret');
  }, 60_000);

  it('says in one line that the app is not built', async () => {
    const result = await runScript('server/main.ts', {
      DATA_DIR: path.join(root, 'unbuilt'),
      STATIC_DIR: path.join(root, 'no-app-here'),
      DATABASE_URL: '',
      PORT: String(await freePort()),
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringContaining('STATIC_DIR')]);
  }, 120_000);

  it.each([
    [{ PORT: '' }, 'PORT must be a port number'],
    [{ SHOPIFY_SHOP_URL: 'https://shop.myshopify.com' }, 'SHOPIFY_ACCESS_TOKEN'],
  ])(
    'refuses %j in one line, without a stack',
    async (env, expected) => {
      const result = await runScript('server/main.ts', {
        DATA_DIR: path.join(root, 'settings'),
        STATIC_DIR: root,
        DATABASE_URL: '',
        ...env,
      });
      expect(result.code).toBe(1);
      expect(result.stderr.trim().split('\n')).toEqual([expect.stringContaining(expected)]);
      expect(existsSync(path.join(root, 'settings', 'pglite'))).toBe(false);
    },
    60_000,
  );

  it('says at start, naming OIDC_ISSUER, that the sign-in provider is unreachable, and serves anyway', async () => {
    const closedPort = await freePort();
    const server = await startServer('', {
      OIDC_ISSUER: `http://127.0.0.1:${closedPort}/realm`,
      OIDC_CLIENT_ID: 'spirit',
      OIDC_CLIENT_SECRET: 'a-client-secret',
    });
    try {
      await expect
        .poll(() => server.output(), { timeout: 30_000, interval: 100 })
        .toContain(`OIDC_ISSUER: the provider at http://127.0.0.1:${closedPort}/realm cannot be reached`);
      const line = server
        .output()
        .split('\n')
        .find((text) => text.includes('OIDC_ISSUER'));
      expect(JSON.parse(line ?? '{}')).toMatchObject({ level: 50 });
      expect(line).not.toContain('a-client-secret');
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('names the variable of a bad setting in one line, without a stack', async () => {
    const result = await runScript('server/main.ts', {
      DATA_DIR: path.join(root, 'bad'),
      DATABASE_URL: 'mysql://db/spirit',
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringContaining('DATABASE_URL must be a PostgreSQL URL'),
    ]);
  }, 60_000);
});
