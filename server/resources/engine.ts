import { Readable } from 'node:stream';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, or, SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import {
  conflictBodySchema,
  errorBodySchema,
  resultOf,
  validationErrorBodySchema,
  versionInput,
} from '../../contract/common';
import { limits } from '../../contract/limits';
import {
  type AnyResource,
  allows,
  createSchemaOf,
  type Field,
  fieldInputSchema,
  idSchema,
  type ResourceAction,
  resourceCalls,
  rowSchemaOf,
  seesEveryOrganization,
  tableQuerySchemaOf,
  tableResponseSchemaOf,
  updateSchemaOf,
} from '../../contract/resource';
import { audit } from '../audit';
import { currentUser } from '../auth/guards';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/client';
import { badRequest, forbidden, notFound } from '../http/errors';
import { type ParsedTableQuery, searchCondition, type TableSpec, tablePage } from '../http/table';
import { referenceLabels } from './export-labels';
import { organizationScope } from './scope';
import { columnsOf, tableOf } from './tables';
import type { CallName, ChangeAction, ChangeContext, ResourceServer, Values } from './types';
import { announceChange } from './change-feed';
import { changesFields, fieldChanges, recordBefore, registerHistory } from './history';
import { moveToTrash, registerTrash, trashCondition } from './trash';
import { nextVersion, versionConflict, versionMatches } from './versions';

/** The one guard of every resource route: 401 signed out, 403 unless the definition allows the role. */
export const resourceGuard =
  (definition: AnyResource, action: ResourceAction) => async (request: FastifyRequest) => {
    if (!allows(definition, action, currentUser(request).roles)) throw forbidden();
  };

const errorResponses = {
  400: validationErrorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/** OpenAPI for an engine route: its resource's tag, the session cookie, and the spec's error bodies. */
export const resourceSchema = <S extends FastifySchema>(definition: AnyResource, schema: S) =>
  ({
    tags: [definition.name],
    security: [{ session: [] }],
    ...schema,
    response: { ...errorResponses, ...(schema.response as object) },
  }) as S;

const exportBatchSize = 2000;

/** The action of the definition's `access` each call needs (the list's switch is an update). */
export const callActions: Record<CallName, ResourceAction> = {
  table: 'list',
  export: 'export',
  getOne: 'read',
  create: 'create',
  update: 'update',
  toggle: 'update',
  delete: 'delete',
  deleteMany: 'bulkDelete',
  history: 'update',
  revert: 'update',
  trashTable: 'restore',
  restore: 'restore',
  restoreMany: 'restore',
  purgeMany: 'purge',
};

/** What a change is called in the change stream (`contract/changes.ts`). */
const announcedAs = {
  create: 'created',
  update: 'updated',
  toggle: 'updated',
  revert: 'updated',
  delete: 'deleted',
  purge: 'deleted',
  restore: 'restored',
} as const;

/** JSON values for the API: timestamps as ISO 8601 text. */
const toRow = (row: Values): Values =>
  Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  );

