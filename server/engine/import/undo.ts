import { and, asc, eq, getTableName, inArray, max, sql } from 'drizzle-orm';
import type { ImportKeptReason } from '../../../contract/import';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import { notFound } from '../../errors';
import { announceChange, announceChanges } from '../change-feed';
import { auditChange, auditRows } from '../change-audit';
import type { ResourceEngine } from '../engine';
import { rowCondition, scopeCondition } from '../scope';
import { moveToTrash } from '../trash';
import type { Values } from '../types';
import { nextVersion } from '../versions';

interface FieldChange {
  field: string;
  before: unknown;
}

const batchSize = 1000;

const batchesOf = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / batchSize) }, (_, index) =>
    items.slice(index * batchSize, (index + 1) * batchSize),
  );

/**
 * Of these rows, those another table's row names by a foreign key (an account's sessions, its
 * audit entries as the actor, an order's promo code): a row referred to is in use. Read from the
 * database's own catalogue, so a table added later counts without being listed here.
 */
async function referredTo(tx: Db, engine: ResourceEngine, ids: number[]) {
  const own = new Set(engine.server.import?.ownReferences ?? []);
  const keys = (await tx.execute(sql`
    select c.conrelid::regclass::text as "table", a.attname as "column"
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and cardinality(c.conkey) = 1
      and c.confrelid = ${getTableName(engine.table)}::regclass`)) as unknown as {
    rows: { table: string; column: string }[];
  };
  const found = new Set<number>();
  for (const { table, column } of keys.rows.filter((key) => !own.has(key.table)))
    for (const batch of batchesOf(ids)) {
      const named = (await tx.execute(
        sql`select distinct ${sql.identifier(column)} as id from ${sql.raw(table)}
          where ${sql.identifier(column)} in (${sql.join(
            batch.map((id) => sql`${id}`),
            sql`, `,
          )})`,
      )) as unknown as { rows: { id: number }[] };
      for (const row of named.rows) found.add(Number(row.id));
    }
  return found;
}

type Entry = { id: number; action: string; entityId: string | null; details: unknown };

/** An import's audit entries (its creates and updates) in the order it wrote them; 404 if none. */
export async function importEntries(db: Db, engine: ResourceEngine, importId: string): Promise<Entry[]> {
  const entityType = engine.definition.audit?.entityType;
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
  return entries;
}

export type ImportKept = { id: number; title: string; reason: ImportKeptReason };

/**
 * Undo of these entries of an import, in the caller's transaction (`undo-job.ts` says which): what it created goes to the
 * trash (or is deleted, for a resource without one), what it updated gets back each field's value
 * before, as the history keeps it. A row changed since the import (any later audit entry) or used
 * since (referred to by another record, or used by the module's measure: an account confirmed) is
 * kept as it is and listed with why, so Undo never takes away what someone has begun to rely on.
 */
export async function undoEntries(tx: Db, engine: ResourceEngine, actor: SessionUser, entries: Entry[]) {
  const { definition } = engine;
  const entityType = definition.audit!.entityType;
  const updateColumns = new Set(
    Object.keys(definition.fields).filter((name) => !definition.fields[name].readOnly),
  );
  let removed = 0;
  let restored = 0;
  const kept: ImportKept[] = [];
  const ids = entries.map((entry) => Number(entry.entityId));
  const created = entries.filter((entry) => entry.action === 'create').map((entry) => Number(entry.entityId));
  const used = await referredTo(tx, engine, created);
  const usedSince = engine.server.import?.usedSince;
  if (usedSince)
    for (const batch of batchesOf(created)) for (const id of await usedSince(tx, batch)) used.add(id);
  // Read in batches, not a row at a time: Undo of 10,000 rows took 71 s one by one.
  const latest = new Map<number, number>();
  const current = new Map<number, Values>();
  const scope = scopeCondition(engine, actor);
  for (const batch of batchesOf(ids)) {
    const audits = await tx
      .select({ entityId: auditLog.entityId, last: max(auditLog.id) })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, entityType),
          inArray(
            auditLog.entityId,
            batch.map((id) => String(id)),
          ),
        ),
      )
      .groupBy(auditLog.entityId);
    for (const { entityId, last } of audits) latest.set(Number(entityId), Number(last));
    const rows = (await tx
      .select(engine.select)
      .from(engine.table)
      .where(and(inArray(engine.columns.id, batch), scope))) as Values[];
    for (const row of rows) current.set(row.id as number, row);
  }
  const removable: number[] = [];
  for (const entry of entries) {
    const id = Number(entry.entityId);
    const row = current.get(id);
    // Gone already (deleted, or out of the actor's reach): nothing of it to undo.
    if (!row) continue;
    const details = (entry.details ?? {}) as { changes?: FieldChange[] } & Values;
    const changed = (latest.get(id) ?? 0) > entry.id;
    if (changed || (entry.action === 'create' && used.has(id))) {
      kept.push({
        id,
        title: String(row[definition.titleField] ?? details[definition.titleField] ?? id),
        reason: changed ? 'changed' : 'used',
      });
      continue;
    }
    if (entry.action === 'create') {
      removable.push(id);
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
      .where(rowCondition(engine, actor, id))
      .returning(engine.select)) as Values[];
    await auditChange(tx, engine, actor, 'revert', written, { before: row });
    await announceChange(tx, definition, 'updated', written, actor);
    restored += 1;
  }
  for (const batch of batchesOf(removable)) {
    const condition = and(inArray(engine.columns.id, batch), scope);
    const gone = definition.trash
      ? await moveToTrash(tx, engine, condition, actor)
      : ((await tx.delete(engine.table).where(condition).returning(engine.select)) as Values[]);
    await auditRows(tx, engine, actor, 'delete', gone);
    await announceChanges(tx, definition, 'deleted', gone, actor);
    removed += gone.length;
  }
  return { removed, restored, kept };
}
