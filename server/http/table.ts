import { and, asc, count, desc, getTableName, like, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { tableQuerySchema } from '../../contract/common';
import type { Db } from '../db/client';
import { tableCountsFor } from './table-counts';

export type ParsedTableQuery = z.output<typeof tableQuerySchema>;

export interface TableSpec {
  table: PgTable;
  /** The lower-cased generated search column, indexed by trigrams (or a lower-cased expression on a small table). */
  searchColumn: PgColumn | SQL;
  /**
   * Where a one- or two-character term is looked for. Trigram indexes need three characters,
   * so a shorter term matches the start of these lower-cased columns instead, each backed by a
   * `text_pattern_ops` btree index; without them a short term reads the whole table.
   */
  prefixColumns?: (PgColumn | SQL)[];
  /** Columns the client may sort by, by the field name it uses. */
  sortable: Record<string, PgColumn | SQL>;
  defaultSort: { column: PgColumn | SQL; order: 'ASC' | 'DESC' };
  /** A unique column ordering rows the sort leaves tied, so paging never repeats or skips a row. */
  tieBreaker?: PgColumn;
  /** Rows outside this condition never appear (organization scope, for example). */
  scope?: SQL;
}

const escapeLike = (term: string) => term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%` and `_` in a search term are literal characters, not wildcards. */
export const likePattern = (term: string) => `%${escapeLike(term)}%`;

/** Shorter terms than this cannot use a trigram index. */
const trigramTermLength = 3;

/** The search part of a table query: a substring anywhere, or for a short term a prefix. */
export function searchCondition(spec: Pick<TableSpec, 'searchColumn' | 'prefixColumns'>, term?: string) {
  if (!term) return undefined;
  // The columns are lower-cased by PostgreSQL, so the pattern is lower-cased the same way and a
  // plain LIKE does: ILIKE's case folding of every candidate row made a search 2.6 times slower.
  if (term.length < trigramTermLength && spec.prefixColumns?.length) {
    const prefix = sql`lower(${`${escapeLike(term)}%`})`;
    return or(...spec.prefixColumns.map((column) => like(column, prefix)));
  }
  return like(spec.searchColumn, sql`lower(${likePattern(term)})`);
}

/** The two statements of a table query: the requested page, and the count of every match. */
export function tableQueries(
  db: Db,
  spec: TableSpec,
  query: ParsedTableQuery,
  select: Record<string, PgColumn | SQL.Aliased>,
) {
  const where = and(spec.scope, searchCondition(spec, query.allSearch));
  const sortColumn = (query.sortField && spec.sortable[query.sortField]) || spec.defaultSort.column;
  const order =
    query.sortField && spec.sortable[query.sortField] ? (query.sortOrder ?? 'ASC') : spec.defaultSort.order;
  const page = db
    .select(select)
    .from(spec.table)
    .where(where)
    .orderBy(
      ...[sortColumn, spec.tieBreaker]
        .filter((column): column is PgColumn | SQL => column !== undefined)
        .map((column) => (order === 'DESC' ? desc(column) : asc(column))),
    )
    .limit(query.take)
    .offset(query.skip);
  return { page, count: db.select({ n: count() }).from(spec.table).where(where) };
}

/**
 * The spec's table query in the database: search, sort and paging all happen in SQL, and
 * the answer is `{ data, totalFilteredRecords }`. The count may come from the app's
 * `TableCounts`, which keeps it exact by forgetting it whenever the table changes.
 */
export async function tablePage<Row>(
  db: Db,
  spec: TableSpec,
  query: ParsedTableQuery,
  select: Record<string, PgColumn | SQL.Aliased>,
): Promise<{ data: Row[]; totalFilteredRecords: number }> {
  const statements = tableQueries(db, spec, query, select);
  const countNow = async () => (await statements.count)[0].n;
  const counts = tableCountsFor(db);
  const countKey = () => {
    const { sql, params } = statements.count.toSQL();
    return `${sql}\u0000${JSON.stringify(params)}`;
  };
  const [rows, total] = await Promise.all([
    statements.page,
    counts
      ? counts.count(getTableName(spec.table), countKey(), countNow, { fresh: query.refresh })
      : countNow(),
  ]);
  return { data: rows as Row[], totalFilteredRecords: total };
}
