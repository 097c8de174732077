import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, or, SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AnyResource, Field } from '../../contract/resource';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/client';
import { notFound } from '../errors';
import { type ParsedTableQuery, searchCondition, type TableSpec, tablePage } from '../http/table';
import { announceChange, announcedAs } from './change-feed';
import { refuseUnreadableQuery, visibleTo } from './field-access';
import { auditChange, auditedBefore } from './change-audit';
import { assertWithinReferences, refuseUnreachableReferences, scopeCondition } from './scope';
import { columnsOf, tableOf } from './tables';
import type { ChangeAction, ChangeContext, ResourceServer, TransitionTaken, Values } from './types';
import { versionConflict } from './versions';

const exportBatchSize = 2000;

/** JSON values for the API: timestamps as ISO 8601 text. */
export const toRow = (row: Values): Values =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );

/**
 * One resource's table and the queries its routes share (list, export, read, the write of a
 * change), worked out once at start. Who reaches which rows is `scope.ts`'s, the routes are
 * `routes.ts`'s.
 */
export class ResourceEngine {
  readonly table;
  readonly columns: Record<string, PgColumn>;
  readonly select: Record<string, PgColumn | SQL.Aliased>;
  private readonly searchColumn: PgColumn | SQL;

  constructor(
    readonly definition: AnyResource,
    readonly server: ResourceServer = {},
  ) {
    this.table = tableOf(definition);
    const searchedHidden = Object.entries(definition.fields).find(([, f]) => f.search && f.access?.read);
    if (searchedHidden)
      throw new Error(
        `Resource '${definition.name}': '${searchedHidden[0]}' is searched, yet some roles may not read it`,
      );
    assertWithinReferences(definition);
    this.columns = columnsOf(this.table);
    if (!this.columns.version) throw new Error(`Resource '${definition.name}': table has no version column`);
    this.select = { id: this.columns.id, version: this.columns.version };
    for (const name of Object.keys(definition.fields)) {
      const column = server.columns?.[name] ?? this.columns[name];
      if (!column) throw new Error(`Resource '${definition.name}': field '${name}' has no column`);
      this.select[name] = column;
    }
    Object.assign(this.select, server.columns);
    const searched = Object.entries(definition.fields)
      .filter(([, f]) => f.search)
      .map(([name]) => this.columns[name])
      .filter(Boolean);
    this.searchColumn =
      this.columns.searchText ??
      (searched.length > 0
        ? // A table without a kept search column (a handful of organizations): an expression will do.
          sql`lower(${sql.join(
            searched.map((column) => sql`coalesce(${column}::text, '')`),
            sql` || ' ' || `,
          )})`
        : sql`''`);
  }

  field(name: string): Field | undefined {
    return this.definition.fields[name];
  }

  /**
   * A body's values as their columns take them: an instant, which the API writes as ISO 8601
   * text, is a `Date` to a timestamp column (Drizzle writes it with `toISOString()`; a string
   * there was a 500 on every create of a record with a date and time).
   */
  columnValues<V extends Values | undefined>(values: V): V {
    if (!values) return values;
    return Object.fromEntries(
      Object.entries(values).map(([name, value]) => [
        name,
        this.field(name)?.kind === 'dateTime' && typeof value === 'string' ? new Date(value) : value,
      ]),
    ) as V;
  }

  private sortOf(name: string): PgColumn | SQL {
    return this.server.sortBy?.[name] ?? this.columns[name];
  }

  private filterConditions(filter: Values | undefined): SQL[] {
    if (!filter) return [];
    const conditions: SQL[] = [];
    for (const [name, value] of Object.entries(filter)) {
      if (value === undefined) continue;
      if (name === 'ids') {
        conditions.push(inArray(this.columns.id, value as number[]));
        continue;
      }
      const column = this.columns[name];
      const asColumn = (bound: unknown) => this.columnValues({ [name]: bound })[name];
      if (Array.isArray(value)) conditions.push(inArray(column, value));
      else if (value !== null && typeof value === 'object') {
        const { gte: from, lte: to } = value as { gte?: unknown; lte?: unknown };
        if (from !== undefined) conditions.push(gte(column, asColumn(from)));
        if (to !== undefined) conditions.push(lte(column, asColumn(to)));
      } else if (value === null) conditions.push(isNull(column));
      else conditions.push(eq(column, value));
    }
    return conditions;
  }

