import { describe, expect, it } from 'vitest';
import { definitionOf, resourceDefinitions } from '../../contract/definitions';

const modules = import.meta.glob<Record<string, unknown>>('../../contract/definitions/*.ts', { eager: true });

const isDefinition = (value: unknown): value is { name: string } =>
  typeof value === 'object' && value !== null && 'name' in value && 'fields' in value && 'access' in value;

describe('the resource registry', () => {
  it('is the only list named resourceDefinitions and the only definitionOf', () => {
    const owners = Object.entries(modules)
      .filter(([, exports]) => 'resourceDefinitions' in exports || 'definitionOf' in exports)
      .map(([path]) => path);
    expect(owners).toEqual(['../../contract/definitions/index.ts']);
  });

  it('gives a definition imported by its name the same object, schemas included, as the registry', () => {
    const named = Object.entries(modules).flatMap(([path, exports]) =>
      Object.entries(exports)
        .filter(([exportName, value]) => isDefinition(value) && !exportName.endsWith('WithoutSchemas'))
        .map(([exportName, value]) => ({ at: `${path} ${exportName}`, value: value as { name: string } })),
    );
    expect(named.length).toBeGreaterThanOrEqual(resourceDefinitions.length);
    for (const { at, value } of named) expect(value, at).toBe(definitionOf(value.name));
  });
});
