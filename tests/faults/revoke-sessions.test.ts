import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, startServer } from '../scale-out/servers';
import { runScript } from './processes';

const dataDir = mkdtempSync(path.join(tmpdir(), 'spirit-revoke-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm run sessions:revoke', () => {
  it('signs everyone out', async () => {
    const client = new Client();
    let server = await startServer('', { DATA_DIR: dataDir });
    try {
      expect((await client.signIn(server)).status).toBe(200);
      expect((await client.call(server, 'GET', '/api/account/me')).status).toBe(200);
    } finally {
      await server.stop();
    }

    const revoked = await runScript('server/ops/revoke-sessions-cli.ts', {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
    });
    expect(revoked.stdout).toContain('Revoked 1 sessions.');

    server = await startServer('', { DATA_DIR: dataDir });
    try {
      expect((await client.call(server, 'GET', '/api/account/me')).status).toBe(401);
    } finally {
      await server.stop();
    }
  }, 180_000);
});
