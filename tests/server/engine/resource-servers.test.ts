import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resourceDefinitions } from '../../../contract/definitions';
import { resourceServers } from '../../../server/modules';

const modulesDir = join(__dirname, '../../../server/modules');

/** `email-templates` → `emailTemplatesServer`. */
const exportNameOf = (module: string) =>
  `${module.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())}Server`;

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
      expect(Object.keys(exported), module).toEqual([exportNameOf(module)]);
    }
  });

  it('are what the registry registers, and the registry registers nothing else', async () => {
    const exports = new Set<unknown>();
    for (const module of withResource) {
      const exported = (await import(join(modulesDir, module, 'resource.ts'))) as Record<string, unknown>;
      exports.add(exported[exportNameOf(module)]);
    }
    const registered = Object.values(resourceServers);
    for (const [name, server] of Object.entries(resourceServers)) {
      expect(exports.has(server), `resourceServers['${name}']`).toBe(true);
      expect(resourceDefinitions.map((definition) => definition.name)).toContain(name);
    }
    expect(registered.length).toBe(exports.size);
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