  /** The condition and order of a table query or an export. */
  query(actor: SessionUser, query: ParsedTableQuery & { filter?: Values }, params: Values, trashed = false) {
    refuseUnreadableQuery(this.definition, actor, query);
    const sortField = query.sortField ?? this.definition.list?.sort?.field ?? 'id';
    const order = query.sortField ? (query.sortOrder ?? 'ASC') : (this.definition.list?.sort?.order ?? 'ASC');
    const where = and(scopeCondition(this, actor, params, trashed), ...this.filterConditions(query.filter));
    return { sortField, order, where };
  }

  /** The table query's spec: the actor's scope, the filters, the sort and its tie-breaker. */
  tableSpec(
    actor: SessionUser,
    query: ParsedTableQuery & { filter?: Values },
    params: Values = {},
    trashed = false,
  ) {
    const { sortField, order, where } = this.query(actor, query, params, trashed);
    const sorted = this.field(sortField);
    const unique = sortField === 'id' || Boolean(sorted?.unique && !sorted.uniqueWithin);
    const spec: TableSpec = {
      table: this.table,
      searchColumn: this.searchColumn,
      prefixColumns: this.server.prefixColumns,
      sortable: { [sortField]: this.sortOf(sortField) },
      defaultSort: { column: this.sortOf(sortField), order },
      // Paging over a sort that ties would repeat or skip rows between pages.
      tieBreaker: unique ? undefined : this.columns.id,
      scope: where,
    };
    return { spec, query: { ...query, sortField, sortOrder: order } };
  }

  async list(actor: SessionUser, query: ParsedTableQuery & { filter?: Values }, params: Values, db: Db) {
    const table = this.tableSpec(actor, query, params);
    const page = await tablePage<Values>(db, table.spec, table.query, this.select);
    return {
      data: page.data.map((row) => visibleTo(this.definition, actor, toRow(row))),
      totalFilteredRecords: page.totalFilteredRecords,
    };
  }

  /**
   * Every matching row in table order, read in keyset pages (sort value, then id) so memory
   * stays bounded however many rows match, and no page is skipped or repeated by OFFSET drift.
   * The next page is read while the caller writes out this one. Rows are as the database gives
   * them (dates as `Date`, and the page's `keysetSort`): the CSV writes each cell itself.
   */
  async *rowsForExport(
    actor: SessionUser,
    query: ParsedTableQuery & { filter?: Values },
    params: Values,
    db: Db,
  ) {
    const page = (after?: { sort: unknown; id: number }) => {
      // A query builder runs its statement on every `then`: one promise, so it runs once.
      const rows = Promise.resolve(this.exportPage(db, actor, query, params, after)) as Promise<Values[]>;
      // Awaited below; until then a failure (or a client gone) must not be an unhandled rejection.
      rows.catch(() => {});
      return rows;
    };
    let next = page();
    for (;;) {
      const rows = await next;
      const more = rows.length === exportBatchSize;
      if (more) {
        const last = rows[rows.length - 1];
        next = page({ sort: last.keysetSort, id: last.id as number });
      }
      if (rows.length > 0) yield rows;
      if (!more) return;
    }
  }

  /** One keyset page of an export: the rows after `after` (none: the first page), in table order. */
  exportPage(
    db: Db,
    actor: SessionUser,
    query: ParsedTableQuery & { filter?: Values },
    params: Values,
    after?: { sort: unknown; id: number },
  ) {
    const { sortField, order, where } = this.query(actor, query, params);
    const sortColumn = this.sortOf(sortField);
    const search = searchCondition(
      { searchColumn: this.searchColumn, prefixColumns: this.server.prefixColumns },
      query.allSearch,
    );
    return db
      .select({ ...this.select, keysetSort: sql`${sortColumn}` })
      .from(this.table)
      .where(and(where, search, after && this.after(sortColumn, order, after)))
      .orderBy(
        ...[sortColumn, this.columns.id].map((column) => (order === 'DESC' ? desc(column) : asc(column))),
      )
      .limit(exportBatchSize);
  }

