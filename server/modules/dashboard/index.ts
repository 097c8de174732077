import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../../contract/access';
import {
  dashboardQuerySchema,
  dashboardResponseSchema,
  salesQuerySchema,
  salesResponseSchema,
} from '../../../contract/dashboard';
import { orders } from '../../../contract/definitions';
import { currentUser, requireRole } from '../../auth/guards';
import { resourceGuard } from '../../engine/guard';
import { salesFor } from './sales';
import { dashboardFor } from './service';

const dashboard: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      preHandler: requireRole(...access.dashboard),
      schema: {
        tags: ['dashboard'],
        querystring: dashboardQuerySchema,
        response: { 200: dashboardResponseSchema },
      },
    },
    async (request) => ({
      result: {
        dataElements: await dashboardFor(app.db, currentUser(request), request.query.organizationId),
      },
    }),
  );

  app.get(
    '/sales',
    {
      // Whoever may list orders may see what they add up to.
      onRequest: resourceGuard(orders, 'list'),
      schema: {
        tags: ['dashboard'],
        security: [{ session: [] }],
        description:
          'Revenue and orders per day over a period (the last 7, 30 or 90 days, the school year from August 1, or a custom range of at most 366 days; 30 days by default), the totals of the period as long just before it, the top 5 products by units sold, and for Admins the products and jobs processing or failed.',
        querystring: salesQuerySchema,
        response: { 200: salesResponseSchema },
      },
    },
    async (request) => ({
      result: await salesFor(app.db, currentUser(request), request.query),
    }),
  );
};

export default dashboard;
