import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../../src/contract/access';
import { dashboardResponseSchema } from '../../../src/contract/dashboard';
import { currentUser, requireRole } from '../../auth/guards';
import { dashboardFor } from './service';

const dashboard: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      preHandler: requireRole(...access.dashboard),
      schema: { tags: ['dashboard'], response: { 200: dashboardResponseSchema } },
    },
    async (request) => ({ result: { dataElements: await dashboardFor(app.db, currentUser(request)) } }),
  );
};

export default dashboard;
