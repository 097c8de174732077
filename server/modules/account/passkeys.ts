import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LoginResult } from '../../../contract/account';
import type { AddPasskey, Passkey, PasskeyLogin, RemovePasskey } from '../../../contract/passkeys';
import { audit } from '../../audit';
import { anyTrustedDevice, trustedDevice } from '../../auth/device-cookies';
import { issueChallenge, relyingParty, takeChallenge } from '../../auth/passkeys';
import { addressOf, enforce, type Limit, limits } from '../../auth/rate-limit';
import type { AuthContext, SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { passkeys, users } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { entityType as userEntityType } from '../users/service';
import { clearFailedLogins, loginResult } from './service';
import { secondStepChecks, startSession } from './sign-in';
import { reauthenticate } from './two-factor';

/** One text for every refusal, so sign-in does not tell a foreign key from an expired challenge. */
const passkeyNotAccepted = 'This passkey was not accepted. Try again.';
const passkeyChallengeExpired = 'The passkey request expired. Try again.';
const passkeyAlreadyAdded = 'This passkey is already registered.';
const noOtherPasskey = 'You have no other passkey to confirm with.';

/**
 * The WebAuthn user handle: the same for all of a user's passkeys, so an authenticator keeps one
 * passkey per account and replaces it when added again, and it names no person.
 */
/**
 * The WebAuthn library, loaded with the first ceremony: about 4 MiB of heap that a server whose
 * users never use a passkey need not hold (the embedded default's idle RSS target is 300 MiB).
 */
let library:
  | Promise<{
      server: typeof import('@simplewebauthn/server');
      helpers: typeof import('@simplewebauthn/server/helpers');
    }>
  | undefined;
const webauthn = () =>
  (library ??= Promise.all([import('@simplewebauthn/server'), import('@simplewebauthn/server/helpers')]).then(
    ([server, helpers]) => ({ server, helpers }),
  ));

const userHandleOf = async (userId: number) =>
  (await webauthn()).helpers.isoUint8Array.fromUTF8String(`user:${userId}`);

const toPasskey = (row: typeof passkeys.$inferSelect): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

async function credentialsOf(db: Db, userId: number) {
  const rows = await db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  return rows;
}

export async function listPasskeys(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(toPasskey);
}

export async function registrationOptions(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  auth: AuthContext,
) {
  const rp = relyingParty(app.config);
  const { generateRegistrationOptions } = (await webauthn()).server;
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: auth.user.email,
    userDisplayName: auth.user.email,
    userID: await userHandleOf(auth.user.id),
    attestationType: 'none',
    excludeCredentials: await credentialsOf(app.db, auth.user.id),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await issueChallenge(app.db, request, reply, 'register', options.challenge, auth.sessionId);
  return { ...options };
}

export async function addPasskey(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  auth: AuthContext,
  body: AddPasskey,
) {
  const challenge = await takeChallenge(app.db, request, reply, 'register', auth.sessionId);
  if (!challenge) throw badRequest('response', passkeyChallengeExpired);
  const rp = relyingParty(app.config);
  const { server, helpers } = await webauthn();
  const verification = await server
    .verifyRegistrationResponse({
      response: body.response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: true,
    })
    .catch((error: unknown) => {
      request.log.info({ err: error }, 'passkey registration refused');
      return undefined;
    });
  if (!verification?.verified) throw badRequest('response', passkeyNotAccepted);
  const { credential } = verification.registrationInfo;
  const [row] = await app.db
    .insert(passkeys)
    .values({
      userId: auth.user.id,
      credentialId: credential.id,
      publicKey: helpers.isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? body.response.response.transports ?? [],
      name: body.name,
    })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning();
  if (!row) throw badRequest('response', passkeyAlreadyAdded);
  await audit(app.db, auth.user.id, 'addPasskey', userEntityType, auth.user.id, {
    passkeyId: row.id,
    name: row.name,
  });
  return toPasskey(row);
}

export async function renamePasskey(db: Db, user: SessionUser, id: number, name: string) {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
    .returning();
  if (!row) throw notFound('Passkey');
  await audit(db, user.id, 'renamePasskey', userEntityType, user.id, { passkeyId: id, name });
  return toPasskey(row);
}

/** Options for confirming a removal with another of the user's passkeys, bound to this session. */
export async function confirmationOptions(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  auth: AuthContext,
  removing: number,
) {
  const others = await app.db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(and(eq(passkeys.userId, auth.user.id), ne(passkeys.id, removing)));
  if (others.length === 0) throw badRequest('passkey', noOtherPasskey);
  const { generateAuthenticationOptions } = (await webauthn()).server;
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(app.config).id,
    userVerification: 'required',
    allowCredentials: others,
  });
  await issueChallenge(app.db, request, reply, 'reauthenticate', options.challenge, auth.sessionId);
  return { ...options };
}

/**
 * Removing asks again for the password or a code, or for another of the user's passkeys
 * (never the one being removed), within the limits of passwords asked again.
 */
