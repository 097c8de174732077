import { describe, expect, it } from 'vitest';
import {
  accessFor,
  allows,
  defineResource,
  exportColumnsOf,
  field,
  listColumnsOf,
  type ResourceAction,
  type ResourceDefinition,
} from '../../contract/definition';
import type { z } from 'zod';
import { resourceDefinitions } from '../../contract/definitions';
import { createSchemaOf, updateSchemaOf } from '../../contract/resource';
import { roles } from '../../contract/roles';

describe('accessFor', () => {
  const kept = defineResource({
    name: 'kept',
    table: 'kept',
    label: { one: 'Kept', many: 'Kept' },
    titleField: 'name',
    access: accessFor([roles.admin, roles.athleticDirector]),
    fields: { name: field.text({ label: 'Name', max: 10 }) },
  });
  const everyAction: ResourceAction[] = [
    'list',
    'read',
    'create',
    'update',
    'delete',
    'bulkDelete',
    'export',
  ];

  it('gives the roles every action but delete, and deleting to Admins only', () => {
    const directorMay = everyAction.filter((action) => allows(kept, action, [roles.athleticDirector]));
    expect(directorMay).toEqual(['list', 'read', 'create', 'update', 'export']);
    expect(everyAction.every((action) => allows(kept, action, [roles.admin]))).toBe(true);
    expect(everyAction.some((action) => allows(kept, action, []))).toBe(false);
  });
});

describe('a menu entry', () => {
  it('names an icon the sidebar bundles, else the definition does not type-check', () => {
    const menuOf = (definition: Pick<ResourceDefinition, 'menu'>) => definition.menu;
    expect(menuOf({ menu: { icon: 'Groups', order: 80 } })?.icon).toBe('Groups');
    // @ts-expect-error 'Teams' is no icon of the sidebar's map: no silent fallback to a generic one.
    expect(menuOf({ menu: { icon: 'Teams', order: 80 } })?.icon).toBe('Teams');
  });
});

/**
 * A switch's column is never null (server/db/resource-table.ts): an Admin's create of an
 * organization with `reviewTextChanges: null` reached it and answered 500 (found by the HTTP
 * contract's fuzz). Every boolean of every registered definition reads null as off.
 */
describe('a boolean field sent as null', () => {
  // Accounts' bodies are the users module's own (their switches are actions), not the fields'.
  const booleans = resourceDefinitions.flatMap((definition) =>
    Object.entries(definition.fields)
      .filter(([, f]) => f.kind === 'boolean' && !f.required && f.default === undefined)
      .filter(([name]) => name in ((createSchemaOf(definition) as Partial<z.ZodObject>).shape ?? {}))
      .map(([name]) => ({ field: `${definition.name}.${name}`, definition, name })),
  );

  it('exists in the registry, so the check below checks something', () => {
    expect(booleans.map(({ field }) => field)).toContain('organizations.reviewTextChanges');
  });

  it.each(booleans)('$field is off, on create and on update', ({ definition, name }) => {
    for (const schema of [createSchemaOf(definition), updateSchemaOf(definition)]) {
      const parsed = (schema as z.ZodObject).shape[name].safeParse(null);
      expect(parsed).toEqual({ success: true, data: false });
    }
  });
});

describe('exportColumnsOf', () => {
  const notes = defineResource({
    name: 'notes',
    table: 'notes',
    label: { one: 'Note', many: 'Notes' },
    titleField: 'title',
    access: accessFor([roles.admin]),
    fields: {
      title: field.text({ label: 'Title', max: 10 }),
      internal: field.text({ label: 'Internal', max: 10, export: false }),
      body: field.longText({ label: 'Body', max: 10, list: false, export: true }),
      secret: field.text({ label: 'Secret', max: 10, list: false }),
      when: field.date({ label: 'When' }),
    },
  });

  it("is the list's columns but those kept out, then the fields only exported, in the definition's order", () => {
    expect(exportColumnsOf(notes)).toEqual(['title', 'when', 'body']);
  });

  it("follows the list's own column order", () => {
    expect(exportColumnsOf({ ...notes, list: { columns: ['when', 'internal', 'title'] } })).toEqual([
      'when',
      'title',
      'body',
    ]);
  });

  it('is every registered definition’s list columns where it says nothing of export', () => {
    for (const definition of resourceDefinitions.filter((d) =>
      Object.values(d.fields).every((f) => f.export === undefined),
    ))
      expect(exportColumnsOf(definition), definition.name).toEqual(listColumnsOf(definition));
  });
});
