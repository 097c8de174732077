import { and, inArray } from 'drizzle-orm';
import type { AnyResource } from '../../contract/resource';
import { definitionOf } from '../../contract/definitions';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/client';
import { referenceReach } from './scope';
import { columnsOf, tableOf } from './tables';
import type { Values } from './types';

/**
 * An export's columns as the list shows them: a choice by its label ('Active', not `active`;
 * the import reads labels back), a reference by the referenced row's label (a team's
 * organization by its name, `show` in the field), looked up once per batch of rows. A label is
 * read as the references call reads it (`referenceReach`: a director sees their school's staff
 * by name though the users' list is the Admin's); a row beyond that keeps its id.
 */
export function exportLabels(definition: AnyResource, columns: readonly string[]) {
  const choices = columns.flatMap((name) => {
    const f = definition.fields[name];
    return f.kind === 'choice' ? [{ name, labels: new Map(f.choices.map((c) => [c.value, c.label])) }] : [];
  });
  const lookups = columns.flatMap((name) => {
    const f = definition.fields[name];
    if (f.kind !== 'reference') return [];
    const target = definitionOf(f.to);
    if (!target)
      throw new Error(
        `Resource '${definition.name}': '${name}' refers to '${f.to}', which is not registered`,
      );
    const targetColumns = columnsOf(tableOf(target));
    const label = targetColumns[f.show];
    if (!label)
      throw new Error(
        `Resource '${definition.name}': '${name}' shows '${f.to}.${f.show}', which is no column`,
      );
    return [{ name, target, table: tableOf(target), columns: targetColumns, label }];
  });
  return async (db: Db, actor: SessionUser, rows: Values[]) => {
    for (const { name, labels } of choices)
      for (const row of rows) row[name] = labels.get(row[name] as string) ?? row[name];
    for (const lookup of lookups) {
      const ids = [...new Set(rows.map((row) => row[lookup.name]).filter((id) => typeof id === 'number'))];
      if (ids.length === 0) continue;
      const found = await db
        .select({ id: lookup.columns.id, label: lookup.label })
        .from(lookup.table)
        .where(and(inArray(lookup.columns.id, ids), referenceReach(lookup.target, lookup.columns, actor)));
      const labels = new Map(found.map((row) => [row.id, row.label]));
      for (const row of rows) {
        if (labels.has(row[lookup.name] as number)) row[lookup.name] = labels.get(row[lookup.name] as number);
      }
    }
  };
}
