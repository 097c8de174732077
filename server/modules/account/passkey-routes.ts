import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginResponseSchema, okResponseSchema } from '../../../contract/account';
import { idParamsSchema } from '../../../contract/common';
import {
  addPasskeyRequestSchema,
  passkeyListResponseSchema,
  passkeyLoginRequestSchema,
  passkeyResponseSchema,
  removePasskeyRequestSchema,
  renamePasskeyRequestSchema,
  webauthnOptionsResponseSchema,
} from '../../../contract/passkeys';
import {
  addPasskey,
  authenticationOptions,
  confirmationOptions,
  listPasskeys,
  passkeySignIn,
  registrationOptions,
  removePasskey,
  renamePasskey,
} from './passkeys';
import { signedIn } from './service';

const tags = ['account'];

/** `/api/account/passkeys`: the signed-in user's passkeys, and signing in with one. */
const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('', { schema: { tags, response: { 200: passkeyListResponseSchema } } }, async (request) => ({
    result: await listPasskeys(app.db, (await signedIn(app.db, request)).user.id),
  }));

  app.post(
    '/registration-options',
    { schema: { tags, response: { 200: webauthnOptionsResponseSchema } } },
    async (request, reply) => ({
      result: await registrationOptions(app, request, reply, await signedIn(app.db, request)),
    }),
  );

  app.post(
    '',
    { schema: { tags, body: addPasskeyRequestSchema, response: { 200: passkeyResponseSchema } } },
    async (request, reply) => ({
      result: await addPasskey(app, request, reply, await signedIn(app.db, request), request.body),
    }),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: renamePasskeyRequestSchema,
        response: { 200: passkeyResponseSchema },
      },
    },
    async (request) => ({
      result: await renamePasskey(
        app.db,
        (await signedIn(app.db, request)).user,
        request.params.id,
        request.body.name,
      ),
    }),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: removePasskeyRequestSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request, reply) => {
      const auth = await signedIn(app.db, request);
      await removePasskey(app, request, reply, auth, request.params.id, request.body);
      return { result: true };
    },
  );

  app.post(
    '/:id/confirm-options',
    { schema: { tags, params: idParamsSchema, response: { 200: webauthnOptionsResponseSchema } } },
    async (request, reply) => ({
      result: await confirmationOptions(
        app,
        request,
        reply,
        await signedIn(app.db, request),
        request.params.id,
      ),
    }),
  );

  app.post(
    '/login-options',
    { schema: { tags, response: { 200: webauthnOptionsResponseSchema } } },
    async (request, reply) => ({ result: await authenticationOptions(app, request, reply) }),
  );

  app.post(
    '/login',
    { schema: { tags, body: passkeyLoginRequestSchema, response: { 200: loginResponseSchema } } },
    async (request, reply) => ({ result: await passkeySignIn(app, request, reply, request.body) }),
  );
};

export default passkeyRoutes;
