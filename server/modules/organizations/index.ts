import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, tableQuerySchema } from '../../../src/contract/common';
import {
  organizationInputSchema,
  organizationOptionsResponseSchema,
  organizationResponseSchema,
  organizationTableResponseSchema,
} from '../../../src/contract/organizations';
import { roles } from '../../../src/contract/roles';
import { currentUser, requireRole } from '../../auth/guards';
import {
  createOrganization,
  getOrganization,
  organizationOptions,
  organizationsTable,
  updateOrganization,
} from './service';

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

  app.post(
    '/table',
    {
      preHandler: requireRole(roles.admin),
      schema: {
        tags: ['organizations'],
        body: tableQuerySchema,
        response: { 200: organizationTableResponseSchema },
      },
    },
    async (request) => ({ result: await organizationsTable(app.db, request.body) }),
  );

  app.post(
    '/',
    {
      preHandler: requireRole(roles.admin),
      schema: {
        tags: ['organizations'],
        body: organizationInputSchema,
        response: { 200: organizationResponseSchema },
      },
    },
    async (request) => ({ result: await createOrganization(app.db, currentUser(request), request.body) }),
  );

  app.put(
    '/:id',
    {
      preHandler: requireRole(roles.admin),
      schema: {
        tags: ['organizations'],
        params: idParamsSchema,
        body: organizationInputSchema,
        response: { 200: organizationResponseSchema },
      },
    },
    async (request) => ({
      result: await updateOrganization(app.db, currentUser(request), request.params.id, request.body),
    }),
  );
};

export default organizations;