/** Everything the routes of one resource share, worked out once at start. */
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

  private sortOf(name: string): PgColumn | SQL {
    return this.server.sortBy?.[name] ?? this.columns[name];
  }

  /**
   * Rows another organization owns are out of reach for every role but Admin; with `trash`,
   * so are the trashed rows (or, for the trash's own calls, every row but those).
   */
  scope(actor: SessionUser, params: Values = {}, trashed = false): SQL | undefined {
    const conditions: (SQL | undefined)[] = [trashCondition(this, trashed)];
    const scopeParam = this.definition.routes?.table?.scopeParam;
    const admin = seesEveryOrganization(actor.roles);
    if (scopeParam && params[scopeParam] !== undefined) {
      const requested = params[scopeParam] as number;
      if (!admin && requested !== actor.organizationId) throw forbidden();
      conditions.push(eq(this.columns[scopeParam], requested));
    }
    conditions.push(organizationScope(this.definition, this.columns, actor));
    return and(...conditions);
  }

  /** One row by id within the actor's reach; the organizations themselves answer 403 as ever. */
  rowCondition(actor: SessionUser, id: number, trashed = false) {
    if (
      this.definition.organizationField === 'id' &&
      !seesEveryOrganization(actor.roles) &&
      id !== actor.organizationId
    ) {
      throw forbidden();
    }
    return and(eq(this.columns.id, id), this.scope(actor, {}, trashed));
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
      if (Array.isArray(value)) conditions.push(inArray(column, value));
      else if (value !== null && typeof value === 'object') {
        const { gte: from, lte: to } = value as { gte?: unknown; lte?: unknown };
        if (from !== undefined) conditions.push(gte(column, from));
        if (to !== undefined) conditions.push(lte(column, to));
      } else if (value === null) conditions.push(isNull(column));
      else conditions.push(eq(column, value));
    }
    return conditions;
  }

  /** The condition and order of a table query or an export. */
  query(actor: SessionUser, query: ParsedTableQuery & { filter?: Values }, params: Values, trashed = false) {
    const sortField = query.sortField ?? this.definition.list?.sort?.field ?? 'id';
    const order = query.sortField ? (query.sortOrder ?? 'ASC') : (this.definition.list?.sort?.order ?? 'ASC');
    const where = and(this.scope(actor, params, trashed), ...this.filterConditions(query.filter));
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
    return { data: page.data.map(toRow), totalFilteredRecords: page.totalFilteredRecords };
  }

  /**
   * Every matching row in table order, read in keyset pages (sort value, then id) so memory
   * stays bounded however many rows match, and no page is skipped or repeated by OFFSET drift.
   */
  async *rowsForExport(
    actor: SessionUser,
    query: ParsedTableQuery & { filter?: Values },
    params: Values,
    db: Db,
  ) {
    const { sortField, order, where } = this.query(actor, query, params);
    const sortColumn = this.sortOf(sortField);
    const search = searchCondition(
      { searchColumn: this.searchColumn, prefixColumns: this.server.prefixColumns },
      query.allSearch,
    );
    const id = this.columns.id;
    let after: { sort: unknown; id: number } | undefined;
    for (;;) {
      const rows = (await db
        .select({ ...this.select, keysetSort: sql`${sortColumn}` })
        .from(this.table)
        .where(and(where, search, after && this.after(sortColumn, order, after)))
        .orderBy(...[sortColumn, id].map((column) => (order === 'DESC' ? desc(column) : asc(column))))
        .limit(exportBatchSize)) as Values[];
      if (rows.length > 0) yield rows.map(({ keysetSort: _, ...row }) => toRow(row));
      if (rows.length < exportBatchSize) return;
      const last = rows[rows.length - 1];
      after = { sort: last.keysetSort, id: last.id as number };
    }
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
      .where(and(condition, this.scope(actor)));
    if (!row) throw notFound(this.definition.label.one);
    return toRow(row);
  }

  /** A change, its hooks and its audit row in one transaction. */
  async change(
    db: Db,
    actor: SessionUser,
    action: ChangeAction,
    write: (tx: Db, values: Values | undefined) => Promise<Values | undefined>,
    options: { id?: number; values?: Values } = {},
  ) {
    const { definition, server } = this;
    const row = await db.transaction(async (tx) => {
      const context: ChangeContext = {
        tx: tx as unknown as Db,
        actor,
        action,
        id: options.id,
        input: options.values,
      };
      const values =
        options.values && server.beforeChange
          ? await server.beforeChange(options.values, context)
          : options.values;
      const before =
        definition.audit && options.id !== undefined && changesFields.includes(action)
          ? await recordBefore(tx as unknown as Db, this, options.id)
          : undefined;
      const written = await write(tx as unknown as Db, values);
      if (!written) throw notFound(definition.label.one);
      if (definition.audit) {
        const changes = before ? fieldChanges(definition, before, written) : undefined;
        const details =
          action === 'toggle' && values
            ? { ...values, changes }
            : { [definition.titleField]: written[definition.titleField], changes };
        await audit(
          tx as unknown as Db,
          actor.id,
          server.auditActions?.[action] ?? action,
          definition.audit.entityType,
          written.id as number,
          details,
        );
      }
      await server.afterChange?.(written, { ...context, id: written.id as number });
      await announceChange(tx as unknown as Db, definition, announcedAs[action], written, actor);
      return written;
    });
    return toRow(row);
  }

  /**
   * What a write that matched no row meets: the 409 of a stale version when the row is still
   * there within the actor's reach, nothing (so a 404) when it is gone.
   */
  async staleVersion(tx: Db, condition: SQL | undefined, id: number) {
    const [current] = await tx.select(this.select).from(this.table).where(condition);
    if (!current) return;
    throw await versionConflict(tx, {
      label: this.definition.label.one,
      entityType: this.definition.audit?.entityType ?? this.definition.name,
      id,
      current: toRow(current),
    });
  }

  /** A non-admin may not file a row under another organization. */
  assertOwnOrganization(actor: SessionUser, values: Values) {
    const organizationField = this.definition.organizationField;
    if (!organizationField || organizationField === 'id' || seesEveryOrganization(actor.roles)) return;
    if (organizationField in values && values[organizationField] !== actor.organizationId) throw forbidden();
  }
}

