import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { brandListResponseSchema } from '../../../contract/brands';
import { requireUser } from '../../auth/guards';
import type { ResourceServer } from '../../resources/types';
import { showcasedBrands } from './service';

/** The table and the showcase switch come from the definition; the audit log calls the switch `showcase`. */
export const brandsResource: ResourceServer = { auditActions: { toggle: 'showcase' } };

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
