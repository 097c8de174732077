import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../../src/contract/access';
import { idParamsSchema, resultOf, tableQuerySchema } from '../../../src/contract/common';
import {
  promoActiveStatusSchema,
  promoCodeInputSchema,
  promoCodeResponseSchema,
  promoCodeTableResponseSchema,
  promoDeleteQuerySchema,
} from '../../../src/contract/promo-codes';
import { currentUser, requireRole } from '../../auth/guards';
import {
  createPromoCode,
  deletePromoCode,
  getPromoCode,
  promoCodesTable,
  setPromoActive,
  updatePromoCode,
} from './service';

const tags = ['promo-codes'];

const promoCodesModule: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireRole(...access['promo-codes']));

  app.post(
    '/table',
    { schema: { tags, body: tableQuerySchema, response: { 200: promoCodeTableResponseSchema } } },
    async (request) => ({ result: await promoCodesTable(app.db, request.body) }),
  );

  app.put(
    '/update-active-status',
    { schema: { tags, body: promoActiveStatusSchema, response: { 200: promoCodeResponseSchema } } },
    async (request) => ({
      result: await setPromoActive(app.db, currentUser(request), request.body.id, request.body.isActive),
    }),
  );

  app.get(
    '/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: promoCodeResponseSchema } } },
    async (request) => ({ result: await getPromoCode(app.db, request.params.id) }),
  );

  app.post(
    '/',
    { schema: { tags, body: promoCodeInputSchema, response: { 200: promoCodeResponseSchema } } },
    async (request) => ({ result: await createPromoCode(app.db, currentUser(request), request.body) }),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: promoCodeInputSchema,
        response: { 200: promoCodeResponseSchema },
      },
    },
    async (request) => ({
      result: await updatePromoCode(app.db, currentUser(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/',
    {
      schema: {
        tags,
        description: 'Deletes the promo code named by the `id` query parameter.',
        querystring: promoDeleteQuerySchema,
        response: { 200: resultOf(z.null()) },
      },
    },
    async (request) => {
      await deletePromoCode(app.db, currentUser(request), request.query.id);
      return { result: null };
    },
  );
};

export default promoCodesModule;
