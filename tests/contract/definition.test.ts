import { describe, expect, it } from 'vitest';
import { accessFor, allows, defineResource, field, type ResourceAction } from '../../contract/definition';
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
