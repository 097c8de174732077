import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  confirmAccountQuerySchema,
  confirmAccountRequestSchema,
  cookieExpirationResponseSchema,
  enableAuthenticatorRequestSchema,
  enableAuthenticatorResponseSchema,
  externalProvidersResponseSchema,
  forgotPasswordRequestSchema,
  loginRecoveryRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  loginTwoFactorRequestSchema,
  meResponseSchema,
  mfaStatusResponseSchema,
  okResponseSchema,
  reauthenticateSchema,
  recoveryCodesResponseSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  sharedKeyResponseSchema,
  updateTimeZoneRequestSchema,
} from '../../../contract/account';
import { currentAuth } from '../../auth/guards';
import { purgeExpiredLimits } from '../../auth/rate-limit';
import { clearSessionCookie } from '../../auth/sessions';
import { eq } from 'drizzle-orm';
import { methodNotAllowed } from '../../errors';
import { users } from '../../db/schema';
import {
  changeEmail,
  changePassword,
  confirmAccount,
  confirmAccountRedirect,
  forgotPassword,
  register,
  resetPassword,
} from './email-flows';
import passkeyRoutes from './passkey-routes';
import { purgeExpiredChallenges } from '../../auth/passkeys';
import { externalProviders, finishExternalLogin, startExternalLogin } from './external-login';
import { loggedInUser, signedIn } from './service';
import { changesState } from '../../auth/origin-check';
import { authenticatorStep, passwordStep, recoveryCodeStep } from './sign-in';
import {
  disableTwoFactor,
  enableAuthenticator,
  mfaStatus,
  newRecoveryCodes,
  resetAuthenticator,
  sharedKey,
} from './two-factor';

const tags = ['account'];

/** Answers carrying a secret (an authenticator key, recovery codes) are kept by no cache. */
const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
const ok = { 200: okResponseSchema };

