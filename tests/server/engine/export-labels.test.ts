import { describe, expect, it } from 'vitest';
import { defineResource, field } from '../../../contract/resource';
import { roles } from '../../../contract/roles';
import { exportLabels } from '../../../server/engine/export-labels';

describe('labels in an export', () => {
  it('writes a choice by its label, not its code (issue 47)', async () => {
    const tasks = defineResource({
      name: 'tasks',
      table: 'tasks',
      label: { one: 'Task', many: 'Tasks' },
      titleField: 'state',
      access: { export: [roles.admin] },
      fields: {
        state: field.choice({
          label: 'State',
          choices: [
            { value: 'inReview', label: 'In review' },
            { value: 'done', label: 'Done' },
          ],
        }),
      },
    });
    const rows = [{ state: 'inReview' }, { state: 'done' }, { state: null }];
    await exportLabels(tasks, ['state'])(undefined as never, undefined as never, rows);
    expect(rows.map((row) => row.state)).toEqual(['In review', 'Done', null]);
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
    expect(() => exportLabels(notes, ['authorId'])).toThrow(
      "Resource 'notes': 'authorId' shows 'users.fullName', which is no column",
    );
  });
});
