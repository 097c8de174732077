import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { roles } from '../../../contract/roles';
import { hashPassword, newPasswordColumns, verifyPassword } from '../../auth/passwords';
import { addressOf, enforce, limits } from '../../auth/rate-limit';
import { newSecurityStamp, rotateSecurityStamp } from '../../auth/security-stamp';
import type { AuthContext, SessionUser } from '../../auth/sessions';
import { consumeUserToken, issueUserToken, isUsableToken, voidUserTokens } from '../../auth/user-tokens';
import { audit } from '../../audit';
import { announceOwnChange, confirmedByOwner, entityType as userEntityType } from '../users/service';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { nextVersion } from '../../engine/versions';
import { badRequest, notFound } from '../../errors';
import { publicBaseUrl } from '../../mail';
import { findUserByEmail, fullNameOf, normalizeEmail } from './service';
import { secondStepChecks, startSession } from './sign-in';

export const invalidResetLink = 'This password reset link is invalid or has expired.';
export const invalidConfirmationLink = 'This confirmation link is invalid or has expired.';
export const alreadyConfirmed = 'This account is already confirmed.';
export const wrongCurrentPassword = 'Incorrect password.';
const confirmCurrentEmailFirst = 'Confirm your current e-mail address before changing it.';

type MailUser = Pick<
  SessionUser,
  | 'id'
  | 'email'
  | 'securityStamp'
  | 'firstName'
  | 'middleName'
  | 'lastName'
  | 'suffix'
  | 'emailConfirmed'
  | 'roles'
>;

/**
 * The name a message greets. Names typed by whoever registered an address that was never
 * confirmed are left out: anyone may register any address, so they are a stranger's text.
 */
const greetingOf = (user: MailUser) =>
  ((user.emailConfirmed || user.roles.length > 0) && fullNameOf(user)) || user.email;

const link = (app: FastifyInstance, path: string, query: Record<string, string>) =>
  `${publicBaseUrl(app.config)}${path}?${new URLSearchParams(query)}`;

/**
 * Mails the link with which an account created without a password is confirmed and given
 * one (Create User, `POST users/sendConfirmEmail`, registration). A new link voids the
 * earlier ones; the message is delivered off the request path.
 */
export async function sendAccountConfirmation(
  app: FastifyInstance,
  user: MailUser,
  template: 'ConfirmAccount' | 'Registration' = 'ConfirmAccount',
) {
  await voidUserTokens(app.db, user.id, 'confirmAccount');
  const code = await issueUserToken(app.db, user, 'confirmAccount');
  await app.mailer.send({
    template,
    to: user.email,
    userId: user.id,
    values: {
      fullName: greetingOf(user),
      email: user.email,
      link: link(app, '/api/account/confirm-account-redirect', { email: user.email, code }),
    },
  });
}

/**
 * `POST users/sendConfirmEmail` (Admin only; the users module checks the role): a new
 * invitation for an account whose e-mail is not confirmed yet.
 */
export async function resendAccountConfirmation(app: FastifyInstance, actor: SessionUser, email: string) {
  const user = await findUserByEmail(app.db, email);
  if (!user) throw notFound('User');
  if (user.emailConfirmed) throw badRequest('email', alreadyConfirmed);
  await sendAccountConfirmation(app, user);
  await audit(app.db, actor.id, 'sendConfirmEmail', userEntityType, user.id, { email: user.email });
}

/** Same answer and same timing for every address: the lookup and the mail happen after the response. */
export async function forgotPassword(app: FastifyInstance, request: FastifyRequest, email: string) {
  await enforce(app.db, [
    [limits.forgotPerAccount, normalizeEmail(email)],
    [limits.forgotPerAddress, addressOf(request)],
  ]);
  app.mailer.background(async () => {
    const user = await findUserByEmail(app.db, email);
    if (!user || user.isLocked) return;
    const code = await issueUserToken(app.db, user, 'resetPassword');
    await app.mailer.send({
      template: 'ResetPassword',
      to: user.email,
      userId: user.id,
      values: {
        fullName: greetingOf(user),
        email: user.email,
        link: link(app, '/reset-password', { email: user.email, code }),
      },
    });
  });
}

