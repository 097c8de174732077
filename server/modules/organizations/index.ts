import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organizationOptionsResponseSchema } from '../../../contract/organizations';
import { roles } from '../../../contract/roles';
import { requireRole } from '../../auth/guards';
import { organizationOptions } from './service';

/** Table, read, create and update come from the definition; the selector's options are Admin-only. */
const organizations: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/options',
    {
      preHandler: requireRole(roles.admin),
      schema: {
        tags: ['organizations'],
        security: [{ session: [] }],
        response: { 200: organizationOptionsResponseSchema },
      },
    },
    async () => ({ result: await organizationOptions(app.db) }),
  );
};

export default organizations;
