import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../../src/contract/access';
import { idParamsSchema, resultOf, tableQuerySchema } from '../../../src/contract/common';
import {
  settingCreateSchema,
  settingIdOrKeyParamsSchema,
  settingResponseSchema,
  settingTableResponseSchema,
  settingUpdateSchema,
} from '../../../src/contract/settings';
import { currentUser, requireRole } from '../../auth/guards';
import { createSetting, deleteSetting, getSetting, settingsTable, updateSetting } from './service';

const tags = ['settings'];

const settingsModule: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireRole(...access.settings));

  app.post(
    '/table',
    { schema: { tags, body: tableQuerySchema, response: { 200: settingTableResponseSchema } } },
    async (request) => ({ result: await settingsTable(app.db, request.body) }),
  );

  app.get(
    '/:idOrKey',
    {
      schema: {
        tags,
        description: 'A numeric segment is read as the id, anything else as the key.',
        params: settingIdOrKeyParamsSchema,
        response: { 200: settingResponseSchema },
      },
    },
    async (request) => ({ result: await getSetting(app.db, request.params.idOrKey) }),
  );

  app.post(
    '/',
    { schema: { tags, body: settingCreateSchema, response: { 200: settingResponseSchema } } },
    async (request) => ({ result: await createSetting(app.db, currentUser(request), request.body) }),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: settingUpdateSchema,
        response: { 200: settingResponseSchema },
      },
    },
    async (request) => ({
      result: await updateSetting(app.db, currentUser(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: resultOf(z.null()) } } },
    async (request) => {
      await deleteSetting(app.db, currentUser(request), request.params.id);
      return { result: null };
    },
  );
};

export default settingsModule;