/**
 * A cell starting with = + - @ (or a tab or carriage return) is run as a formula by spreadsheet
 * programs, so an Admin opening an export would run what any account holder typed; a leading
 * apostrophe keeps it text (OWASP's advice for CSV injection).
 */
const csvCell = (value: unknown) => {
  const raw = value === null || value === undefined ? '' : String(value);
  const text = /^[=+\-@\t\r]/.test(raw) && typeof value === 'string' ? `'${raw}` : raw;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The list's columns: the definition's own order, or every field shown in the list. */
export const listColumns = (definition: AnyResource) =>
  definition.list?.columns ??
  Object.entries(definition.fields)
    .filter(([, f]) => f.list !== false)
    .map(([name]) => name);

const exportQuerySchema = (definition: AnyResource) => {
  const tableQuery = tableQuerySchemaOf(definition);
  return tableQuery.pick({ allSearch: true, sortField: true, sortOrder: true }).extend({
    filter: z
      .string()
      .max(limits.maxTake * 16)
      .transform((text, context) => {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          context.addIssue({ code: 'custom', message: 'Filter must be JSON' });
          return z.NEVER;
        }
      })
      .pipe(tableQuery.shape.filter)
      .optional(),
  });
};

/** OpenAPI's word on `version`, for every write that takes one. */
export const staleWriteDescription =
  'Send the `version` of the record as you read it: if someone has written the record since, the ' +
  'answer is 409 with who changed it and when, and the record as it now is under `result.current`, ' +
  'and nothing is changed. Without a `version` the write is made unconditionally, as before.';

const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]);

/** Registers one of the resource's calls behind its guard, unless the definition does not offer it. */
export type ResourceRoute = (
  name: CallName,
  schema: FastifySchema,
  handler: (request: FastifyRequest, reply: FastifyReply) => unknown,
) => void;

/**
 * Registers every route `resourceCalls(definition)` names for the actions the definition allows,
 * each behind `resourceGuard`; calls the resource's server module serves itself are skipped.
 */
