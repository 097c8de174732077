import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { textFonts } from '../../contract/text';
import { serverBuild } from '../../server/ops/server-build';

/**
 * Production installs with `npm ci --omit=dev` and runs the built server: a package it imports
 * that sits only in devDependencies is missing there (and nowhere else would say so before a
 * request reaches that import), and a front-end or build-only package in dependencies makes
 * every production install hundreds of megabytes larger.
 */
const project = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

async function packagesTheBuiltServerImports() {
  const result = await build({ ...serverBuild, write: false, metafile: true, sourcemap: false });
  const builtins = new Set(builtinModules);
  const imported = new Set<string>();
  for (const input of Object.values(result.metafile.inputs)) {
    for (const { path, external } of input.imports) {
      // esbuild also lists a define and the folder of a glob import among them: neither is a package.
      if (!external || path.startsWith('node:') || builtins.has(path) || !/^[@\w]/.test(path)) continue;
      imported.add(packageOf(path));
    }
  }
  return [...imported].sort();
}

describe('production dependencies', () => {
  it('are exactly the packages the built server and its tools import', async () => {
    const imported = await packagesTheBuiltServerImports();
    expect(imported.length).toBeGreaterThan(10);
    // The print render reads the bundled fonts' files at run time rather than importing them.
    imported.push(...Object.values(textFonts).map((font) => packageOf(font.file)));
    expect(imported.filter((name) => !(name in project.dependencies))).toEqual([]);
    expect(Object.keys(project.dependencies).filter((name) => !imported.includes(name))).toEqual([]);
  }, 60_000);
});
