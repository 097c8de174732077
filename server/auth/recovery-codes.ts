import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { recoveryCodes } from '../db/schema';
import { hashToken } from './tokens';

export const recoveryCodeCount = 10;

/** No 0/o, 1/l/i: a code read off paper is typed back right. */
const alphabet = '23456789abcdefghjkmnpqrstuvwxyz';

const randomGroup = () => Array.from({ length: 5 }, () => alphabet[randomInt(alphabet.length)]).join('');

export const newRecoveryCode = () => `${randomGroup()}-${randomGroup()}`;

export const normalizeRecoveryCode = (code: string) => code.trim().toLowerCase().replace(/\s/g, '');

/** Bound to the user so one table row cannot be replayed against another account. */
const hashCode = (userId: number, code: string) => hashToken(`${userId}:${normalizeRecoveryCode(code)}`);

/** A fresh set of ten replaces every earlier code; only hashes are stored. */
export async function replaceRecoveryCodes(db: Db, userId: number) {
  const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((code) => ({ userId, codeHash: hashCode(userId, code) })));
  });
  return codes;
}

/** Marks the code used in one conditional update: of two concurrent uses only one succeeds. */
export async function consumeRecoveryCode(db: Db, userId: number, code: string) {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashCode(userId, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

export const deleteRecoveryCodes = (db: Db, userId: number) =>
  db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
