import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { historyResponseSchema, revertBodySchema } from '../../contract/history';
import type { z } from 'zod';
import { conflictBodySchema, resultOf } from '../../contract/common';
import {
  historyOf,
  readableFields,
  rowSchemaOf,
  updateSchemaOf,
  writableFields,
} from '../../contract/resource';
import { currentUser } from '../auth/guards';
import type { SessionUser } from '../auth/sessions';
import { auditLog } from '../db/schema';
import { badRequest, notFound } from '../errors';
import type { ResourceEngine } from './engine';
import { staleWriteDescription } from './openapi';
import { rowCondition } from './scope';
import { userNameOf } from './trash';
import type { fieldChanges } from './change-audit';
import type { ResourceRoute, Values } from './types';

/** How many changes the history page shows, newest first. */
const historyLimit = 200;

type FieldChange = ReturnType<typeof fieldChanges>[number];

/**
 * Each field's first change among later ones: its `before` is the field's value as the earlier
 * version left it, which "Restore this version" writes back.
 */
const firstOfEachField = (changes: FieldChange[]) =>
  changes.filter((change, index) => changes.findIndex((other) => other.field === change.field) === index);

const changesOf = (details: unknown): FieldChange[] => {
  const changes = (details as { changes?: unknown } | null)?.changes;
  return Array.isArray(changes) ? (changes as FieldChange[]) : [];
};

/** The transition and comment of a workflow step's audit row (`auditChange`). */
const transitionOf = (details: unknown) => {
  const { transition, comment } = (details ?? {}) as { transition?: unknown; comment?: unknown };
  return {
    ...(typeof transition === 'string' ? { transition } : {}),
    ...(typeof comment === 'string' ? { comment } : {}),
  };
};

/**
 * A record's history and "Restore this version": `GET {path}/:id/history` lists its audited
 * changes with the fields each altered, and `POST {path}/:id/revert` writes a change's earlier
 * values (all of them or the named fields) back as a new update, through the update's body
 * schema, organization scope, hooks, audit (action `revert`) and version check: a revert naming a
 * version someone has written since is the update's 409. Both need `access.update`.
 */
export function registerHistory(
  app: FastifyInstance,
  engine: ResourceEngine,
  route: ResourceRoute,
  update: (actor: SessionUser, id: number, values: Values) => Promise<Values>,
) {
  const { definition } = engine;
  const entityType = definition.audit?.entityType;
  if (!entityType || !historyOf(definition)) return;
  const idOf = (request: FastifyRequest) => (request.params as { id: number }).id;
  /** The record within the actor's reach, or the usual 403/404. */
  const current = (actor: SessionUser, id: number) =>
    engine.getOne(app.db, actor, rowCondition(engine, actor, id));

  route('history', { response: { 200: historyResponseSchema } }, async (request) => {
    const actor = currentUser(request);
    const id = idOf(request);
    await current(actor, id);
    const readable = new Set(readableFields(definition, actor.roles));
    const rows = await app.db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        at: auditLog.createdAt,
        byName: userNameOf(auditLog.actorUserId),
        details: auditLog.details,
      })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(id))))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(historyLimit);
    return {
      result: rows.map(({ details, at, ...row }) => ({
        ...row,
        at: at.toISOString(),
        changes: changesOf(details).filter((change) => readable.has(change.field)),
        ...transitionOf(details),
      })),
    };
  });

  /** The changes written after `auditId`, oldest first (audit ids grow with time). */
  const laterChanges = async (auditId: number, ofRecord: ReturnType<typeof and>) =>
    (
      await app.db
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(and(ofRecord, gt(auditLog.id, auditId)))
        .orderBy(asc(auditLog.id))
    ).flatMap((row) => changesOf(row.details));

  const updateSchema = updateSchemaOf(definition) as z.ZodObject;
  const editable = new Set(Object.keys(updateSchema.shape));

  route(
    'revert',
    {
      description: `Writes a change's earlier values back as an update of the record. ${staleWriteDescription}`,
      body: revertBodySchema,
      response: {
        200: resultOf(rowSchemaOf(definition)),
        409: conflictBodySchema(rowSchemaOf(definition)),
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const id = idOf(request);
      const { auditId, fields, version, whole } = request.body as z.output<typeof revertBodySchema>;
      const record = await current(actor, id);
      const ofRecord = and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(id)));
      const [entry] = await app.db
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.id, auditId), ofRecord));
      if (!entry) throw notFound('Change');
      const writable = new Set(writableFields(definition, actor.roles));
      const restorable = (change: FieldChange) =>
        editable.has(change.field) &&
        writable.has(change.field) &&
        (!fields || fields.includes(change.field));
      const restored = whole
        ? firstOfEachField(await laterChanges(auditId, ofRecord)).filter(restorable)
        : changesOf(entry.details).filter(restorable);
      if (restored.length === 0) throw badRequest('fields', 'Nothing in this change can be restored');
      const body = Object.fromEntries([...editable].map((field) => [field, record[field]]));
      for (const change of restored) body[change.field] = change.before;
      const parsed = updateSchema.safeParse(body);
      if (!parsed.success) {
        const [issue] = parsed.error.issues;
        throw badRequest(issue.path.join('.'), issue.message);
      }
      // The version the client read, when it sent one; else the record's as read above.
      const values = { ...(parsed.data as Values), ...(version === undefined ? {} : { version }) };
      return { result: await update(actor, id, values) };
    },
  );
}
