import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { resourceDefinitions } from '../../../contract/definitions';
import { loadResourceServers, resourceServerExportOf } from '../../../server/modules';
import { serverBuild } from '../../../server/ops/server-build';

const modulesDir = join(__dirname, '../../../server/modules');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );

describe("the modules' ResourceServer exports", () => {
  const modules = readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const withResource = modules.filter((module) =>
    readdirSync(join(modulesDir, module)).includes('resource.ts'),
  );

  it('are each `<module>Server`, the only export of `server/modules/<module>/resource.ts`', async () => {
    expect(withResource.length).toBeGreaterThan(0);
    for (const module of withResource) {
      const exported = (await import(join(modulesDir, module, 'resource.ts'))) as Record<string, unknown>;
      expect(Object.keys(exported), module).toEqual([resourceServerExportOf(module)]);
    }
  });

  it("are found without a list: each module's, under the resource whose table its folder names", async () => {
    const servers = await loadResourceServers(resourceDefinitions);
    expect(Object.keys(servers).sort()).toEqual(
      resourceDefinitions
        .filter((definition) => withResource.includes(definition.table.replaceAll('_', '-')))
        .map((definition) => definition.name)
        .sort(),
    );
    for (const module of withResource) {
      const exported = (await import(join(modulesDir, module, 'resource.ts'))) as Record<string, unknown>;
      const name = resourceDefinitions.find((d) => d.table.replaceAll('_', '-') === module)!.name;
      expect(servers[name], module).toBe(exported[resourceServerExportOf(module)]);
    }
  });

  it("stop the server's start when a module's folder names no resource's table, saying what it must be", async () => {
    await expect(
      loadResourceServers(resourceDefinitions.filter((definition) => definition.name !== 'email-template')),
    ).rejects.toThrow(
      /^server\/modules\/email-templates\/resource\.ts serves no resource: its folder must be named as its resource's table with dashes/,
    );
  });

  it('are each bundled by the production build, which names them for the bundle', async () => {
    expect(JSON.parse(serverBuild.define.RESOURCE_MODULES)).toEqual(withResource);
    const { metafile } = await build({
      ...serverBuild,
      entryPoints: { main: serverBuild.entryPoints.main },
      write: false,
      metafile: true,
      sourcemap: false,
    });
    for (const module of withResource)
      expect(Object.keys(metafile.inputs), module).toContain(`server/modules/${module}/resource.ts`);
  });

  it('are declared nowhere else in the modules', () => {
    // A module's own engine over a definition outside the registry (the products' review) keeps
    // its server beside the engine it builds.
    const declaring = sourceFiles(modulesDir).filter((file) => {
      const source = readFileSync(file, 'utf8');
      return (
        !file.endsWith('/resource.ts') &&
        /:\s*ResourceServer\b/.test(source) &&
        !/new ResourceEngine\(/.test(source)
      );
    });
    expect(declaring).toEqual([]);
  });
});
