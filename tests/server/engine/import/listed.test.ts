import { describe, expect, it } from 'vitest';
import { promoCodes } from '../../../../contract/definitions/promo-codes';
import { importLimits } from '../../../../contract/import';
import type { Db } from '../../../../server/db/client';
import { ListedRows } from '../../../../server/engine/import/listed';

describe("the preview's listed rows", () => {
  it('keeps at most `listedRows` of each outcome, in file order, whatever the file holds', async () => {
    const listed = new ListedRows();
    for (let row = 2; row < importLimits.listedRows + 12; row++) listed.add('create', row, `Code ${row}`);
    listed.add('failing', 1_500, '');
    listed.add('update', 1, 'First', [{ field: 'name', before: 'A', after: 'B' }]);
    // No reference changes: the database is not asked.
    const rows = await listed.inOrder(undefined as unknown as Db, promoCodes);
    expect(rows).toHaveLength(importLimits.listedRows + 2);
    expect(rows.filter((row) => row.outcome === 'create')).toHaveLength(importLimits.listedRows);
    expect(rows[0]).toEqual({
      row: 1,
      outcome: 'update',
      title: 'First',
      changes: [{ field: 'name', before: 'A', after: 'B' }],
    });
    expect(rows.at(-1)).toMatchObject({ row: 1_500, outcome: 'failing' });
  });
});
