import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * The layers of `server/`, lowest first (docs/decisions.md, "Server layers"): a file imports only
 * from its own layer or from one below it. A folder is one layer; the files at `server/`'s root
 * are placed one by one. Layers that share a rank do not depend on each other in either
 * direction (madge's `--circular` in `npm run lint` keeps them from forming a loop).
 */
const layers: readonly (readonly string[])[] = [
  ['config.ts', 'errors.ts', 'connection-errors.ts', 'private-files.ts', 'fair-queue.ts', 'worker-pool.ts'],
  ['db', 'audit.ts'],
  ['auth'],
  ['storage'],
  ['http'],
  ['jobs'],
  ['mail'],
  ['engine'],
  ['modules'],
  ['health', 'ops', 'seed', 'static.ts'],
  ['app.ts'],
  ['main.ts'],
];

const rankOf = new Map(layers.flatMap((names, rank) => names.map((name) => [name, rank] as const)));

/** A server file's layer: its folder under `server/`, or the file itself at the root. */
const layerOf = (file: string) => file.split('/')[0];

function importGraph(): Record<string, string[]> {
  const output = execFileSync(
    'node_modules/.bin/madge',
    ['--json', '--extensions', 'ts', '--ts-config', 'tsconfig.json', 'server'],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(output) as Record<string, string[]>;
}

describe('the layers of server/', () => {
  // madge lists the files outside server/ that server/ imports too: contract/ and the app's pure
  // helpers, below every layer.
  const graph = Object.entries(importGraph()).filter(([file]) => !file.startsWith('../'));

  it('places every file of server/ in a layer', () => {
    const unplaced = [...new Set(graph.map(([file]) => layerOf(file)))].filter((layer) => !rankOf.has(layer));
    expect(unplaced, 'add these to `layers` in tests/package/server-layers.test.ts').toEqual([]);
  });

  it('has no import from a lower layer to a higher one', () => {
    const upward = graph.flatMap(([file, imports]) =>
      imports
        .filter((target) => !target.startsWith('../'))
        .filter((target) => (rankOf.get(layerOf(target)) ?? 0) > (rankOf.get(layerOf(file)) ?? 0))
        .map((target) => `server/${file} imports server/${target}`),
    );
    expect(upward, 'an arrow back up: move what it needs down, or have the higher layer register it').toEqual(
      [],
    );
  });
});
