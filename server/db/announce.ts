import { sql } from 'drizzle-orm';
import type { RecordChange } from '../../contract/changes';
import type { Db } from './client';

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

/** Who a change made by no signed-in user (a job, a webhook) is announced as. */
export const systemActor = (name: string) => ({ id: 0, name });

/**
 * Tells every server of a change to a module's own records (products, a Shopify order), as
 * `announceAll` does: `resource` is its access key, so the stream filters it by that key's roles
 * and the organization.
 */
export async function announce(tx: Db, notice: Omit<ChangeNotice, 'at'>) {
  await announceAll(tx, [notice]);
}

/**
 * Tells every server of changes, in one statement inside the changes' transaction (or as a
 * transaction of its own): the change log keeps them for streams that resume
 * (`server/engine/change-log.ts`), and PostgreSQL delivers a NOTIFY only if the transaction
 * commits, so a rolled-back change is neither kept nor announced. Here, below the engine, so that
 * the job queue and the mailer announce their rows too.
 */
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
