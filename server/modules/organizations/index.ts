import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../src/contract/common';
import {
  organizationOptionsResponseSchema,
  organizationResponseSchema,
} from '../../../src/contract/organizations';
import { roles } from '../../../src/contract/roles';
import { currentUser, requireRole } from '../../auth/guards';
import { getOrganization, organizationOptions } from './service';

const organizations: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/options',
    {
      preHandler: requireRole(roles.admin),
      schema: { tags: ['organizations'], response: { 200: organizationOptionsResponseSchema } },
    },
    async () => ({ result: await organizationOptions(app.db) }),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['organizations'],
        params: idParamsSchema,
        response: { 200: organizationResponseSchema },
      },
    },
    async (request) => ({ result: await getOrganization(app.db, currentUser(request), request.params.id) }),
  );
};

export default organizations;
