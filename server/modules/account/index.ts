import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cookieExpirationResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  meResponseSchema,
  okResponseSchema,
} from '../../../src/contract/account';
import { currentAuth } from '../../auth/guards';
import { clearSessionCookie, setSessionCookie } from '../../auth/sessions';
import { checkPassword, loggedInUser, loginResult } from './service';

const account: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    { schema: { tags: ['account'], body: loginRequestSchema, response: { 200: loginResponseSchema } } },
    async (request, reply) => {
      const check = await checkPassword(app.db, request.body.email, request.body.password);
      if (check.status === 'Failed') return { result: loginResult('Failed', check.message) };
      if (request.auth) await app.sessions.revoke(request.auth.sessionId);
      const stage = check.status === 'Succeeded' ? 'full' : 'twoFactor';
      const session = await app.sessions.create(check.user.id, stage, request.body.rememberMe);
      setSessionCookie(request, reply, session.token, {
        persistent: stage === 'full' && request.body.rememberMe,
        maxAgeMs: session.expiresAt.getTime() - Date.now(),
      });
      return { result: loginResult(check.status) };
    },
  );

  app.get('/me', { schema: { tags: ['account'], response: { 200: meResponseSchema } } }, async (request) => ({
    result: await loggedInUser(app.db, currentAuth(request).user),
  }));

  app.post(
    '/logout',
    { schema: { tags: ['account'], response: { 200: okResponseSchema } } },
    async (request, reply) => {
      if (request.auth) await app.sessions.revoke(request.auth.sessionId);
      clearSessionCookie(reply);
      return { result: true };
    },
  );

  app.get(
    '/cookie-expiration',
    { schema: { tags: ['account'], response: { 200: cookieExpirationResponseSchema } } },
    async () => ({ result: app.config.cookieLifetimeMinutes }),
  );
};

export default account;