type PasswordColumns = Awaited<ReturnType<typeof newPasswordColumns>>;

/** Sets a new password, ends every session of the user and voids other outstanding links. */
async function setPassword(db: Db, userId: number, password: PasswordColumns, extra = {}) {
  await rotateSecurityStamp(db, userId, { ...password, ...extra });
}

/**
 * A password from an e-mailed link, hashed before the link is used: a hash refused while the
 * server is busy leaves the link usable for the retry.
 */
async function hashForLink(
  app: FastifyInstance,
  user: SessionUser | undefined,
  purpose: 'resetPassword' | 'confirmAccount',
  code: string,
  password: string,
) {
  if (!user || !(await isUsableToken(app.db, user.id, purpose, code))) return undefined;
  const columns = await newPasswordColumns(password);
  return (await consumeUserToken(app.db, user.id, purpose, code)) ? columns : undefined;
}

/** A password set from an e-mailed link, which reached the inbox and so confirms the address. */
async function setPasswordFromLink(app: FastifyInstance, user: SessionUser, password: PasswordColumns) {
  await app.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await setPassword(tx, user.id, password, confirmedByOwner(user));
    if (!user.emailConfirmed) await announceOwnChange(tx, user.id, 'updated');
  });
  await app.sessions.revokeAllForUser(user.id);
}

export async function resetPassword(
  app: FastifyInstance,
  body: { email: string; code: string; password: string },
) {
  const user = await findUserByEmail(app.db, body.email);
  const password = await hashForLink(app, user, 'resetPassword', body.code, body.password);
  if (!user || !password) throw badRequest('code', invalidResetLink);
  await setPasswordFromLink(app, user, password);
}

export async function changePassword(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  auth: AuthContext,
  body: { oldPassword: string; newPassword: string },
) {
  const attempt = await enforce(app.db, secondStepChecks(request, auth.user));
  const user = auth.user;
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, body.oldPassword))) {
    throw badRequest('oldPassword', wrongCurrentPassword);
  }
  await attempt.refund();
  await setPassword(app.db, user.id, await newPasswordColumns(body.newPassword));
  await app.sessions.revokeAllForUser(user.id, auth.sessionId);
  await startSession(app, request, reply, user.id, 'full', auth.rememberMe);
}

/** Where the e-mailed confirmation link lands: the app's page with the code, or the page's "invalid link" state. */
export async function confirmAccountRedirect(app: FastifyInstance, email: string, code: string) {
  const user = await findUserByEmail(app.db, email);
  if (user && (await isUsableToken(app.db, user.id, 'confirmAccount', code))) {
    return `/confirm-account?${new URLSearchParams({ email: user.email, code })}`;
  }
  const change = user ? await consumeUserToken(app.db, user.id, 'changeEmail', code) : null;
  if (user && change) {
    const newEmail = (change.payload as { newEmail?: string } | null)?.newEmail;
    const changed = newEmail !== undefined && (await applyEmailChange(app, user.id, newEmail));
    return `/confirm-account?status=${changed ? 'emailChanged' : 'invalid'}`;
  }
  return `/confirm-account?${new URLSearchParams({ email, status: 'invalid' })}`;
}

/** Confirms the address and, for an account created without one, sets the first password. */
export async function confirmAccount(
  app: FastifyInstance,
  body: { email: string; code: string; password?: string },
) {
  const user = await findUserByEmail(app.db, body.email);
  if (!user) throw badRequest('code', invalidConfirmationLink);
  if (!user.passwordHash && !body.password) throw badRequest('password', 'Password is required');
  if (body.password) {
    const password = await hashForLink(app, user, 'confirmAccount', body.code, body.password);
    if (!password) throw badRequest('code', invalidConfirmationLink);
    await setPasswordFromLink(app, user, password);
    return;
  }
  if (!(await consumeUserToken(app.db, user.id, 'confirmAccount', body.code))) {
    throw badRequest('code', invalidConfirmationLink);
  }
  if (!user.emailConfirmed) {
    await app.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await tx
        .update(users)
        .set({ ...confirmedByOwner(user), updatedAt: new Date() })
        .where(eq(users.id, user.id));
      await announceOwnChange(tx, user.id, 'updated');
    });
  }
}

