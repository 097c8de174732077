import { and, eq, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { z } from 'zod';
import { limits } from '../../contract/limits';
import type { AnyResource } from '../../contract/resource';
import { resultOf } from '../../contract/common';
import { idSchema, rowSchemaOf, tableQuerySchemaOf } from '../../contract/resource';
import { trashCountResponseSchema, trashIdsSchema, trashRowFields } from '../../contract/trash';
import { audit } from '../audit';
import { currentUser } from '../auth/guards';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { tablePage } from '../http/table';
import { type ResourceEngine, toRow } from './engine';
import { visibleTo } from './field-access';
import { rowCondition } from './scope';
import { tableOf, columnsOf } from './tables';
import type { ResourceRoute, Values } from './types';

/** A delete of a `trash` resource: the rows stay, marked with who moved them to the trash and when. */
export function moveToTrash(tx: Db, engine: ResourceEngine, condition: SQL | undefined, actor: SessionUser) {
  return tx
    .update(engine.table)
    .set({ deletedAt: new Date(), deletedBy: actor.id } as never)
    .where(condition)
    .returning(engine.select) as Promise<Values[]>;
}

/** A user's name (or e-mail) by id, for who deleted or changed a record; a user since removed is nobody. */
export const userNameOf = (deletedBy: PgColumn) =>
  sql<
    string | null
  >`(select coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email}) from ${users} where ${users.id} = ${deletedBy})`;

/**
 * A restore or purge of many, one by one, each in its own transaction: the first refusal (a taken
 * name, a product with orders) stops the rest and is answered, what came before it stays done.
 */
export async function oneByOne(ids: readonly number[], change: (id: number) => Promise<unknown>) {
  for (const id of ids) await change(id);
}

const idsSchema = z.object({
  ids: z
    .array(idSchema)
    .min(1, 'Ids are required')
    .max(limits.maxTake, `Ids must be at most ${limits.maxTake}`),
});

/**
 * The trash's calls of a `trash` resource, behind the same guard and organization scope as its
 * other calls (`restore` reads and restores, `purge` deletes forever): its table, a restore of
 * one or many (a restore that breaks a unique rule is the field's 400, from the unique index),
 * and a purge of many. Each restore or purge is a change of its own, audited and announced.
 */
export function registerTrash(app: FastifyInstance, engine: ResourceEngine, route: ResourceRoute) {
  const { definition } = engine;
  const row = rowSchemaOf(definition) as z.ZodObject;
  const trashRow = row.extend(trashRowFields);
  const select = {
    ...engine.select,
    deletedAt: engine.columns.deletedAt,
    deletedByName: userNameOf(engine.columns.deletedBy).as('deleted_by_name'),
  };

  route(
    'trashTable',
    {
      body: tableQuerySchemaOf(definition),
      response: {
        200: resultOf(z.object({ data: z.array(trashRow), totalFilteredRecords: z.number().int() })),
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const table = engine.tableSpec(actor, request.body as never, {}, true);
      const page = await tablePage<Values>(app.db, table.spec, table.query, select);
      return {
        result: {
          data: page.data.map((r) => visibleTo(definition, actor, toRow(r))),
          totalFilteredRecords: page.totalFilteredRecords,
        },
      };
    },
  );

  const restore = (actor: SessionUser, id: number) =>
    engine.change(
      app.db,
      actor,
      'restore',
      async (tx) => {
        const [written] = await tx
          .update(engine.table)
          .set({ deletedAt: null, deletedBy: null } as never)
          .where(rowCondition(engine, actor, id, true))
          .returning(engine.select);
        return written;
      },
      { id },
    );

  const purge = (actor: SessionUser, id: number) =>
    engine.change(
      app.db,
      actor,
      'purge',
      async (tx) => {
        const [written] = await tx
          .delete(engine.table)
          .where(rowCondition(engine, actor, id, true))
          .returning(engine.select);
        return written;
      },
      { id },
    );

  const idOf = (request: FastifyRequest) => (request.params as { id: number }).id;
  route('restore', { response: { 200: resultOf(row) } }, async (request) => ({
    result: await restore(currentUser(request), idOf(request)),
  }));

  const many =
    (change: (actor: SessionUser, id: number) => Promise<unknown>) => async (request: FastifyRequest) => {
      const actor = currentUser(request);
      const { ids } = request.body as { ids: number[] };
      await oneByOne(ids, (id) => change(actor, id));
      return { result: { count: ids.length } };
    };
  const manySchema = { body: idsSchema, response: { 200: resultOf(z.object({ count: z.number().int() })) } };
  route('restoreMany', manySchema, many(restore));
  route('purgeMany', manySchema, many(purge));
}

/**
 * Deletes for good what has been in the trash since before the cutoff, table by table, each
 * with its audit row; a row something still refers to (an organization with users) stays until
 * that is gone.
 */
export async function purgeExpired(db: Db, definitions: readonly AnyResource[], cutoff: Date) {
  let purged = 0;
  for (const definition of definitions.filter((d) => d.trash)) {
    const table = tableOf(definition);
    const columns = columnsOf(table);
    const expired = await db.select({ id: columns.id }).from(table).where(lt(columns.deletedAt, cutoff));
    purged += await purgeEach(expired, async ({ id }) => {
      try {
        return await db.transaction(async (tx) => {
          const [deleted] = await tx
            .delete(table)
            .where(and(eq(columns.id, id), isNotNull(columns.deletedAt)))
            .returning({ id: columns.id });
          if (deleted && definition.audit) {
            await audit(tx as unknown as Db, null, 'purge', definition.audit.entityType, id as number);
          }
          return Boolean(deleted);
        });
      } catch {
        // Still referenced: kept in the trash, tried again at the next run.
        return false;
      }
    });
  }
  return purged;
}

/**
 * Deletes rows for good one by one, each in its own transaction, and answers how many this call
 * removed: a row another purge (the other server's chore) deleted first is that one's to count.
 */
export async function purgeEach<Row>(rows: readonly Row[], purgeOne: (row: Row) => Promise<boolean>) {
  let purged = 0;
  for (const row of rows) if (await purgeOne(row)) purged += 1;
  return purged;
}

/**
 * The trash of a module outside the engine (design logos, products), in the spec's shape: `GET
 * trash` of an organization, `POST :id/restore`, `restore-many` and `purge-many`, behind the
 * module's own guard. Whoever may manage an organization's rows may see, restore and purge its
 * trashed ones; the module says what restoring and purging mean for its rows (their files, their
 * orders).
 */
export function registerModuleTrash<Query extends z.ZodType, Params extends z.ZodType>(
  app: FastifyInstance,
  trash: {
    tag: string;
    preHandler: preHandlerHookHandler;
    list: {
      querystring: Query;
      response: z.ZodType;
      rows: (actor: SessionUser, query: z.output<Query>) => Promise<unknown>;
    };
    restoreOne: {
      params: Params;
      response: z.ZodType;
      /** The row restored, as the module answers it. */
      restored: (actor: SessionUser, id: number) => Promise<unknown>;
    };
    restore: (actor: SessionUser, ids: number[]) => Promise<unknown>;
    purge: (actor: SessionUser, ids: number[]) => Promise<unknown>;
    descriptions?: { restore?: string; restoreMany?: string; purgeMany?: string };
  },
) {
  const { tag, preHandler, descriptions = {} } = trash;
  app.get(
    '/trash',
    {
      preHandler,
      schema: { tags: [tag], querystring: trash.list.querystring, response: { 200: trash.list.response } },
    },
    async (request) => ({
      result: await trash.list.rows(currentUser(request), request.query as z.output<Query>),
    }),
  );

  app.post(
    '/:id/restore',
    {
      preHandler,
      schema: {
        tags: [tag],
        description: descriptions.restore,
        params: trash.restoreOne.params,
        response: { 200: trash.restoreOne.response },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { id } = request.params as { id: number };
      await trash.restore(actor, [id]);
      return { result: await trash.restoreOne.restored(actor, id) };
    },
  );

  for (const [path, description, change] of [
    ['/restore-many', descriptions.restoreMany, trash.restore],
    ['/purge-many', descriptions.purgeMany, trash.purge],
  ] as const) {
    app.post(
      path,
      {
        preHandler,
        schema: {
          tags: [tag],
          description,
          body: trashIdsSchema,
          response: { 200: trashCountResponseSchema },
        },
      },
      async (request) => {
        const { ids } = request.body as { ids: number[] };
        await change(currentUser(request), ids);
        return { result: { count: ids.length } };
      },
    );
  }
}
