import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../scale-out/servers';
import { runScript } from './processes';

const dataDir = mkdtempSync(path.join(tmpdir(), 'spirit-lock-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('one process per embedded database', () => {
  it('refuses a second process on the same DATA_DIR, naming the owner, and takes over after a crash', async () => {
    const server = await startServer('', { DATA_DIR: dataDir });
    try {
      const second = await runScript('server/ops/migrate-cli.ts', { DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(second.code).toBe(1);
      expect(second.stderr.trim().split('\n')).toEqual([
        expect.stringContaining(`in use by process ${server.child.pid}`),
      ]);

      const third = await startServer('', { DATA_DIR: dataDir }).then(
        (s) => s.stop().then(() => 'started'),
        (error: Error) => error.message,
      );
      expect(third).toContain(`in use by process ${server.child.pid}`);
    } finally {
      server.kill('SIGKILL');
      await server.exited;
    }
    // The owner died without letting go: the lock must not outlive it.
    const afterCrash = await runScript('server/ops/migrate-cli.ts', { DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(afterCrash.stderr).toBe('');
    expect(afterCrash.code).toBe(0);
  }, 180_000);
});