  /**
   * Rows after the last one read, in PostgreSQL's order (nulls last ascending, first
   * descending). The sort value also bounds the range on its own (`>=`), so an index on the sort
   * column serves every page instead of each page filtering the whole table.
   */
  private after(column: PgColumn | SQL, order: 'ASC' | 'DESC', last: { sort: unknown; id: number }) {
    const id = this.columns.id;
    const value = last.sort instanceof Date ? last.sort.toISOString() : last.sort;
    // Ties go by id in the sort's direction, as the table's pages do.
    const nextId = order === 'ASC' ? sql`${id} > ${last.id}` : sql`${id} < ${last.id}`;
    if (value === null || value === undefined) {
      const tied = and(isNull(column), nextId);
      return order === 'ASC' ? tied : or(tied, isNotNull(column));
    }
    const page =
      order === 'ASC'
        ? sql`${column} >= ${value} and (${column} > ${value} or ${nextId})`
        : sql`${column} <= ${value} and (${column} < ${value} or ${nextId})`;
    const notNull = column instanceof SQL ? false : (column as PgColumn).notNull;
    return order === 'ASC' && !notNull ? or(page, isNull(column)) : page;
  }

  async getOne(db: Db, actor: SessionUser, condition: SQL | undefined) {
    const [row] = await db
      .select(this.select)
      .from(this.table)
      .where(and(condition, scopeCondition(this, actor)));
    if (!row) throw notFound(this.definition.label.one);
    return visibleTo(this.definition, actor, toRow(row));
  }

  /** A change, its hooks, its audit row and its announcement in one transaction. */
  async change(
    db: Db,
    actor: SessionUser,
    action: ChangeAction,
    write: (tx: Db, values: Values | undefined) => Promise<Values | undefined>,
    options: {
      id?: number;
      values?: Values;
      transition?: TransitionTaken;
      /** Keeps the answer in the write's transaction (an `Idempotency-Key`'s first answer). */
      remember?: (tx: Db, answer: Values) => Promise<void>;
    } = {},
  ) {
    const { definition, server } = this;
    const row = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const context: ChangeContext = {
        tx,
        actor,
        action,
        id: options.id,
        input: options.values,
        transition: options.transition,
      };
      const values = this.columnValues(
        options.values && server.beforeChange
          ? await server.beforeChange(options.values, context)
          : options.values,
      );
      const before = await auditedBefore(tx, this, action, options.id);
      const written = await write(tx, values);
      if (!written) throw notFound(definition.label.one);
      // What the caller named, or all of a restored row: a restore names again what it brings back.
      const named = action === 'restore' ? Object.keys(definition.fields) : Object.keys(values ?? {});
      await refuseUnreachableReferences(tx, definition, actor, written, named);
      await auditChange(tx, this, actor, action, written, { values, before, transition: options.transition });
      await server.afterChange?.(written, { ...context, id: written.id as number });
      await announceChange(tx, definition, announcedAs[action], written, actor);
      await options.remember?.(tx, visibleTo(definition, actor, toRow(written)));
      return written;
    });
    return visibleTo(definition, actor, toRow(row));
  }

  /**
   * What a write that matched no row meets: the 409 of a stale version when the row is still
   * there within the actor's reach, nothing (so a 404) when it is gone.
   */
  async staleVersion(tx: Db, actor: SessionUser, condition: SQL | undefined, id: number) {
    const [current] = await tx.select(this.select).from(this.table).where(condition);
    if (!current) return;
    throw await versionConflict(tx, {
      label: this.definition.label.one,
      entityType: this.definition.audit?.entityType ?? this.definition.name,
      id,
      current: visibleTo(this.definition, actor, toRow(current)),
    });
  }
}
