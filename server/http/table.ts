import { and, asc, count, desc, ilike, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { tableQuerySchema } from '../../src/contract/common';
import type { Db } from '../db/client';

export type ParsedTableQuery = z.output<typeof tableQuerySchema>;

export interface TableSpec {
  table: PgTable;
  /** The lower-cased generated search column, indexed by trigrams. */
  searchColumn: PgColumn;
  /** Columns the client may sort by, by the field name it uses. */
  sortable: Record<string, PgColumn>;
  defaultSort: { column: PgColumn; order: 'ASC' | 'DESC' };
  /** A unique column ordering rows the sort leaves tied, so paging never repeats or skips a row. */
  tieBreaker?: PgColumn;
  /** Rows outside this condition never appear (organization scope, for example). */
  scope?: SQL;
}

/** `%` and `_` in a search term are literal characters, not wildcards. */
export const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The spec's table query in the database: search, sort and paging all happen in SQL, and
 * the answer is `{ data, totalFilteredRecords }`.
 */
export async function tablePage<Row>(
  db: Db,
  spec: TableSpec,
  query: ParsedTableQuery,
  select: Record<string, PgColumn | SQL.Aliased>,
): Promise<{ data: Row[]; totalFilteredRecords: number }> {
  const where = and(
    spec.scope,
    query.allSearch ? ilike(spec.searchColumn, likePattern(query.allSearch)) : undefined,
  );
  const sortColumn = (query.sortField && spec.sortable[query.sortField]) || spec.defaultSort.column;
  const order =
    query.sortField && spec.sortable[query.sortField] ? (query.sortOrder ?? 'ASC') : spec.defaultSort.order;
  const [rows, [total]] = await Promise.all([
    db
      .select(select)
      .from(spec.table)
      .where(where)
      .orderBy(
        ...[sortColumn, spec.tieBreaker]
          .filter((column): column is PgColumn => column !== undefined)
          .map((column) => (order === 'DESC' ? desc(column) : asc(column))),
      )
      .limit(query.take)
      .offset(query.skip),
    db.select({ n: count() }).from(spec.table).where(where),
  ]);
  return { data: rows as Row[], totalFilteredRecords: total.n };
}
