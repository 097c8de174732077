import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LoginResult } from '../../../contract/account';
import { eq } from 'drizzle-orm';
import { issueDeviceCookie, trustedDevice } from '../../auth/device-cookies';
import { addressOf, enforce, type Limit, limits } from '../../auth/rate-limit';
import { consumeRecoveryCode } from '../../auth/recovery-codes';
import { type SessionStage, type SessionUser, setSessionCookie } from '../../auth/sessions';
import { isRememberedMachine, rememberMachine } from '../../auth/trusted-machines';
import { acceptTotpCode } from '../../auth/totp';
import { users } from '../../db/schema';
import { unauthorized } from '../../errors';
import {
  checkPassword,
  claimLoginAttempt,
  findUserByEmail,
  freshAuth,
  clearFailedLogins,
  lockIfAttemptsSpent,
  loginResult,
  normalizeEmail,
} from './service';

export const invalidAuthenticatorCode = 'Invalid authenticator code.';
export const invalidRecoveryCode = 'Invalid recovery code entered.';
const accountLockedUntil = (time: string) =>
  `This account is locked after too many failed attempts. Try again at ${time}.`;

/**
 * The end of a lockout as the user's clock shows it (their reported time zone, else UTC), rounded
 * up to the minute, so trying again at that minute works.
 */
function lockoutEndText(end: Date, timeZone: string | null) {
  const zone = timeZone && Intl.supportedValuesOf('timeZone').includes(timeZone) ? timeZone : 'UTC';
  const minute = new Date(Math.ceil(end.getTime() / 60_000) * 60_000);
  const time = new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: zone,
  }).format(minute);
  return `${time} ${zone}`;
}

/** Replaces whatever session the browser had with a new one: a fresh id after each step. */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  stage: SessionStage,
  rememberMe: boolean,
) {
  if (request.auth) await app.sessions.revoke(request.auth.sessionId);
  const session = await app.sessions.create(userId, stage, rememberMe);
  setSessionCookie(request, reply, session.token, {
    persistent: stage === 'full' && rememberMe,
    maxAgeMs: session.expiresAt.getTime() - Date.now(),
  });
  if (stage === 'full') {
    const [user] = await app.db
      .select({ id: users.id, securityStamp: users.securityStamp })
      .from(users)
      .where(eq(users.id, userId));
    if (user) issueDeviceCookie(request, reply, user);
  }
}

/** The password step; a remembered machine skips the second one. */
export async function passwordStep(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: { email: string; password: string; rememberMe: boolean },
): Promise<LoginResult> {
  const user = await findUserByEmail(app.db, body.email);
  const device = user && trustedDevice(request, user);
  const checks: [Limit, string][] = device
    ? [[limits.loginPerDevice, device]]
    : [
        [limits.loginPerAccount, normalizeEmail(body.email)],
        [limits.loginPerAddress, addressOf(request)],
      ];
  const attempt = await enforce(app.db, checks);
  const check = await checkPassword(app.db, user, body.password, { trustedDevice: Boolean(device) });
  if (check.status === 'Failed') return loginResult('Failed', check.message);
  await attempt.refund();
  const status =
    check.status === 'RequiresTwoFactor' && (await isRememberedMachine(app.db, request, check.user))
      ? 'Succeeded'
      : check.status;
  if (status === 'Succeeded' && check.status === 'RequiresTwoFactor') {
    await clearFailedLogins(app.db, check.user.id);
  }
  await startSession(
    app,
    request,
    reply,
    check.user.id,
    status === 'Succeeded' ? 'full' : 'twoFactor',
    body.rememberMe,
  );
  return loginResult(status);
}

/**
 * Second-step guesses (codes, and passwords asked again) are limited per account and per address;
 * from a browser holding the account's device cookie on the device's own budget, as at the
 * password step: anyone with an account and an authenticator of their own could otherwise spend
 * the address's budget with wrong codes and keep everyone behind it at the second step.
 */
export function secondStepChecks(
  request: FastifyRequest,
  user: { id: number; securityStamp: string },
): [Limit, string][] {
  const device = trustedDevice(request, user);
  if (device) return [[limits.secondStepPerDevice, device]];
  return [
    [limits.secondStepPerAccount, String(user.id)],
    [limits.secondStepPerAddress, addressOf(request)],
  ];
}

/** The half-signed-in session of the password step: it opens the second step and nothing else. */
async function pendingSecondStep(app: FastifyInstance, request: FastifyRequest) {
  const auth = await freshAuth(app.db, request.auth);
  if (auth?.stage !== 'twoFactor') throw unauthorized();
  return auth;
}

type SecondStepOutcome = { user: SessionUser } | { refused: 'code' } | { refused: 'locked'; until: string };

/**
 * Both second steps: within the rate limits, each code checked takes one of the account's failure
 * slots first, a wrong one counts towards the lockout and a right one opens the full session. From
 * a browser holding the account's device cookie, as at the password step, the device's own budget
 * (`secondStepChecks`) is the only limit: the lockout, which anyone typing wrong passwords sets
 * off, must not keep the owner's browser out. Without one, a locked account is told so, with when
 * it opens again: its code was never checked.
 */
async function secondStep(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  accept: (user: SessionUser) => Promise<boolean>,
): Promise<SecondStepOutcome> {
  const auth = await pendingSecondStep(app, request);
  const user = auth.user;
  const attempt = await enforce(app.db, secondStepChecks(request, user));
  if (!user.twoFactorEnabled) return { refused: 'code' };
  if (trustedDevice(request, user)) {
    if (!(await accept(user))) return { refused: 'code' };
  } else {
    if (!(await claimLoginAttempt(app.db, user.id))) {
      const [{ lockoutEnd }] = await app.db
        .select({ lockoutEnd: users.lockoutEnd })
        .from(users)
        .where(eq(users.id, user.id));
      return lockoutEnd && lockoutEnd.getTime() > Date.now()
        ? { refused: 'locked', until: lockoutEndText(lockoutEnd, user.timeZone) }
        : { refused: 'code' };
    }
    if (!(await accept(user))) {
      await lockIfAttemptsSpent(app.db, user.id);
      return { refused: 'code' };
    }
    await clearFailedLogins(app.db, user.id);
  }
  await attempt.refund();
  await startSession(app, request, reply, user.id, 'full', auth.rememberMe);
  return { user };
}

const refusal = (outcome: Exclude<SecondStepOutcome, { user: SessionUser }>, invalidCode: string) =>
  loginResult('Failed', outcome.refused === 'locked' ? accountLockedUntil(outcome.until) : invalidCode);

export async function authenticatorStep(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: { twoFactorCode: string; rememberMachine: boolean },
): Promise<LoginResult> {
  const outcome = await secondStep(app, request, reply, (user) =>
    acceptTotpCode(app.db, user, body.twoFactorCode),
  );
  if (!('user' in outcome)) return refusal(outcome, invalidAuthenticatorCode);
  if (body.rememberMachine) await rememberMachine(app.db, request, reply, outcome.user);
  return loginResult('Succeeded');
}

/** Signing in with a recovery code never remembers the machine: the authenticator is likely lost. */
export async function recoveryCodeStep(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: { recoveryCode: string },
): Promise<LoginResult> {
  const outcome = await secondStep(app, request, reply, (user) =>
    consumeRecoveryCode(app.db, user.id, body.recoveryCode),
  );
  return 'user' in outcome ? loginResult('Succeeded') : refusal(outcome, invalidRecoveryCode);
}
