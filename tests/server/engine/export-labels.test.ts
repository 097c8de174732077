import { describe, expect, it } from 'vitest';
import { defineResource, field } from '../../../contract/resource';
import { roles } from '../../../contract/roles';
import { referenceLabels } from '../../../server/engine/export-labels';

describe('reference labels in an export', () => {
  it('refuses at start a reference whose shown field is no column', () => {
    const notes = defineResource({
      name: 'notes',
      table: 'notes',
      label: { one: 'Note', many: 'Notes' },
      titleField: 'authorId',
      access: { export: [roles.admin] },
      fields: { authorId: field.reference({ label: 'Author', to: 'users', show: 'fullName' }) },
    });
    expect(() => referenceLabels(notes, ['authorId'])).toThrow(
      "Resource 'notes': 'authorId' shows 'users.fullName', which is no column",
    );
  });
});
