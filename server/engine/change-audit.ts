import { audit, auditAll, isSecretName } from '../audit';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/client';
import { eq } from 'drizzle-orm';
import type { AnyResource } from '../../contract/resource';
import type { ChangeAction, ResourceTable, TransitionTaken, Values } from './types';

/** The changes whose audit row keeps each field's value before and after. */
const changesFields: ChangeAction[] = ['update', 'toggle', 'revert', 'transition'];

/** A value as the API and the audit log keep it: timestamps as ISO 8601 text. */
const plain = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

/** The row as it was before a change, read in the change's transaction. */
async function recordBefore(tx: Db, engine: ResourceTable, id: number) {
  const [row] = await tx.select(engine.select).from(engine.table).where(eq(engine.columns.id, id));
  return row as Values | undefined;
}

/** Each field of the definition whose value the change altered, secrets never among them. */
export function fieldChanges(definition: AnyResource, before: Values, after: Values) {
  return Object.keys(definition.fields)
    .filter((field) => !isSecretName(field))
    .map((field) => ({ field, before: plain(before[field]), after: plain(after[field]) }))
    .filter((change) => JSON.stringify(change.before) !== JSON.stringify(change.after));
}

/** The row before a change whose audit row keeps each field's value before and after; else nothing. */
export const auditedBefore = (tx: Db, engine: ResourceTable, action: ChangeAction, id: number | undefined) =>
  engine.definition.audit && id !== undefined && changesFields.includes(action)
    ? recordBefore(tx, engine, id)
    : undefined;

/**
 * The audit row of a change of an audited resource, in the change's transaction: the record's
 * title and the fields it altered (a toggle: the value it set), under the module's own word for
 * the action where it has one, and the id of the import that made it, if one did.
 */
export async function auditChange(
  tx: Db,
  engine: ResourceTable,
  actor: SessionUser,
  action: ChangeAction,
  written: Values,
  change: { values?: Values; before?: Values; importId?: string; transition?: TransitionTaken } = {},
) {
  const { definition, server } = engine;
  if (!definition.audit) return;
  const changes = change.before ? fieldChanges(definition, change.before, written) : undefined;
  const details: Values =
    action === 'toggle' && change.values
      ? { ...change.values, changes }
      : { [definition.titleField]: written[definition.titleField], changes };
  if (change.transition) Object.assign(details, change.transition);
  // One import's rows share its id: what its Undo finds them by.
  if (change.importId) details.importId = change.importId;
  await audit(
    tx,
    actor.id,
    server.auditActions?.[action] ?? action,
    definition.audit.entityType,
    written.id as number,
    details,
  );
}

/**
 * The audit rows of many rows of one change (an import's creates, its Undo's deletes), in one
 * statement: each with the record's title, and the import's id where it made them.
 */
export async function auditRows(
  tx: Db,
  engine: ResourceTable,
  actor: SessionUser,
  action: 'create' | 'delete',
  rows: Values[],
  importId?: string,
) {
  const { definition, server } = engine;
  if (!definition.audit || rows.length === 0) return;
  await auditAll(
    tx,
    rows.map((written) => ({
      actorUserId: actor.id,
      action: server.auditActions?.[action] ?? action,
      entityType: definition.audit!.entityType,
      entityId: written.id as number,
      details: { [definition.titleField]: written[definition.titleField], ...(importId ? { importId } : {}) },
    })),
  );
}
