import { describe, expect, it } from 'vitest';
import { defineResource, field } from '../../../contract/resource';
import { roles } from '../../../contract/roles';
import type { SessionUser } from '../../../server/auth/sessions';
import type { Db } from '../../../server/db/client';
import { referenceLabels } from '../../../server/engine/export-labels';

describe('reference labels in an export', () => {
  it('keeps the id where the exporting role may not read the referenced resource', async () => {
    const notes = defineResource({
      name: 'notes',
      table: 'notes',
      label: { one: 'Note', many: 'Notes' },
      titleField: 'text',
      access: { export: [roles.athleticDirector] },
      fields: {
        text: field.text({ label: 'Text', max: 100 }),
        authorId: field.reference({ label: 'Author', to: 'users', show: 'email' }),
      },
    });
    const director = { roles: [roles.athleticDirector], organizationId: 1 } as SessionUser;
    // Accounts are the Admin's to read: no lookup is made, so no database is needed.
    const noDatabase = new Proxy({}, { get: () => expect.unreachable('queried the database') }) as Db;
    const rows = [{ id: 1, text: 'Hello', authorId: 7 }];
    await referenceLabels(notes, ['text', 'authorId'])(noDatabase, director, rows);
    expect(rows).toEqual([{ id: 1, text: 'Hello', authorId: 7 }]);
  });

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
