import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../../src/contract/access';
import { tableQuerySchema } from '../../../src/contract/common';
import {
  byCollectionQuerySchema,
  orderCreateSchema,
  orderListResponseSchema,
  orderResponseSchema,
  orderTableResponseSchema,
  organizationOrdersParamsSchema,
} from '../../../src/contract/orders';
import { roles } from '../../../src/contract/roles';
import { currentUser, requireRole } from '../../auth/guards';
import { createOrder, organizationOrdersTable, ordersByCollection } from './service';

const tags = ['orders'];

const ordersModule: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/organization/:organizationId/table',
    {
      preHandler: requireRole(...access.orders),
      schema: {
        tags,
        params: organizationOrdersParamsSchema,
        body: tableQuerySchema,
        response: { 200: orderTableResponseSchema },
      },
    },
    async (request) => ({
      result: await organizationOrdersTable(
        app.db,
        currentUser(request),
        request.params.organizationId,
        request.body,
      ),
    }),
  );

  app.get(
    '/by-collection',
    {
      preHandler: requireRole(...access.orders),
      schema: { tags, querystring: byCollectionQuerySchema, response: { 200: orderListResponseSchema } },
    },
    async (request) => ({
      result: await ordersByCollection(app.db, currentUser(request), request.query.collectionId),
    }),
  );

  app.post(
    '/',
    {
      preHandler: requireRole(roles.admin),
      schema: {
        tags,
        description:
          'Records an order; Admins only, including a storefront integration signed in as an Admin.',
        body: orderCreateSchema,
        response: { 200: orderResponseSchema },
      },
    },
    async (request) => ({ result: await createOrder(app.db, currentUser(request), request.body) }),
  );
};

export default ordersModule;