export function registerResource(app: FastifyInstance, definition: AnyResource, server: ResourceServer = {}) {
  const engine = new ResourceEngine(definition, server);
  const calls = resourceCalls(definition);
  const row = resultOf(rowSchemaOf(definition));
  const conflict = conflictBodySchema(rowSchemaOf(definition));
  const offered = (name: CallName) =>
    calls[name] !== undefined &&
    !server.own?.includes(name) &&
    (definition.access[callActions[name]]?.length ?? 0) > 0;
  const route: ResourceRoute = (name, schema, handler) => {
    if (!offered(name)) return;
    const call = calls[name]!;
    const params = pathParams(call.path);
    app.route({
      method: call.method,
      url: `/api/${call.path}`,
      onRequest: resourceGuard(definition, callActions[name]),
      schema: resourceSchema(definition, {
        summary: `${name} ${definition.label.many}`,
        ...(params.length > 0 && !schema.params
          ? { params: z.object(Object.fromEntries(params.map((param) => [param, idSchema]))) }
          : {}),
        ...schema,
      }),
      handler: async (request, reply) => handler(request, reply),
    });
  };
  const paramsOf = (request: FastifyRequest) => (request.params ?? {}) as Values;

  if (offered('table')) {
    route(
      'table',
      { body: tableQuerySchemaOf(definition), response: { 200: tableResponseSchemaOf(definition) } },
      async (request) => ({
        result: await engine.list(currentUser(request), request.body as never, paramsOf(request), app.db),
      }),
    );
  }

  if (offered('export')) {
    const columns = listColumns(definition);
    const labelReferences = referenceLabels(definition, columns);
    route(
      'export',
      { querystring: exportQuerySchema(definition), produces: ['text/csv'] },
      async (request, reply) => {
        const actor = currentUser(request);
        const query = request.query as never;
        const rows = engine.rowsForExport(actor, query, paramsOf(request), app.db);
        // Checked before the first byte is sent, so a refused scope is still a 403 and not a broken file.
        engine.scope(actor, paramsOf(request));
        async function* csv() {
          yield `${columns.map((name) => csvCell(definition.fields[name].label)).join(',')}\r\n`;
          for await (const batch of rows) {
            await labelReferences(app.db, actor, batch);
            yield batch.map((r) => `${columns.map((name) => csvCell(r[name])).join(',')}\r\n`).join('');
          }
        }
        return reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${definition.name}.csv"`)
          .send(Readable.from(csv()));
      },
    );
  }

  if (offered('getOne')) {
    const alsoBy = definition.routes?.getOneAlsoBy;
    route(
      'getOne',
      {
        ...(alsoBy
          ? {
              description: `A numeric segment is read as the id, anything else as the ${alsoBy}.`,
              params: z.object({ id: z.string().max(limits.maxTake * 4) }),
            }
          : {}),
        response: { 200: row },
      },
      async (request) => {
        const actor = currentUser(request);
        const segment = paramsOf(request).id;
        if (alsoBy && !/^\d+$/.test(String(segment))) {
          return { result: await engine.getOne(app.db, actor, eq(engine.columns[alsoBy], segment)) };
        }
        const parsed = idSchema.safeParse(segment);
        if (!parsed.success) throw badRequest('id', parsed.error.issues[0].message);
        return { result: await engine.getOne(app.db, actor, engine.rowCondition(actor, parsed.data)) };
      },
    );
  }

  if (offered('create')) {
    route('create', { body: createSchemaOf(definition), response: { 200: row } }, async (request) => {
      const actor = currentUser(request);
      const values = request.body as Values;
      engine.assertOwnOrganization(actor, values);
      return {
        result: await engine.change(
          app.db,
          actor,
          'create',
          async (tx, stored) => {
            const [written] = await tx
              .insert(engine.table)
              .values(stored as never)
              .returning(engine.select);
            return written;
          },
          { values },
        ),
      };
    });
  }

  const updateRow = (actor: SessionUser, id: number, action: ChangeAction, input: Values) => {
    const { version, ...values } = input as Values & { version?: number };
    engine.assertOwnOrganization(actor, values);
    const condition = engine.rowCondition(actor, id);
    const current = and(condition, versionMatches(engine.columns.version, version));
    return engine.change(
      app.db,
      actor,
      action,
      async (tx, stored) => {
        const [written] =
          !stored || Object.keys(stored).length === 0
            ? await tx.select(engine.select).from(engine.table).where(current)
            : await tx
                .update(engine.table)
                .set({ ...stored, version: nextVersion(engine.columns.version) } as never)
                .where(current)
                .returning(engine.select);
        if (!written && version !== undefined) await engine.staleVersion(tx, condition, id);
        return written;
      },
      { id, values },
    );
  };

  if (offered('update')) {
    const inBody = calls.update.idIn === 'body';
    const body = updateSchemaOf(definition);
    route(
      'update',
      {
        description: staleWriteDescription,
        body: inBody ? (body as z.ZodObject).extend({ id: idSchema }) : body,
        response: { 200: row, 409: conflict },
      },
      async (request) => {
        const { id, ...values } = (
          inBody ? request.body : { ...(request.body as Values), id: paramsOf(request).id }
        ) as Values;
        return { result: await updateRow(currentUser(request), id as number, 'update', values) };
      },
    );
  }

  const toggle = definition.routes?.toggle;
  if (toggle && offered('toggle')) {
    const value = fieldInputSchema({ ...definition.fields[toggle.field], required: true });
    route(
      'toggle',
      {
        body: z.object(
          toggle.idIn === 'body' ? { id: idSchema, [toggle.field]: value } : { [toggle.field]: value },
        ),
        response: { 200: row },
      },
      async (request) => {
        const body = request.body as Values;
        const id = (toggle.idIn === 'body' ? body.id : paramsOf(request).id) as number;
        return {
          result: await updateRow(currentUser(request), id, 'toggle', { [toggle.field]: body[toggle.field] }),
        };
      },
    );
  }

  const removeRow = (actor: SessionUser, id: number, version: number | undefined) => {
    const condition = engine.rowCondition(actor, id);
    return engine.change(
      app.db,
      actor,
      'delete',
      async (tx) => {
        const current = and(condition, versionMatches(engine.columns.version, version));
        const [written] = definition.trash
          ? await moveToTrash(tx, engine, current, actor)
          : await tx.delete(engine.table).where(current).returning(engine.select);
        if (!written && version !== undefined) await engine.staleVersion(tx, condition, id);
        return written;
      },
      { id },
    );
  };

  if (offered('delete')) {
    const inQuery = calls.delete.idIn === 'query';
    route(
      'delete',
      {
        description: staleWriteDescription,
        querystring: z.object({ ...(inQuery ? { id: idSchema } : {}), version: versionInput }),
        response: { 200: resultOf(z.null()), 409: conflict },
      },
      async (request) => {
        const query = request.query as Values;
        const id = (inQuery ? query.id : paramsOf(request).id) as number;
        await removeRow(currentUser(request), id, query.version as number | undefined);
        return { result: null };
      },
    );
  }

  if (offered('deleteMany')) {
    route(
      'deleteMany',
      {
        body: z.object({
          ids: z
            .array(idSchema)
            .min(1, 'Ids are required')
            .max(limits.maxTake, `Ids must be at most ${limits.maxTake}`),
        }),
        response: { 200: resultOf(z.object({ deleted: z.number().int() })) },
      },
      async (request) => {
        const actor = currentUser(request);
        const { ids } = request.body as { ids: number[] };
        let deleted = 0;
        await app.db.transaction(async (tx) => {
          const condition = and(inArray(engine.columns.id, ids), engine.scope(actor));
          const rows = definition.trash
            ? await moveToTrash(tx as unknown as Db, engine, condition, actor)
            : await tx.delete(engine.table).where(condition).returning(engine.select);
          deleted = rows.length;
          for (const written of rows as Values[]) {
            if (definition.audit) {
              await audit(
                tx as unknown as Db,
                actor.id,
                server.auditActions?.delete ?? 'delete',
                definition.audit.entityType,
                written.id as number,
                {
                  [definition.titleField]: written[definition.titleField],
                },
              );
            }
            await server.afterChange?.(written, {
              tx: tx as unknown as Db,
              actor,
              action: 'delete',
              id: written.id as number,
            });
            await announceChange(tx as unknown as Db, definition, 'deleted', written, actor);
          }
        });
        return { result: { deleted } };
      },
    );
  }
  if (definition.trash) registerTrash(app, engine, route);
  registerHistory(app, engine, route, (actor, id, values) => updateRow(actor, id, 'revert', values));
  return engine;
}
