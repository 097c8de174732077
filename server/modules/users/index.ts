import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../../contract/definitions';
import { conflictBodySchema, idParamsSchema } from '../../../contract/common';
import { roleOptions } from '../../../contract/roles';
import {
  photoParamsSchema,
  roleOptionsResponseSchema,
  sendConfirmEmailSchema,
  userCreateSchema,
  userResponseSchema,
  userSchema,
  userUpdateSchema,
} from '../../../contract/users';
import { okResponseSchema } from '../../../contract/account';
import { passkeyCountResponseSchema } from '../../../contract/passkeys';
import { isAdmin } from '../../../contract/roles';
import { currentUser, requireRole } from '../../auth/guards';
import { forbidden, notFound } from '../../errors';
import { resourceGuard } from '../../engine/guard';
import { resourceSchema, staleWriteDescription } from '../../engine/openapi';
import { deleteOnFailure } from '../../storage';
import { sendBlob } from '../../storage/http';
import { resendAccountConfirmation, sendAccountConfirmation } from '../account/email-flows';
import { passkeyCount, removeAllPasskeys } from '../account/passkeys';
import { photoFieldName, readUserForm } from './multipart';
import { parseOrFail } from './validation';
import { normalizePhoto, photoContentType } from './photo';
import {
  createUser,
  findUser,
  findPhotoKey,
  setLocked,
  toUser,
  updateUser,
  updateUserWithPhoto,
} from './service';

const tags = ['users'];

/** A photo's guid changes with every upload, so its URL can be cached for as long as it exists. */
const photoCacheControl = 'private, max-age=31536000, immutable';

/**
 * Accounts: the list, export, guard, audit and errors are the engine's (the `users` definition);
 * these are the routes its forms and row actions need beyond it, behind the same guard.
 */
const usersModule: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = resourceGuard(users, 'update');
  const reads = resourceGuard(users, 'read');
  const creates = resourceGuard(users, 'create');
  /** A password an Admin sets signs its user out everywhere but in the Admin's own session. */
  const endSessionsOnNewPassword = async (
    request: FastifyRequest,
    userId: number,
    input: { password: string | null },
  ) => {
    if (input.password) await app.sessions.revokeAllForUser(userId, request.auth?.sessionId);
  };

  app.get(
    '/roleOptions',
    { onRequest: adminOnly, schema: { tags, response: { 200: roleOptionsResponseSchema } } },
    () => ({ result: roleOptions.map((option) => ({ ...option })) }),
  );

  app.get(
    '/:id',
    {
      onRequest: reads,
      schema: resourceSchema(users, { params: idParamsSchema, response: { 200: userResponseSchema } }),
    },
    async (request) => ({ result: toUser(await findUser(app.db, request.params.id)) }),
  );

  app.post(
    '',
    {
      onRequest: creates,
      schema: resourceSchema(users, { body: userCreateSchema, response: { 200: userResponseSchema } }),
    },
    async (request) => {
      const row = await createUser(app.db, currentUser(request), request.body);
      await sendAccountConfirmation(app, row);
      return { result: toUser(row) };
    },
  );

  app.put(
    '/:id',
    {
      onRequest: adminOnly,
      schema: resourceSchema(users, {
        params: idParamsSchema,
        description: staleWriteDescription,
        body: userUpdateSchema,
        response: { 200: userResponseSchema, 409: conflictBodySchema(userSchema) },
      }),
    },
    async (request) => {
      const row = await updateUser(app.db, currentUser(request), request.params.id, request.body);
      await endSessionsOnNewPassword(request, request.params.id, request.body);
      return { result: toUser(row) };
    },
  );

  app.put(
    '/with-photo/:id',
    {
      onRequest: adminOnly,
      config: {
        multipartForm: {
          fields: userUpdateSchema,
          files: { [photoFieldName]: 'optional new profile photo (png, jpeg, gif or webp)' },
        },
      },
      schema: {
        tags,
        description: staleWriteDescription,
        params: idParamsSchema,
        response: { 200: userResponseSchema, 409: conflictBodySchema(userSchema) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { fields, photo } = await readUserForm(request);
      const input = parseOrFail(userUpdateSchema, fields);
      if (!photo) {
        const row = await updateUser(app.db, actor, request.params.id, input);
        await endSessionsOnNewPassword(request, request.params.id, input);
        return { result: toUser(row) };
      }
      const stored = await app.storage.put(await normalizePhoto(photo), {
        contentType: photoContentType,
        prefix: 'profile-photos',
      });
      const saved = await deleteOnFailure(app.storage, stored.key, () =>
        updateUserWithPhoto(
          app.db,
          actor,
          request.params.id,
          input,
          { guid: randomUUID(), key: stored.key, bytes: stored.size },
          { quotaBytes: app.config.storageQuotaBytes, field: photoFieldName },
        ),
      );
      await endSessionsOnNewPassword(request, request.params.id, input);
      if (saved.replacedKey) await app.storage.delete(saved.replacedKey);
      return { result: toUser(saved.row) };
    },
  );

  app.patch(
    '/:id/lock',
    {
      onRequest: adminOnly,
      schema: { tags, params: idParamsSchema, response: { 200: userResponseSchema } },
    },
    async (request) => ({
      result: toUser(
        await setLocked(app.db, currentUser(request), request.params.id, true, (userId) =>
          app.sessions.revokeAllForUser(userId),
        ),
      ),
    }),
  );

  app.patch(
    '/:id/unlock',
    {
      onRequest: adminOnly,
      schema: { tags, params: idParamsSchema, response: { 200: userResponseSchema } },
    },
    async (request) => ({
      result: toUser(
        await setLocked(app.db, currentUser(request), request.params.id, false, async () => undefined),
      ),
    }),
  );

  // A lost laptop: the Admin sees how many passkeys the user has and removes them all.
  app.get(
    '/:id/passkeys',
    {
      onRequest: adminOnly,
      schema: { tags, params: idParamsSchema, response: { 200: passkeyCountResponseSchema } },
    },
    async (request) => {
      const user = await findUser(app.db, request.params.id);
      return { result: { count: await passkeyCount(app.db, user.id) } };
    },
  );

  app.delete(
    '/:id/passkeys',
    { onRequest: adminOnly, schema: { tags, params: idParamsSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      const user = await findUser(app.db, request.params.id);
      await removeAllPasskeys(app.db, currentUser(request), user.id);
      return { result: true };
    },
  );

  app.post(
    '/sendConfirmEmail',
    {
      onRequest: adminOnly,
      schema: { tags, body: sendConfirmEmailSchema, response: { 200: okResponseSchema } },
    },
    async (request) => {
      await resendAccountConfirmation(app, currentUser(request), request.body.email);
      return { result: true };
    },
  );

  /**
   * Every signed-in user sees their own photo in the top bar; other people's photos are
   * for Admins. An old guid answers 404, so a replaced photo is never served again.
   */
  app.get(
    '/:userId/profilePhoto/:profilePhotoGuid',
    { preHandler: requireRole(), schema: { tags, params: photoParamsSchema } },
    async (request, reply) => {
      const actor = currentUser(request);
      const { userId, profilePhotoGuid } = request.params;
      if (actor.id !== userId && !isAdmin(actor.roles)) throw forbidden();
      const key = await findPhotoKey(app.db, userId, profilePhotoGuid);
      const blob = key ? await app.storage.get(key) : null;
      if (!blob) throw notFound('Profile photo');
      return sendBlob(reply, blob, { cacheControl: photoCacheControl });
    },
  );
};

export default usersModule;
