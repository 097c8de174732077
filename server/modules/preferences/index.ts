import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '../../../contract/account';
import { isLocale, localePreferenceKey, localeValueMessage } from '../../../contract/locales';
import {
  preferenceCountMessage,
  preferenceLimits,
  preferenceParamsSchema,
  preferencesResponseSchema,
  savePreferenceRequestSchema,
} from '../../../contract/preferences';
import { requireUser, currentUser } from '../../auth/guards';
import { userPreferences } from '../../db/schema';
import { badRequest } from '../../errors';

const tags = ['preferences'];

/** `preferences`: the signed-in user's own app preferences, by key; nobody reads another's. */
const preferences: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser);

  app.get('/', { schema: { tags, response: { 200: preferencesResponseSchema } } }, async (request) => {
    const rows = await app.db
      .select({ key: userPreferences.key, value: userPreferences.value })
      .from(userPreferences)
      .where(eq(userPreferences.userId, currentUser(request).id));
    return { result: Object.fromEntries(rows.map((row) => [row.key, row.value])) };
  });

  app.put(
    '/:key',
    {
      schema: {
        tags,
        params: preferenceParamsSchema,
        body: savePreferenceRequestSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const { key } = request.params;
      if (key === localePreferenceKey && !isLocale(request.body.value)) {
        throw badRequest('value', localeValueMessage);
      }
      const value = JSON.stringify(request.body.value);
      // One statement: a new key is added only while the user holds fewer than the limit,
      // so two tabs saving at once cannot pass it; an existing key is always replaced.
      const saved = (await app.db.execute(sql`
        insert into ${userPreferences} (user_id, key, value, updated_at)
        select ${userId}, ${key}, ${value}::jsonb, now()
        where exists (select 1 from ${userPreferences} where user_id = ${userId} and key = ${key})
           or (select count(*) from ${userPreferences} where user_id = ${userId}) < ${preferenceLimits.keysPerUser}
        on conflict (user_id, key) do update set value = excluded.value, updated_at = excluded.updated_at
        returning key`)) as unknown as { rows: unknown[] };
      if (saved.rows.length === 0) throw badRequest('key', preferenceCountMessage);
      return { result: true };
    },
  );

  app.delete(
    '/:key',
    { schema: { tags, params: preferenceParamsSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await app.db
        .delete(userPreferences)
        .where(
          and(
            eq(userPreferences.userId, currentUser(request).id),
            eq(userPreferences.key, request.params.key),
          ),
        );
      return { result: true };
    },
  );
};

export default preferences;
