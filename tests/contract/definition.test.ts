import { describe, expect, it } from 'vitest';
import {
  accessFor,
  allows,
  defineResource,
  field,
  type ResourceAction,
  type ResourceDefinition,
} from '../../contract/definition';
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
