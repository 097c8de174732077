import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { announceChange } from '../change-feed';
import { auditChange } from '../change-audit';
import type { ResourceEngine } from '../engine';
import { rowCondition } from '../scope';
import { moveToTrash } from '../trash';
import type { Values } from '../types';
import { nextVersion } from '../versions';

interface FieldChange {
  field: string;
  before: unknown;
}

/**
 * Undo of an import, all rows or none in one transaction: what it created goes to the trash (or
 * is deleted, for a resource without one), what it updated gets back each field's value before,
 * as the history keeps it. A row anyone has changed since the import (any later audit entry) is
 * refused with the spec's 400, and nothing is undone.
 */
export async function undoImport(db: Db, engine: ResourceEngine, actor: SessionUser, importId: string) {
  const { definition } = engine;
  const entityType = definition.audit?.entityType;
  if (!entityType) throw notFound('Import');
  const entries = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      entityId: auditLog.entityId,
      details: auditLog.details,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entityType, entityType),
        inArray(auditLog.action, ['create', 'update']),
        sql`${auditLog.details}->>'importId' = ${importId}`,
      ),
    )
    .orderBy(asc(auditLog.id));
  if (entries.length === 0) throw notFound('Import');
  const updateColumns = new Set(
    Object.keys(definition.fields).filter((name) => !definition.fields[name].readOnly),
  );
  let removed = 0;
  let restored = 0;
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    for (const entry of entries) {
      const id = Number(entry.entityId);
      const details = (entry.details ?? {}) as { changes?: FieldChange[] } & Values;
      const title = String(details[definition.titleField] ?? id);
      const [later] = await tx
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entityType, entityType),
            eq(auditLog.entityId, String(id)),
            gt(auditLog.id, entry.id),
          ),
        )
        .limit(1);
      const condition = rowCondition(engine, actor, id);
      const [current] = (await tx.select(engine.select).from(engine.table).where(condition)) as Values[];
      if (later || !current) {
        throw badRequest('', `'${title}' was changed after the import, so the import cannot be undone`);
      }
      if (entry.action === 'create') {
        const [gone] = definition.trash
          ? await moveToTrash(tx, engine, condition, actor)
          : ((await tx.delete(engine.table).where(condition).returning(engine.select)) as Values[]);
        await auditChange(tx, engine, actor, 'delete', gone);
        await announceChange(tx, definition, 'deleted', gone, actor);
        removed += 1;
        continue;
      }
      const before = Object.fromEntries(
        (details.changes ?? [])
          .filter((change) => updateColumns.has(change.field))
          .map((change) => [change.field, change.before]),
      );
      const [written] = (await tx
        .update(engine.table)
        .set({ ...before, version: nextVersion(engine.columns.version) } as never)
        .where(condition)
        .returning(engine.select)) as Values[];
      await auditChange(tx, engine, actor, 'revert', written, { before: current });
      await announceChange(tx, definition, 'updated', written, actor);
      restored += 1;
    }
  });
  return { removed, restored };
}
