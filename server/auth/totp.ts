import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { generate, generateSecret, generateURI, verify } from 'otplib';
import type { Db } from '../db/client';
import { users } from '../db/schema';

/** RFC 6238 as authenticator apps expect it: SHA-1, six digits, 30-second steps. */
const totpSettings = { algorithm: 'sha1', digits: 6, period: 30 } as const;

/** One step of clock drift either side, expressed in seconds as otplib wants it. */
const tolerance = totpSettings.period;

const issuer = 'Spirit Portal';

/** 20 random bytes (160 bits), RFC 4226's recommended key size: 32 base32 characters. */
export const newAuthenticatorKey = () => generateSecret({ length: 20 });

/** The key as people type it: lowercase, in groups of four. */
export const formatKey = (key: string) =>
  key
    .toLowerCase()
    .match(/.{1,4}/g)
    ?.join(' ') ?? '';

export const authenticatorUri = (email: string, key: string) =>
  generateURI({ ...totpSettings, issuer, label: email, secret: key });

/** Codes are typed with spaces or dashes by some apps; only the digits count. */
const normalizeCode = (code: string) => code.replace(/[\s-]/g, '');

/** The time step a code matches, or null; `afterStep` refuses that step and every one before it. */
export async function matchingStep(key: string, code: string, afterStep: number | null) {
  const token = normalizeCode(code);
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verify({
    ...totpSettings,
    secret: key,
    token,
    epochTolerance: tolerance,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/**
 * Checks a code against the user's authenticator and records its step in one conditional
 * update, so a code is accepted once even when two requests race with it.
 */
export async function acceptTotpCode(
  db: Db,
  user: { id: number; authenticatorKey: string | null; lastTotpStep: number | null },
  code: string,
) {
  if (!user.authenticatorKey) return false;
  const step = await matchingStep(user.authenticatorKey, code, user.lastTotpStep);
  if (step === null) return false;
  const claimed = await db
    .update(users)
    .set({ lastTotpStep: step })
    .where(and(eq(users.id, user.id), or(isNull(users.lastTotpStep), lt(users.lastTotpStep, step))))
    .returning({ id: users.id });
  return claimed.length === 1;
}

/** The code an authenticator shows at a moment (tests and tools). */
export const totpCodeAt = (key: string, epochSeconds: number) =>
  generate({ ...totpSettings, secret: key, epoch: epochSeconds });
