import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AnyResource } from '../../contract/resource';
import * as schema from '../db/schema';
import { definedTables } from '../db/resource-table';

const schemaTables = new Map(
  Object.values(schema as Record<string, unknown>)
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => [getTableName(table) as string, table] as const),
);

/** A definition's Drizzle table, found by its `table` name among schema.ts's exports. */
export function tableOf(definition: AnyResource): PgTable {
  const table = schemaTables.get(definition.table) ?? definedTables.get(definition.table);
  if (!table) {
    throw new Error(
      `Resource '${definition.name}' names table '${definition.table}', which server/db/schema.ts does not export`,
    );
  }
  return table;
}

/** The table's columns by property name, which for a resource's fields is the field's name. */
export const columnsOf = (table: PgTable) => getTableColumns(table) as Record<string, PgColumn>;
