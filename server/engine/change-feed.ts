import { sql } from 'drizzle-orm';
import type { ChangeAction, RecordChange } from '../../contract/changes';
import type { AnyResource } from '../../contract/resource';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/client';
import type { ChangeAction as EngineAction } from './types';

/** The channel every server listens on for record changes (`server/modules/changes`). */
export const recordChangeChannel = 'record_changed';

/** Any number, the same in every server process: it names the change log's lock among advisory locks. */
const changeLogLockSpace = 7_292;

/** A change as the log keeps it: the event, and the organization it belongs to for the filter. */
export interface ChangeNotice extends RecordChange {
  organizationId: number | null;
  /** The one user the change is for (their notifications): nobody else's stream carries it. */
  userId?: number;
}

/** What travels on the channel: the change and its place in the log, the order every server shares. */
export interface LoggedChange {
  position: number;
  notice: ChangeNotice;
}

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

/** Who a change made by no signed-in user (a job, a webhook) is announced as. */
export const systemActor = (name: string) => ({ id: 0, name });

/**
 * The same for a module's own records (products, a Shopify order): `resource` is its access
 * key, so the stream filters it by that key's roles and the organization.
 */
export async function announce(tx: Db, notice: Omit<ChangeNotice, 'at'>) {
  await announceAll(tx, [notice]);
}

/** The same for many of a module's records in one statement (the jobs a prune deletes). */
export async function announceAll(tx: Pick<Db, 'execute'>, notices: readonly Omit<ChangeNotice, 'at'>[]) {
  const at = new Date().toISOString();
  const full: ChangeNotice[] = notices.map((notice) => ({ ...notice, at }));
  // The lock, held to the commit, makes positions follow commit order: a change with a lower
  // position never commits after a higher one, which a stream resuming from the higher would skip.
  await tx.execute(sql`
    with logged as (
      insert into change_log (notice)
      select notice.value
      from (select pg_advisory_xact_lock(${changeLogLockSpace}::int, 0)) as serialized,
        jsonb_array_elements(${JSON.stringify(full)}::jsonb) with ordinality as notice
      order by notice.ordinality
      returning position, notice
    )
    select pg_notify(${recordChangeChannel}, jsonb_build_object('position', position, 'notice', notice)::text)
    from logged`);
}
