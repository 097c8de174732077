import { createHash } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../auth/guards';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { badRequest, HttpError } from '../errors';

/** How long a key's first answer is kept, as Stripe keeps them. */
const keptFor = sql`interval '24 hours'`;
const header = 'idempotency-key';

/** Writes the first answer in the write's own transaction, so a committed write always has it. */
export type Remember<T> = (tx: Db, answer: T) => Promise<void>;

function keyOf(request: FastifyRequest) {
  const key = request.headers[header];
  if (key === undefined) return undefined;
  if (typeof key !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(key)) {
    throw badRequest('Idempotency-Key', 'Idempotency-Key must be 1 to 255 visible characters');
  }
  return key;
}

/**
 * Runs a create at most once per `Idempotency-Key` of a user within 24 hours (Stripe's contract):
 * a key seen before answers what its first request answered, and is refused for another request
 * (`asked`: the route and what was sent). Only a success is kept: a refused or failed write wrote
 * nothing, so its retry is tried again. Two requests racing with one key meet at the unique
 * index (or the record's own); the second waits for the first's commit and answers as it did.
 */
export async function idempotently<T>(
  db: Db,
  request: FastifyRequest,
  asked: string,
  run: (remember: Remember<T> | undefined) => Promise<T>,
): Promise<T> {
  const key = keyOf(request);
  if (key === undefined) return run(undefined);
  const userId = currentUser(request).id;
  const fingerprint = createHash('sha256').update(asked).digest('base64url');
  const first = async () => {
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.userId, userId),
          eq(idempotencyKeys.key, key),
          gt(idempotencyKeys.createdAt, sql`now() - ${keptFor}`),
        ),
      );
    if (row && row.request !== fingerprint) {
      throw badRequest('Idempotency-Key', 'This Idempotency-Key was already sent with another request');
    }
    return row ? { answer: row.answer as T } : undefined;
  };
  const earlier = await first();
  if (earlier) return earlier.answer;
  try {
    return await run(async (tx, answer) => {
      await tx
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.userId, userId),
            eq(idempotencyKeys.key, key),
            lt(idempotencyKeys.createdAt, sql`now() - ${keptFor}`),
          ),
        );
      await tx.insert(idempotencyKeys).values({ userId, key, request: fingerprint, answer });
    });
  } catch (error) {
    // A request racing with the same key may have committed first: then this one failed on the
    // key, or on a unique rule of the record it made too. Either way, it answers as the first did.
    let raced: Awaited<ReturnType<typeof first>>;
    try {
      raced = await first();
    } catch (lookup) {
      throw lookup instanceof HttpError ? lookup : error;
    }
    if (raced) return raced.answer;
    throw error;
  }
}

/** Deletes the answers past 24 hours; with the job worker's hourly chores. */
export async function purgeIdempotencyKeys(db: Db) {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - ${keptFor}`));
}