export async function removePasskey(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  auth: AuthContext,
  id: number,
  proof: RemovePasskey,
) {
  const user = auth.user;
  if (proof.passkey) {
    const attempt = await enforce(app.db, secondStepChecks(request, user));
    const challenge = await takeChallenge(app.db, request, reply, 'reauthenticate', auth.sessionId);
    if (!challenge) throw badRequest('passkey', passkeyChallengeExpired);
    const [other] = await app.db
      .select()
      .from(passkeys)
      .where(
        and(eq(passkeys.credentialId, proof.passkey.id), eq(passkeys.userId, user.id), ne(passkeys.id, id)),
      );
    if (!other || !(await verifyAssertion(app, request, other, challenge, proof.passkey))) {
      throw badRequest('passkey', passkeyNotAccepted);
    }
    await attempt.refund();
  } else {
    await reauthenticate(app, request, user, proof);
  }
  const [row] = await app.db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, user.id)))
    .returning();
  if (!row) throw notFound('Passkey');
  await audit(app.db, user.id, 'removePasskey', userEntityType, user.id, { passkeyId: id, name: row.name });
}

export async function passkeyCount(db: Db, userId: number) {
  const [row] = await db.select({ count: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return row?.count ?? 0;
}

/** An Admin's answer to a lost laptop: every passkey of the user goes. */
export async function removeAllPasskeys(db: Db, actor: SessionUser, userId: number) {
  const removed = await db.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
  await audit(db, actor.id, 'removeAllPasskeys', userEntityType, userId, { count: removed.length });
}

/**
 * Sign-in options. Without a session any discoverable passkey may answer; after the password
 * step of an account with two-factor authentication, the browser is pointed at that account's.
 * Each answer stores a challenge, so each counts against the address (or the device cookie's
 * own budget) whether or not a sign-in follows.
 */
export async function authenticationOptions(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const device = await anyTrustedDevice(app.db, request);
  await enforce(
    app.db,
    device
      ? [[limits.passkeyOptionsPerDevice, device]]
      : [[limits.passkeyOptionsPerAddress, addressOf(request)]],
  );
  const pending = request.auth?.stage === 'twoFactor' ? request.auth.user.id : undefined;
  const { generateAuthenticationOptions } = (await webauthn()).server;
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(app.config).id,
    userVerification: 'required',
    allowCredentials: pending === undefined ? [] : await credentialsOf(app.db, pending),
  });
  await issueChallenge(app.db, request, reply, 'authenticate', options.challenge, null);
  return { ...options };
}

/**
 * Signing in with a passkey: user verification is required, so the passkey is two factors
 * and no authenticator code follows. Attempts count against the same limits as the password
 * step (the device cookie's own budget from a browser that holds one). A failed assertion does
 * not count towards the five-failure lockout, which guards against guessed passwords: a
 * passkey cannot be guessed, and a neighbour could otherwise lock the account with junk.
 */
export async function passkeySignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  body: PasskeyLogin,
): Promise<LoginResult> {
  const challenge = await takeChallenge(app.db, request, reply, 'authenticate', null);
  const [found] = await app.db
    .select({ passkey: passkeys, user: users })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, body.response.id))
    .limit(1);
  const device = found && trustedDevice(request, found.user);
  const checks: [Limit, string][] = device
    ? [[limits.loginPerDevice, device]]
    : [
        ...(found ? [[limits.loginPerAccount, found.user.normalizedEmail] as [Limit, string]] : []),
        [limits.loginPerAddress, addressOf(request)],
      ];
  const attempt = await enforce(app.db, checks);
  const refused = loginResult('Failed', challenge ? passkeyNotAccepted : passkeyChallengeExpired);
  if (!challenge || !found || found.user.isLocked) return refused;
  const { passkey, user } = found;
  const handle = body.response.response.userHandle;
  const { isoBase64URL } = (await webauthn()).helpers;
  if (handle && handle !== isoBase64URL.fromBuffer(await userHandleOf(user.id))) return refused;
  if (!(await verifyAssertion(app, request, passkey, challenge, body.response))) return refused;
  await clearFailedLogins(app.db, user.id);
  await attempt.refund();
  await startSession(app, request, reply, user.id, 'full', body.rememberMe);
  await audit(app.db, user.id, 'passkeySignIn', userEntityType, user.id, { passkeyId: passkey.id });
  return loginResult('Succeeded');
}

/**
 * Checks an assertion of this passkey against the challenge, the relying party and user
 * verification; a signature counter lower than the stored one is refused, logged and audited.
 * On success the counter and the time of last use are stored.
 */
async function verifyAssertion(
  app: FastifyInstance,
  request: FastifyRequest,
  passkey: typeof passkeys.$inferSelect,
  challenge: string,
  response: PasskeyLogin['response'],
) {
  const rp = relyingParty(app.config);
  const { server, helpers } = await webauthn();
  const verification = await server
    .verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: passkey.credentialId,
        publicKey: helpers.isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
    })
    .catch(async (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      if (/counter/i.test(message)) {
        // A counter lower than the last one seen means two copies of the key: one is a clone.
        request.log.warn(
          { userId: passkey.userId, passkeyId: passkey.id },
          'passkey signature counter went backwards',
        );
        await audit(app.db, null, 'passkeyCounterRegressed', userEntityType, passkey.userId, {
          passkeyId: passkey.id,
        });
      } else {
        request.log.info({ err: error, userId: passkey.userId }, 'passkey assertion refused');
      }
      return undefined;
    });
  if (!verification?.verified) return false;
  await app.db
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: new Date() })
    .where(eq(passkeys.id, passkey.id));
  return true;
}
