import type { ChangeAction } from '../../contract/changes';
import type { AnyResource } from '../../contract/resource';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/client';
import { announceAll } from '../db/announce';
import type { ChangeAction as EngineAction } from './types';

/** What an engine change is called in the change stream (`contract/changes.ts`). */
export const announcedAs: Record<EngineAction, ChangeAction> = {
  create: 'created',
  update: 'updated',
  toggle: 'updated',
  revert: 'updated',
  transition: 'updated',
  delete: 'deleted',
  purge: 'deleted',
  restore: 'restored',
};

export const displayNameOf = (user: Pick<SessionUser, 'firstName' | 'lastName' | 'email'>) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

/**
 * Tells every server of a change, inside the change's transaction (or as a transaction of its
 * own): the change log keeps it for streams that resume (`change-log.ts`), and PostgreSQL
 * delivers a NOTIFY only if the transaction commits, so a rolled-back change is neither kept nor
 * announced, on PGlite as on PostgreSQL.
 */
export async function announceChange(
  tx: Db,
  definition: AnyResource,
  action: ChangeAction,
  row: Record<string, unknown>,
  actor: SessionUser,
) {
  await announceChanges(tx, definition, action, [row], actor);
}

/** The same for many rows of one change (an import), in one statement. */
export async function announceChanges(
  tx: Db,
  definition: AnyResource,
  action: ChangeAction,
  rows: readonly Record<string, unknown>[],
  actor: SessionUser,
) {
  const field = definition.organizationField;
  await announceAll(
    tx,
    rows.map((row) => ({
      resource: definition.name,
      id: row.id as number,
      action,
      version: typeof row.version === 'number' ? row.version : null,
      by: { id: actor.id, name: displayNameOf(actor) },
      organizationId:
        field === 'id' ? (row.id as number) : field ? ((row[field] as number | null) ?? null) : null,
    })),
  );
}