/**
 * Asks the new address to confirm itself; the e-mail changes only when its link is opened.
 * An address already in use gets no mail and the same answer, so the form tells nobody who has an account.
 */
export async function changeEmail(
  app: FastifyInstance,
  request: FastifyRequest,
  auth: AuthContext,
  body: { newEmail: string; password: string },
) {
  const attempt = await enforce(app.db, secondStepChecks(request, auth.user));
  const user = auth.user;
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, body.password))) {
    throw badRequest('password', wrongCurrentPassword);
  }
  await attempt.refund();
  if (!user.emailConfirmed) throw badRequest('newEmail', confirmCurrentEmailFirst);
  const newEmail = body.newEmail.trim();
  if (normalizeEmail(newEmail) === user.normalizedEmail)
    throw badRequest('newEmail', 'This is already your e-mail address.');
  // Every message sent counts, not only wrong passwords: each one carries the portal's
  // name to an address nobody has verified.
  await enforce(app.db, [
    [limits.changeEmailPerAccount, String(user.id)],
    [limits.changeEmailPerTarget, normalizeEmail(newEmail)],
    [limits.changeEmailPerAddress, addressOf(request)],
  ]);
  app.mailer.background(async () => {
    if (await findUserByEmail(app.db, newEmail)) return;
    const code = await issueUserToken(app.db, user, 'changeEmail', { newEmail });
    await app.mailer.send({
      template: 'ChangeEmail',
      to: newEmail,
      userId: user.id,
      values: {
        fullName: newEmail,
        email: newEmail,
        link: link(app, '/api/account/confirm-account-redirect', { email: user.email, code }),
      },
    });
  });
}

/** False when someone took the address in the meantime (the unique index decides). */
async function applyEmailChange(app: FastifyInstance, userId: number, newEmail: string) {
  try {
    await app.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await rotateSecurityStamp(tx, userId, {
        email: newEmail,
        normalizedEmail: normalizeEmail(newEmail),
        username: newEmail,
        emailConfirmed: true,
        version: nextVersion(users.version),
      });
      await audit(tx, userId, 'changeEmail', userEntityType, userId, { email: newEmail });
      await announceOwnChange(tx, userId, 'updated');
    });
  } catch {
    return false;
  }
  return true;
}

/** Self-registration: an account with no role, which an Admin grants one after checking who it is. */
export async function register(
  app: FastifyInstance,
  request: FastifyRequest,
  body: {
    email: string;
    firstName: string;
    lastName: string;
    password?: string;
    contactInformation?: string | null;
  },
  template: 'ConfirmAccount' | 'Registration',
) {
  await enforce(app.db, [[limits.registerPerAddress, addressOf(request)]]);
  const email = body.email.trim();
  // Before answering, so a busy server's refusal reaches the client, and outside the
  // transaction: the same cost whether the address is taken or not.
  const passwordHash = body.password ? await hashPassword(body.password) : null;
  app.mailer.background(async () => {
    const user = await app.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [row] = await tx
        .insert(users)
        .values({
          email,
          normalizedEmail: normalizeEmail(email),
          username: email,
          firstName: body.firstName,
          lastName: body.lastName,
          roles: [],
          contactInformation: body.contactInformation ?? null,
          passwordHash,
          securityStamp: newSecurityStamp(),
          emailConfirmed: false,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return undefined;
      await audit(tx, null, 'register', userEntityType, row.id, {
        email,
        requestedRole: template === 'Registration' ? roles.athleticDirector : null,
      });
      await announceOwnChange(tx, row.id, 'created');
      return row;
    });
    if (!user) return;
    await sendAccountConfirmation(app, user, template);
  });
}
