import { and, gt, inArray, lt, sql } from 'drizzle-orm';
import { isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { HttpError } from '../errors';

export interface Limit {
  /** What is limited, e.g. `login`. */
  name: string;
  /** Attempts allowed per window. */
  max: number;
  windowMinutes: number;
}

/** Per account and per address, on top of the five-failure lockout; sign-in steps count failures. */
export const limits = {
  loginPerAccount: { name: 'login:account', max: 10, windowMinutes: 15 },
  loginPerAddress: { name: 'login:address', max: 50, windowMinutes: 15 },
  /** A browser holding the account's device cookie: its own budget, instead of the two above. */
  loginPerDevice: { name: 'login:device', max: 10, windowMinutes: 15 },
  secondStepPerAccount: { name: '2fa:account', max: 10, windowMinutes: 15 },
  secondStepPerAddress: { name: '2fa:address', max: 50, windowMinutes: 15 },
  /** The second step, and passwords asked again, from a browser holding the account's device cookie. */
  secondStepPerDevice: { name: '2fa:device', max: 10, windowMinutes: 15 },
  /**
   * Passkey sign-in options (a stored challenge each), counted on every request: the sign-in
   * page asks for them on each visit, for the browser's autofill, so a school behind one address
   * needs room; a browser holding any account's device cookie counts on its own budget.
   */
  passkeyOptionsPerAddress: { name: 'passkey-options:address', max: 100, windowMinutes: 15 },
  passkeyOptionsPerDevice: { name: 'passkey-options:device', max: 20, windowMinutes: 15 },
  forgotPerAccount: { name: 'forgot:account', max: 3, windowMinutes: 60 },
  forgotPerAddress: { name: 'forgot:address', max: 20, windowMinutes: 60 },
  changeEmailPerAccount: { name: 'change-email:account', max: 3, windowMinutes: 60 },
  changeEmailPerTarget: { name: 'change-email:target', max: 3, windowMinutes: 60 },
  changeEmailPerAddress: { name: 'change-email:address', max: 10, windowMinutes: 60 },
  registerPerAddress: { name: 'register:address', max: 10, windowMinutes: 60 },
  contactPerAddress: { name: 'contact:address', max: 10, windowMinutes: 60 },
} satisfies Record<string, Limit>;

const tooManyAttempts = () => new HttpError(429, 'Too many attempts. Try again in a few minutes.');

/**
 * Counts one attempt in a fixed window with a single upsert (atomic across processes)
 * and answers whether it is still within the limit.
 */
export async function hit(db: Db, limit: Limit, subject: string) {
  const key = `${limit.name}:${subject}`;
  const windowEnd = sql`now() + make_interval(mins => ${limit.windowMinutes})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: 1, windowEndsAt: sql`${windowEnd}` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.windowEndsAt} <= now() then 1 else ${rateLimits.hits} + 1 end`,
        windowEndsAt: sql`case when ${rateLimits.windowEndsAt} <= now() then ${windowEnd} else ${rateLimits.windowEndsAt} end`,
      },
    })
    .returning({ hits: rateLimits.hits });
  return row.hits <= limit.max;
}

/**
 * Counts the attempt against every pair and throws 429 when any is over its limit. It is
 * counted before the password or code is checked, so a burst of concurrent guesses cannot
 * all pass a limit that none of them had counted yet. Steps that count failures only give
 * the attempt back with the returned `refund` once it succeeded.
 */
export async function enforce(db: Db, checks: [Limit, string][]) {
  let allowed = true;
  for (const [limit, subject] of checks) {
    if (!(await hit(db, limit, subject))) allowed = false;
  }
  if (!allowed) throw tooManyAttempts();
  return { refund: () => refund(db, checks) };
}

async function refund(db: Db, checks: [Limit, string][]) {
  const keys = checks.map(([limit, subject]) => `${limit.name}:${subject}`);
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(and(inArray(rateLimits.key, keys), gt(rateLimits.windowEndsAt, sql`now()`)));
}

/** The eight 16-bit groups of a valid IPv6 address, `::` expanded and an IPv4 tail converted. */
function ipv6Groups(address: string) {
  const withoutZone = address.split('%')[0];
  const text = withoutZone.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
    [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((group) => group.toString(16)).join(':'),
  );
  const [head, tail] = text.split('::');
  const parts = (part: string | undefined) => (part ? part.split(':') : []);
  const zeros = tail === undefined ? [] : Array(8 - parts(head).length - parts(tail).length).fill('0');
  return [...parts(head), ...zeros, ...parts(tail)].map((group) => parseInt(group, 16));
}

/**
 * The client a per-address limit counts. One IPv6 address has many spellings, and one
 * subscriber gets a whole /64 (SLAAC, privacy addresses), so IPv6 counts by its /64 prefix; an
 * IPv4-mapped address (`::ffff:203.0.113.7`, a dual-stack socket) is the IPv4 address it carries.
 */
export function clientOf(address: string) {
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

export const addressOf = (request: FastifyRequest) => clientOf(request.ip);

export const purgeExpiredLimits = (db: Db) =>
  db.delete(rateLimits).where(lt(rateLimits.windowEndsAt, new Date()));
