import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The project runs on the Node line its package.json names (20.19 and later). A dependency
 * declaring a newer Node (cookie 2 and content-disposition 3 need 22) installs with EBADENGINE
 * warnings and may break in odd ways, so package.json's overrides pick versions made for ours.
 */
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};
const project = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };

const versionOf = (text: string) => text.split('.').map((part) => Number.parseInt(part, 10) || 0);
const atLeast = (version: number[], minimum: number[]) => {
  for (let i = 0; i < 3; i++) {
    if ((version[i] ?? 0) !== (minimum[i] ?? 0)) return (version[i] ?? 0) > (minimum[i] ?? 0);
  }
  return true;
};

/** Whether every Node the project supports (from its lowest version on) meets a `>=` range. */
function supportsOurNode(range: string, ours: number[]) {
  return range.split('||').some((alternative) => {
    const minimums = [...alternative.matchAll(/>=\s*v?(\d+(?:\.\d+){0,2})/g)].map((match) =>
      versionOf(match[1]),
    );
    const caret = alternative.match(/\^\s*v?(\d+(?:\.\d+){0,2})/);
    if (caret) minimums.push(versionOf(caret[1]));
    return minimums.every((minimum) => atLeast(ours, minimum));
  });
}

describe('dependencies and the Node version', () => {
  it('installs nothing that needs a newer Node than the project supports', () => {
    const ours = versionOf(project.engines.node.replace(/^>=\s*/, ''));
    const tooNew = Object.entries(lock.packages)
      .filter(([, entry]) => typeof entry.engines === 'object' && !Array.isArray(entry.engines))
      .filter(([, entry]) => {
        const range = (entry.engines as { node?: string }).node;
        return range !== undefined && !supportsOurNode(range, ours);
      })
      .map(([name, entry]) => `${name}@${entry.version} (node ${(entry.engines as { node: string }).node})`);
    expect(tooNew).toEqual([]);
  });
});
