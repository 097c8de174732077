import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIsStale, buildOutputs } from '../../../server/ops/build-if-stale';

let root: string;

/** Writes a file of the tree with the given modification time (seconds since the epoch). */
function file(relative: string, time: number) {
  const full = path.join(root, relative);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, relative);
  utimesSync(full, time, time);
}

const setTime = (relative: string, time: number) => utimesSync(path.join(root, relative), time, time);

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'spirit-stale-'));
  file('src/pages/Page.tsx', 1000);
  file('server/main.ts', 1000);
  for (const source of ['index.html', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json'])
    file(source, 1000);
  for (const directory of ['src/pages', 'src', 'server']) setTime(directory, 1000);
  for (const output of buildOutputs) file(output, 2000);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('npm start builds only when the build is stale', () => {
  it('is fresh when both builds are newer than every source', () => {
    expect(buildIsStale(root)).toBe(false);
  });

  it.each(['src/pages/Page.tsx', 'server/main.ts', 'index.html', 'vite.config.ts', 'package-lock.json'])(
    'is stale when %s changed after the build',
    (source) => {
      setTime(source, 3000);
      expect(buildIsStale(root)).toBe(true);
    },
  );

  it('is stale when a source file was removed after the build', () => {
    rmSync(path.join(root, 'src/pages/Page.tsx'));
    expect(buildIsStale(root)).toBe(true);
  });

  it('is stale when only the app was rebuilt since a source changed', () => {
    setTime('server/main.ts', 3000);
    setTime('dist/index.html', 4000);
    expect(buildIsStale(root)).toBe(true);
  });

  it.each(buildOutputs)('is stale when %s is missing', (output) => {
    rmSync(path.join(root, output));
    expect(buildIsStale(root)).toBe(true);
  });
});
