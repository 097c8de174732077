import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MfaStatus, Reauthenticate, SharedKey } from '../../../contract/account';
import { reauthenticateMessage } from '../../../contract/account';
import { verifyPassword } from '../../auth/passwords';
import { enforce } from '../../auth/rate-limit';
import { deleteRecoveryCodes, replaceRecoveryCodes } from '../../auth/recovery-codes';
import { rotateSecurityStamp } from '../../auth/security-stamp';
import type { AuthContext, SessionUser } from '../../auth/sessions';
import { isRememberedMachine } from '../../auth/trusted-machines';
import {
  authenticatorUri,
  formatKey,
  matchingStep,
  newAuthenticatorKey,
  acceptTotpCode,
} from '../../auth/totp';
import { audit } from '../../audit';
import { entityType as userEntityType } from '../users/service';
import { users } from '../../db/schema';
import { badRequest } from '../../errors';
import { recoveryCodesLeft } from './service';
import { secondStepChecks, startSession } from './sign-in';

const wrongReauthentication = 'The password or code is not correct.';
const invalidVerificationCode = 'Verification code is invalid.';
const twoFactorNotEnabled = 'Two-factor authentication is not enabled for this account.';
const alreadyEnabled =
  'Two-factor authentication is already enabled. Reset the authenticator to set up a new one.';

export async function mfaStatus(
  app: FastifyInstance,
  request: FastifyRequest,
  user: SessionUser,
): Promise<MfaStatus> {
  return {
    is2faEnabled: user.twoFactorEnabled,
    recoveryCodesLeft: await recoveryCodesLeft(app.db, user.id),
    hasAuthenticator: user.authenticatorKey !== null,
    isMachineRemembered: await isRememberedMachine(app.db, request, user),
  };
}

/**
 * The current password or a current authenticator code, asked again before a sensitive
 * change; guesses count against the same limits as the second sign-in step.
 */
export async function reauthenticate(
  app: FastifyInstance,
  request: FastifyRequest,
  user: SessionUser,
  proof: Reauthenticate,
) {
  const attempt = await enforce(app.db, secondStepChecks(request, user));
  if (proof.password) {
    if (user.passwordHash && (await verifyPassword(user.passwordHash, proof.password))) {
      return attempt.refund();
    }
    throw badRequest('password', wrongReauthentication);
  }
  if (proof.code && user.twoFactorEnabled && (await acceptTotpCode(app.db, user, proof.code))) {
    return attempt.refund();
  }
  throw badRequest(
    proof.code ? 'code' : 'password',
    proof.code ? wrongReauthentication : reauthenticateMessage,
  );
}

/**
 * The key to set up an authenticator app with. It is created on first request and only
 * shown while two-factor authentication is off, so a stolen session cannot copy a working key.
 */
export async function sharedKey(app: FastifyInstance, user: SessionUser): Promise<SharedKey> {
  if (user.twoFactorEnabled) throw badRequest('', alreadyEnabled);
  let key = user.authenticatorKey;
  if (!key) {
    key = newAuthenticatorKey();
    await app.db
      .update(users)
      .set({ authenticatorKey: key, lastTotpStep: null })
      .where(eq(users.id, user.id));
  }
  return { sharedKey: formatKey(key), authenticatorUri: authenticatorUri(user.email, key) };
}

/** Every two-factor change voids remembered machines and outstanding links, and refreshes the session id. */
async function afterSecurityChange(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  auth: AuthContext,
  changes: Partial<typeof users.$inferInsert>,
) {
  await rotateSecurityStamp(app.db, auth.user.id, changes);
  await startSession(app, request, reply, auth.user.id, 'full', auth.rememberMe);
}

export async function enableAuthenticator(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  auth: AuthContext,
  body: { code: string; password: string },
) {
  const user = auth.user;
  if (user.twoFactorEnabled) throw badRequest('', alreadyEnabled);
  await reauthenticate(app, request, user, { password: body.password });
  if (!user.authenticatorKey) throw badRequest('code', invalidVerificationCode);
  const step = await matchingStep(user.authenticatorKey, body.code, null);
  if (step === null) throw badRequest('code', invalidVerificationCode);
  await afterSecurityChange(app, request, reply, auth, { twoFactorEnabled: true, lastTotpStep: step });
  await audit(app.db, user.id, 'enable2fa', userEntityType, String(user.id));
  const codesLeft = await recoveryCodesLeft(app.db, user.id);
  return { recoveryCodes: codesLeft > 0 ? null : await replaceRecoveryCodes(app.db, user.id) };
}

/**
 * Two-factor off, its key and codes dropped, so turning it back on starts clean; `action` names
 * the change in the audit log.
 */
async function turnOffTwoFactor(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  auth: AuthContext,
  proof: Reauthenticate,
  action: 'resetAuthenticator' | 'disable2fa',
) {
  await reauthenticate(app, request, auth.user, proof);
  await afterSecurityChange(app, request, reply, auth, {
    twoFactorEnabled: false,
    authenticatorKey: null,
    lastTotpStep: null,
  });
  await deleteRecoveryCodes(app.db, auth.user.id);
  await audit(app.db, auth.user.id, action, userEntityType, String(auth.user.id));
}

/** Forgets the key: two-factor is off until a new authenticator is set up. */
export function resetAuthenticator(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  auth: AuthContext,
  proof: Reauthenticate,
) {
  return turnOffTwoFactor(app, request, reply, auth, proof, 'resetAuthenticator');
}

/** Turns the second step off. */
export async function disableTwoFactor(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  auth: AuthContext,
  proof: Reauthenticate,
) {
  if (!auth.user.twoFactorEnabled) throw badRequest('', twoFactorNotEnabled);
  await turnOffTwoFactor(app, request, reply, auth, proof, 'disable2fa');
}

export async function newRecoveryCodes(
  app: FastifyInstance,
  request: FastifyRequest,
  user: SessionUser,
  proof: Reauthenticate,
) {
  if (!user.twoFactorEnabled) throw badRequest('', twoFactorNotEnabled);
  await reauthenticate(app, request, user, proof);
  const recoveryCodes = await replaceRecoveryCodes(app.db, user.id);
  await audit(app.db, user.id, 'regenerateRecoveryCodes', userEntityType, String(user.id));
  return { recoveryCodes };
}
