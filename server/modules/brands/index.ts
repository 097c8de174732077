import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../../src/contract/access';
import {
  brandListResponseSchema,
  brandResponseSchema,
  brandShowcaseSchema,
  brandTableResponseSchema,
} from '../../../src/contract/brands';
import { idParamsSchema, tableQuerySchema } from '../../../src/contract/common';
import { currentUser, requireRole, requireUser } from '../../auth/guards';
import { brandsTable, setShowcase, showcasedBrands } from './service';

const tags = ['brands'];
const adminOnly = requireRole(...access.brands);

const brandsModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/showcased',
    {
      preHandler: requireUser,
      schema: {
        tags,
        description: 'The showcased brands, for anyone signed in who builds merchandise.',
        response: { 200: brandListResponseSchema },
      },
    },
    async () => ({ result: await showcasedBrands(app.db) }),
  );

  app.post(
    '/table',
    {
      preHandler: adminOnly,
      schema: { tags, body: tableQuerySchema, response: { 200: brandTableResponseSchema } },
    },
    async (request) => ({ result: await brandsTable(app.db, request.body) }),
  );

  app.patch(
    '/:id/showcase',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        params: idParamsSchema,
        body: brandShowcaseSchema,
        response: { 200: brandResponseSchema },
      },
    },
    async (request) => ({
      result: await setShowcase(app.db, currentUser(request), request.params.id, request.body.isShowcased),
    }),
  );
};

export default brandsModule;
