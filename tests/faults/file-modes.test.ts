import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalBlobStore } from '../../server/storage/local';
import { runScript } from './processes';

const root = mkdtempSync(path.join(tmpdir(), 'spirit-modes-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every path under `dir` (itself included) that the group or others may read, write or enter. */
function openToOthers(dir: string) {
  const entries = [dir, ...readdirSync(dir, { recursive: true }).map((name) => path.join(dir, String(name)))];
  return entries
    .map((file) => ({ file: path.relative(root, file), mode: statSync(file).mode & 0o777 }))
    .filter(({ mode }) => (mode & 0o077) !== 0)
    .map(({ file, mode }) => `${file} ${mode.toString(8)}`);
}

describe('files of the data directory are private to its owner', () => {
  it('creates the embedded database readable by the owner only, under the usual umask 022', async () => {
    const previous = process.umask(0o022);
    try {
      const dataDir = path.join(root, 'data');
      const result = await runScript('server/ops/migrate-cli.ts', { DATA_DIR: dataDir, DATABASE_URL: '' });
      expect(result.code, result.stderr).toBe(0);
      expect(readdirSync(path.join(dataDir, 'pglite')).length).toBeGreaterThan(0);
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      process.umask(previous);
    }
  }, 120_000);

  it('stores uploaded files and their folders readable by the owner only', async () => {
    const previous = process.umask(0o022);
    try {
      const files = path.join(root, 'files');
      const store = new LocalBlobStore(files);
      await store.put(Buffer.from('logo'), {
        prefix: 'design-logos',
        contentType: 'image/png',
        maxBytes: 100,
      });
      expect(openToOthers(files)).toEqual([]);
    } finally {
      process.umask(previous);
    }
  });
});
