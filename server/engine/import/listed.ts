import { inArray } from 'drizzle-orm';
import {
  type ImportListedRow,
  importLimits,
  type ImportOutcome,
  importOutcomes,
} from '../../../contract/import';
import { definitionOf } from '../../../contract/definitions';
import type { AnyResource } from '../../../contract/resource';
import type { Db } from '../../db/client';
import { columnsOf, tableOf } from '../tables';

/**
 * The rows a preview lists, at most `importLimits.listedRows` of each outcome: a person pages
 * through them, and a 50,000-row file must not make a 50,000-row answer.
 */
export class ListedRows {
  private readonly rows: ImportListedRow[] = [];
  private readonly counts = new Map<ImportOutcome, number>(importOutcomes.map((outcome) => [outcome, 0]));

  add(outcome: ImportOutcome, row: number, title: unknown, changes: ImportListedRow['changes'] = []) {
    const counted = this.counts.get(outcome)!;
    this.counts.set(outcome, counted + 1);
    if (counted < importLimits.listedRows)
      this.rows.push({ row, outcome, title: String(title ?? ''), changes });
  }

  /**
   * In file order, a reference's ids as the labels its picker shows (an update moving a code to
   * another school reads "Lincoln High School -> Riverside Academy", not "1 -> 2").
   */
  async inOrder(db: Db, definition: AnyResource) {
    for (const [name, f] of Object.entries(definition.fields)) {
      if (f.kind !== 'reference') continue;
      const changes = this.rows.flatMap((row) => row.changes.filter((change) => change.field === name));
      const ids = [
        ...new Set(changes.flatMap((change) => [change.before, change.after]).filter((id) => id != null)),
      ] as number[];
      if (ids.length === 0) continue;
      const target = definitionOf(f.to)!;
      const columns = columnsOf(tableOf(target));
      const labels = new Map<unknown, unknown>();
      for (let start = 0; start < ids.length; start += importLimits.listedRows) {
        const rows = await db
          .select({ id: columns.id, label: columns[f.show] })
          .from(tableOf(target))
          .where(inArray(columns.id, ids.slice(start, start + importLimits.listedRows)));
        for (const row of rows) labels.set(row.id, row.label);
      }
      for (const change of changes) {
        change.before = change.before == null ? null : (labels.get(change.before) ?? change.before);
        change.after = change.after == null ? null : (labels.get(change.after) ?? change.after);
      }
    }
    return this.rows.sort((a, b) => a.row - b.row);
  }
}