const account: FastifyPluginAsyncZod = async (app) => {
  // Expired brute-force counters and passkey challenges are only clutter; an hourly sweep keeps the table small.
  const sweep = setInterval(() => {
    purgeExpiredLimits(app.db).catch((error) => app.log.warn({ err: error }, 'rate limit sweep failed'));
    purgeExpiredChallenges(app.db).catch((error) =>
      app.log.warn({ err: error }, 'passkey challenge sweep failed'),
    );
  }, 60 * 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  // Every other change reaches this process's session cache as a database notice a moment
  // after it commits; a user's own change is forgotten before the answer leaves, so the
  // `me` that follows it never shows the account as it was.
  app.addHook('onSend', async (request) => {
    if (request.auth && changesState(request)) app.sessions.forgetUser(request.auth.user.id);
  });

  await app.register(passkeyRoutes, { prefix: '/passkeys' });

  app.post(
    '/login',
    { schema: { tags, body: loginRequestSchema, response: { 200: loginResponseSchema } } },
    async (request, reply) => ({ result: await passwordStep(app, request, reply, request.body) }),
  );

  app.post(
    '/login-2fa',
    { schema: { tags, body: loginTwoFactorRequestSchema, response: { 200: loginResponseSchema } } },
    async (request, reply) => ({ result: await authenticatorStep(app, request, reply, request.body) }),
  );

  app.post(
    '/login-recovery',
    { schema: { tags, body: loginRecoveryRequestSchema, response: { 200: loginResponseSchema } } },
    async (request, reply) => ({ result: await recoveryCodeStep(app, request, reply, request.body) }),
  );

  // The session cache keeps `request.auth` exact (every change to a user, their sessions or
  // their recovery codes notifies all processes), so `me` needs no database read.
  app.get('/me', { schema: { tags, response: { 200: meResponseSchema } } }, async (request) => ({
    result: loggedInUser(currentAuth(request)),
  }));

  app.post('/logout', { schema: { tags, response: ok } }, async (request, reply) => {
    if (request.auth) await app.sessions.revoke(request.auth.sessionId);
    clearSessionCookie(reply);
    return { result: true };
  });

  app.get(
    '/cookie-expiration',
    { schema: { tags, response: { 200: cookieExpirationResponseSchema } } },
    async () => ({ result: app.config.cookieLifetimeMinutes }),
  );

  app.get(
    '/mfa-status',
    { schema: { tags, response: { 200: mfaStatusResponseSchema } } },
    async (request) => ({
      result: await mfaStatus(app, request, (await signedIn(app.db, request)).user),
    }),
  );

  app.get(
    '/shared-key',
    { schema: { tags, response: { 200: sharedKeyResponseSchema } } },
    async (request, reply) => {
      const key = await sharedKey(app, (await signedIn(app.db, request)).user);
      noStore(reply);
      return { result: key };
    },
  );

  app.put(
    '/enable-authenticator',
    {
      schema: {
        tags,
        body: enableAuthenticatorRequestSchema,
        response: { 200: enableAuthenticatorResponseSchema },
      },
    },
    async (request, reply) => {
      const auth = await signedIn(app.db, request);
      const result = await enableAuthenticator(app, request, reply, auth, request.body);
      noStore(reply);
      return { result };
    },
  );

  app.put(
    '/reset-authenticator',
    { schema: { tags, body: reauthenticateSchema, response: ok } },
    async (request, reply) => {
      await resetAuthenticator(app, request, reply, await signedIn(app.db, request), request.body);
      return { result: true };
    },
  );

  app.put(
    '/disable-2fa',
    { schema: { tags, body: reauthenticateSchema, response: ok } },
    async (request, reply) => {
      await disableTwoFactor(app, request, reply, await signedIn(app.db, request), request.body);
      return { result: true };
    },
  );

  // New codes void the old ones and are shown once, so they need the password or a current
  // code again; the spec's GET, which any link or redirect can send, makes none.
  app.post(
    '/recovery-codes',
    { schema: { tags, body: reauthenticateSchema, response: { 200: recoveryCodesResponseSchema } } },
    async (request, reply) => {
      const codes = await newRecoveryCodes(
        app,
        request,
        (await signedIn(app.db, request)).user,
        request.body,
      );
      noStore(reply);
      return { result: codes };
    },
  );
  app.get('/recovery-codes', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('allow', 'POST');
    throw methodNotAllowed();
  });

  app.post(
    '/forgotpassword',
    { schema: { tags, body: forgotPasswordRequestSchema, response: ok } },
    async (request) => {
      await forgotPassword(app, request, request.body.email);
      return { result: true };
    },
  );

  app.post(
    '/resetpassword',
    { schema: { tags, body: resetPasswordRequestSchema, response: ok } },
    async (request) => {
      await resetPassword(app, request.body);
      return { result: true };
    },
  );

  app.post(
    '/changepassword',
    { schema: { tags, body: changePasswordRequestSchema, response: ok } },
    async (request, reply) => {
      await changePassword(app, request, reply, await signedIn(app.db, request), request.body);
      return { result: true };
    },
  );

  app.post(
    '/changeemail',
    { schema: { tags, body: changeEmailRequestSchema, response: ok } },
    async (request) => {
      await changeEmail(app, request, await signedIn(app.db, request), request.body);
      return { result: true };
    },
  );

  app.get(
    '/confirm-account-redirect',
    { schema: { tags, querystring: confirmAccountQuerySchema } },
    async (request, reply) =>
      reply.redirect(await confirmAccountRedirect(app, request.query.email, request.query.code)),
  );

  app.post(
    '/confirm-account',
    { schema: { tags, body: confirmAccountRequestSchema, response: ok } },
    async (request) => {
      await confirmAccount(app, request.body);
      return { result: true };
    },
  );

  app.post(
    '/register',
    {
      schema: {
        tags,
        querystring: z.object({ returnUrl: z.string().max(2000).optional() }),
        body: registerRequestSchema,
        response: ok,
      },
    },
    async (request) => {
      await register(app, request, request.body, 'ConfirmAccount');
      return { result: true };
    },
  );

  app.get(
    '/external-providers',
    { schema: { tags, response: { 200: externalProvidersResponseSchema } } },
    async () => ({ result: externalProviders(app) }),
  );

  app.get(
    '/ExternalLogin',
    {
      schema: {
        tags,
        querystring: z.object({
          provider: z.string({ error: 'Provider is required' }).min(1, 'Provider is required').max(50),
          returnUrl: z.string().max(2000).optional(),
        }),
      },
    },
    async (request, reply) => startExternalLogin(app, request, reply, request.query),
  );

  app.get(
    '/ExternalLoginCallback',
    {
      schema: {
        tags,
        querystring: z
          .object({
            returnUrl: z.string().max(2000).optional(),
            remoteError: z.string().max(2000).optional(),
          })
          .catchall(z.string().max(4000)),
      },
    },
    async (request, reply) => reply.redirect(await finishExternalLogin(app, request, reply)),
  );

  app.put(
    '/update-timezone',
    { schema: { tags, body: updateTimeZoneRequestSchema, response: ok } },
    async (request) => {
      const user = (await signedIn(app.db, request)).user;
      await app.db
        .update(users)
        .set({ timeZone: request.body.reportedTimeZone })
        .where(eq(users.id, user.id));
      return { result: true };
    },
  );
};

export default account;
