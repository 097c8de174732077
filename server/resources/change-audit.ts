import { audit } from '../audit';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/client';
import type { ResourceEngine } from './engine';
import { changesFields, fieldChanges, recordBefore } from './history';
import type { ChangeAction, Values } from './types';

/** The row before a change whose audit row keeps each field's value before and after; else nothing. */
export const auditedBefore = (
  tx: Db,
  engine: ResourceEngine,
  action: ChangeAction,
  id: number | undefined,
) =>
  engine.definition.audit && id !== undefined && changesFields.includes(action)
    ? recordBefore(tx, engine, id)
    : undefined;

/**
 * The audit row of a change of an audited resource, in the change's transaction: the record's
 * title and the fields it altered (a toggle: the value it set), under the module's own word for
 * the action where it has one.
 */
export async function auditChange(
  tx: Db,
  engine: ResourceEngine,
  actor: SessionUser,
  action: ChangeAction,
  written: Values,
  change: { values?: Values; before?: Values } = {},
) {
  const { definition, server } = engine;
  if (!definition.audit) return;
  const changes = change.before ? fieldChanges(definition, change.before, written) : undefined;
  const details =
    action === 'toggle' && change.values
      ? { ...change.values, changes }
      : { [definition.titleField]: written[definition.titleField], changes };
  await audit(
    tx,
    actor.id,
    server.auditActions?.[action] ?? action,
    definition.audit.entityType,
    written.id as number,
    details,
  );
}
