import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * npm 11 runs no dependency's install script unless package.json's `allowScripts` approves it,
 * and ends every install with a warning naming each package it has no decision for. Each one is
 * decided there (why, in docs/decisions.md), so `npm ci` is quiet and a new one is noticed here.
 * An optional package without a decision is left out, silently (canvas, fabric's, on purpose).
 */
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { version?: string; hasInstallScript?: boolean; optional?: boolean }>;
};
const { allowScripts = {} } = JSON.parse(readFileSync('package.json', 'utf8')) as {
  allowScripts?: Record<string, boolean>;
};

const withScripts = Object.entries(lock.packages)
  .filter(([path, entry]) => path !== '' && entry.hasInstallScript && !entry.optional)
  .map(([path, entry]) => ({
    name: path.slice(path.lastIndexOf('node_modules/') + 13),
    version: entry.version,
  }));
const decided = (name: string, version?: string) =>
  name in allowScripts || `${name}@${version}` in allowScripts;
const nameOf = (key: string) => key.slice(0, key.indexOf('@', 1) > 0 ? key.indexOf('@', 1) : undefined);

describe('dependencies with install scripts', () => {
  it('has a decision in allowScripts for each', () => {
    expect(withScripts.filter(({ name, version }) => !decided(name, version))).toEqual([]);
  });

  it('has no decision for a package that is gone or has no install script', () => {
    const names = new Set(withScripts.map(({ name }) => name));
    expect(Object.keys(allowScripts).filter((key) => !names.has(nameOf(key)))).toEqual([]);
  });
});
