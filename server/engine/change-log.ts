import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { changeStreamLimits } from '../../contract/changes';
import type { Db } from '../db/client';
import { serverSecrets } from '../db/schema';
import type { LoggedChange } from '../db/announce';

/*
 * The change log (`change_log`): every announced change at its position in one order that all
 * servers share and that outlives them, so a stream resumes (`Last-Event-ID`) on any server and
 * after restarts, or is told `reset` when what it missed is no longer kept. `announce` writes it
 * (`change-feed.ts`); the job worker's hourly chores prune it.
 */

/** The last position written (0 before the first change). */
export async function changeLogHead(db: Db) {
  const result = (await db.execute(
    sql`select coalesce(max(position), 0)::float8 as head from change_log`,
  )) as unknown as { rows: { head: number }[] };
  return result.rows[0].head;
}

/**
 * The changes after `position`, oldest first, or undefined when that cannot be answered in
 * full: some of them were pruned, there are more than the window, or the position was never
 * written. The prune keeps the newest change, so every pruned position lies below the oldest
 * kept one: one just below it may be a rolled-back gap, and then it is a reset too many, never
 * a change missed in silence.
 */
export async function changesSince(db: Db, position: number): Promise<LoggedChange[] | undefined> {
  const result = (await db.execute(
    sql`select position::float8 as position, notice from change_log
        where position > ${position} order by position limit ${changeStreamLimits.replayWindow + 1}`,
  )) as unknown as { rows: LoggedChange[] };
  // Read after the changes: a prune in between shows here, and makes it a reset.
  const bounds = (await db.execute(
    sql`select coalesce(min(position), 1)::float8 as oldest, coalesce(max(position), 0)::float8 as head
        from change_log`,
  )) as unknown as { rows: { oldest: number; head: number }[] };
  const { oldest, head } = bounds.rows[0];
  if (position > head || position < oldest - 1) return undefined;
  return result.rows.length > changeStreamLimits.replayWindow ? undefined : result.rows;
}

/** How long the log keeps a change at most; it keeps no more than the replay window either way. */
const changeLogRetentionMs = 24 * 60 * 60_000;

/**
 * Drops changes past the window (by count and age), always keeping the newest, which tells
 * `changesSince` where the pruned part ends. Answers how many went.
 */
export async function pruneChangeLog(
  db: Db,
  {
    keep = changeStreamLimits.replayWindow,
    retentionMs = changeLogRetentionMs,
  }: { keep?: number; retentionMs?: number } = {},
) {
  const result = (await db.execute(sql`
    with newest as (select max(position) as head from change_log),
         kept as (
           select position from change_log order by position desc offset ${Math.max(keep, 1) - 1} limit 1
         )
    delete from change_log
    where position < (select head from newest)
      and (position < (select position from kept)
           or created_at < now() - ${`${retentionMs} milliseconds`}::interval)
    returning position`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}

/** Prunes with the job worker's hourly chores; a failed run is tried again an hour later. */
export function scheduleChangeLogPrune(
  jobs: { addChore(chore: () => Promise<unknown>): void },
  db: Db,
  log: FastifyBaseLogger,
) {
  jobs.addChore(async () => {
    try {
      await pruneChangeLog(db);
    } catch (error) {
      log.warn({ err: error }, 'change log prune failed; it runs again in an hour');
    }
  });
}

/** The name of the key that seals positions into stream ids, in `server_secrets`. */
const positionKeyName = 'change-stream-position';

/**
 * Seals positions into the ids a stream shows: AES-256-GCM with a fresh nonce, under a key
 * every server reads from the database. An id says nothing of how many changes lie between two
 * others (the log counts every school's changes), nor whether two ids are the same position,
 * and a forged or foreign id opens to nothing (a reset).
 */
export async function positionSeal(db: Db) {
  await db
    .insert(serverSecrets)
    .values({ name: positionKeyName, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [secret] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(sql`${serverSecrets.name} = ${positionKeyName}`);
  const key = Buffer.from(secret.value, 'base64');
  return {
    seal(position: number) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const plain = Buffer.alloc(8);
      plain.writeBigUInt64BE(BigInt(position));
      return Buffer.concat([nonce, cipher.update(plain), cipher.final(), cipher.getAuthTag()]).toString(
        'base64url',
      );
    },
    open(id: string): number | undefined {
      const sealed = Buffer.from(id, 'base64url');
      if (sealed.length !== 12 + 8 + 16) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
        decipher.setAuthTag(sealed.subarray(20));
        const plain = Buffer.concat([decipher.update(sealed.subarray(12, 20)), decipher.final()]);
        return Number(plain.readBigUInt64BE());
      } catch {
        return undefined;
      }
    },
  };
}
