import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalBlobStore } from '../../server/storage/local';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'spirit-crashed-uploads-'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

/** The pid of a process that has ended. */
function deadPid() {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

describe('uploads cut off by a crash', () => {
  it('are removed at once, however recent, when the process writing them is gone; live ones stay', async () => {
    const dir = path.join(root, 'design-logos');
    await mkdir(dir, { recursive: true });
    const store = new LocalBlobStore(root);
    const { key } = await store.put(Buffer.from('kept'), { prefix: 'notes', contentType: 'text/plain' });
    // Named the way `put` names them: the writer's pid before `.partial`.
    const crashed = `00000000-0000-4000-8000-000000000001.${crypto.randomUUID()}.p${deadPid()}.partial`;
    const live = `00000000-0000-4000-8000-000000000002.${crypto.randomUUID()}.p${process.ppid}.partial`;
    await writeFile(path.join(dir, crashed), 'half a logo');
    await writeFile(path.join(dir, live), 'arriving');

    await store.removeAbandonedUploads();

    const left = (await readdir(root, { recursive: true })).map(String);
    expect(left).not.toContain(path.join('design-logos', crashed));
    expect(left).toContain(path.join('design-logos', live));
    expect(left).toContain(key.split('/').join(path.sep));
  });

  it('names the partial file of an upload in progress after its writer', async () => {
    const store = new LocalBlobStore(root);
    const { Readable } = await import('node:stream');
    const body = new Readable({ read() {} });
    body.push('first half');
    const storing = store.put(body, { prefix: 'notes', contentType: 'text/plain' });
    let partial: string[] = [];
    const started = Date.now();
    while (partial.length === 0 && Date.now() - started < 10_000) {
      partial = (await readdir(root, { recursive: true }))
        .map(String)
        .filter((name) => name.endsWith('.partial'));
      if (partial.length === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(partial).toEqual([expect.stringMatching(new RegExp(`\\.p${process.pid}\\.partial$`))]);
    body.push(null);
    await storing;
  });
});
