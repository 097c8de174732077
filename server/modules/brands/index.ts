import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { brandListResponseSchema } from '../../../contract/brands';
import { requireUser } from '../../auth/guards';
import { showcasedBrands } from './service';

const brandsModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/showcased',
    {
      preHandler: requireUser,
      schema: {
        tags: ['brands'],
        security: [{ session: [] }],
        description: 'The showcased brands, for anyone signed in who builds merchandise.',
        response: { 200: brandListResponseSchema },
      },
    },
    async () => ({ result: await showcasedBrands(app.db) }),
  );
};

export default brandsModule;
