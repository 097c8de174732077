import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { organizations } from '../../server/db/schema';
import { LocalBlobStore } from '../../server/storage/local';
import { runScript } from './processes';

const root = mkdtempSync(path.join(tmpdir(), 'spirit-backup-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const dataDir = path.join(root, 'data');
const archive = path.join(root, 'spirit.tar.gz');
const env = { DATA_DIR: dataDir, DATABASE_URL: '' };

/** Opens the embedded database in this process (holding its lock), does `work`, closes it. */
async function withDatabase<T>(work: (database: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>) {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

const organizationNames = () =>
  withDatabase(async ({ db }) => (await db.select().from(organizations)).map((row) => row.name).sort());

describe('backing up and restoring the embedded database and local files', () => {
  it('restores exactly what was backed up, and refuses while a server holds the database', async () => {
    const files = new LocalBlobStore(path.join(dataDir, 'files'));
    const kept = await withDatabase(async (database) => {
      await database.migrate();
      await database.db.insert(organizations).values({ name: 'Kept High School' });
      return files.put(Buffer.from('kept logo'), { prefix: 'design-logos', contentType: 'image/png' });
    });

    const backup = await runScript('server/ops/backup-cli.ts', env, ['backup', archive]);
    expect(backup.code, backup.stderr).toBe(0);
    expect(statSync(archive).mode & 0o077).toBe(0);

    const lost = await withDatabase(async (database) => {
      await database.db.insert(organizations).values({ name: 'Lost Academy' });
      // While this process holds the database, neither command may touch it.
      const refused = await runScript('server/ops/backup-cli.ts', env, ['restore', archive]);
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim().split('\n')).toEqual([
        expect.stringContaining(`in use by process ${process.pid}`),
      ]);
      return files.put(Buffer.from('lost logo'), { prefix: 'design-logos', contentType: 'image/png' });
    });
    expect(await organizationNames()).toEqual(['Kept High School', 'Lost Academy']);

    const restore = await runScript('server/ops/backup-cli.ts', env, ['restore', archive]);
    expect(restore.code, restore.stderr).toBe(0);

    expect(await organizationNames()).toEqual(['Kept High School']);
    expect(await files.exists(kept.key)).toBe(true);
    expect(await files.exists(lost.key)).toBe(false);
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  }, 180_000);
});
