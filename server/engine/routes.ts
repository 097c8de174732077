import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { conflictBodySchema, resultOf, versionInput } from '../../contract/common';
import { limits } from '../../contract/limits';
import {
  type AnyResource,
  apiPathOf,
  createSchemaOf,
  fieldInputSchema,
  idSchema,
  resourceCalls,
  rowSchemaOf,
  tableQuerySchemaOf,
  tableResponseSchemaOf,
  updateSchemaOf,
} from '../../contract/resource';
import { currentUser } from '../auth/guards';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/client';
import { badRequest } from '../errors';
import { idempotently } from '../http/idempotency';
import { announceChange } from './change-feed';
import { auditChange } from './change-audit';
import { ResourceEngine } from './engine';
import { refuseHiddenFields, writableValues } from './field-access';
import { registerExport } from './export';
import { callActions, resourceGuard } from './guard';
import { databaseRuleFailures } from './errors';
import { registerHistory } from './history';
import { registerImport } from './import';
import { idempotencyDescription, resourceSchema, staleWriteDescription } from './openapi';
import { assertOwnOrganization, rowCondition, scopeCondition } from './scope';
import { registerReferences } from './references';
import { moveToTrash, registerTrash } from './trash';
import type { CallName, ChangeAction, ResourceRoute, ResourceServer, Values } from './types';
import { nextVersion, versionMatches } from './versions';
import { registerWorkflow } from './workflow';

const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1]);

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
  const route: ResourceRoute = (name, schema, handler, config) => {
    if (!offered(name)) return;
    const call = calls[name]!;
    const params = pathParams(call.path);
    app.route({
      method: call.method,
      url: `/api/${call.path}`,
      onRequest: resourceGuard(definition, callActions[name]),
      // Before the schema fills in defaults: only what the caller sent is theirs to be refused.
      preValidation: writes.has(name)
        ? async (request) => refuseHiddenFields(definition, currentUser(request), request.body)
        : undefined,
      config,
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
  const writes = new Set<CallName>(['create', 'update', 'toggle']);
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

  if (offered('export')) registerExport(app, engine, route);

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
        return { result: await engine.getOne(app.db, actor, rowCondition(engine, actor, parsed.data)) };
      },
    );
  }

  if (offered('create')) {
    route(
      'create',
      { description: idempotencyDescription, body: createSchemaOf(definition), response: { 200: row } },
      async (request) => {
        const actor = currentUser(request);
        const values = writableValues(definition, actor, request.body as Values);
        assertOwnOrganization(definition, actor, values);
        const asked = `create ${definition.name}\n${JSON.stringify(request.body)}`;
        return {
          result: await idempotently(app.db, request, asked, (remember) =>
            engine.change(
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
              { values, remember },
            ),
          ),
        };
      },
    );
  }

  const updateRow = (actor: SessionUser, id: number, action: ChangeAction, input: Values) => {
    const { version, ...sent } = input as Values & { version?: number };
    const values = writableValues(definition, actor, sent);
    assertOwnOrganization(definition, actor, values);
    const condition = rowCondition(engine, actor, id);
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
        if (!written && version !== undefined) await engine.staleVersion(tx, actor, condition, id);
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
    const condition = rowCondition(engine, actor, id);
    return engine.change(
      app.db,
      actor,
      'delete',
      async (tx) => {
        const current = and(condition, versionMatches(engine.columns.version, version));
        const [written] = definition.trash
          ? await moveToTrash(tx, engine, current, actor)
          : await tx.delete(engine.table).where(current).returning(engine.select);
        if (!written && version !== undefined) await engine.staleVersion(tx, actor, condition, id);
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
        await app.db.transaction(async (transaction) => {
          const tx = transaction as unknown as Db;
          const condition = and(inArray(engine.columns.id, ids), scopeCondition(engine, actor));
          const rows = definition.trash
            ? await moveToTrash(tx, engine, condition, actor)
            : await tx.delete(engine.table).where(condition).returning(engine.select);
          deleted = rows.length;
          for (const written of rows as Values[]) {
            await auditChange(tx, engine, actor, 'delete', written);
            await server.afterChange?.(written, { tx, actor, action: 'delete', id: written.id as number });
          }
          // Last: the change log's lock is held from the first announcement to the commit.
          for (const written of rows as Values[])
            await announceChange(tx, definition, 'deleted', written, actor);
        });
        return { result: { deleted } };
      },
    );
  }
  if (offered('references')) registerReferences(app, engine, route);
  if (definition.trash) registerTrash(app, engine, route);
  registerImport(app, engine, route, databaseRuleFailures([definition]));
  registerHistory(app, engine, route, (actor, id, values) => updateRow(actor, id, 'revert', values));
  registerWorkflow(app, engine, `/api/${apiPathOf(definition)}`);
  return engine;
}
