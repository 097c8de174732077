import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { byCollectionQuerySchema, orderListResponseSchema } from '../../../src/contract/orders';
import { orders } from '../../../src/contract/resources/orders';
import { currentUser } from '../../auth/guards';
import { resourceGuard } from '../../resources/engine';
import { ordersByCollection } from './service';

/** The organization's table and `POST orders` (Admins only) come from the definition. */
const ordersModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/by-collection',
    {
      onRequest: resourceGuard(orders, 'list'),
      schema: {
        tags: ['orders'],
        security: [{ session: [] }],
        querystring: byCollectionQuerySchema,
        response: { 200: orderListResponseSchema },
      },
    },
    async (request) => ({
      result: await ordersByCollection(app.db, currentUser(request), request.query.collectionId),
    }),
  );
};

export default ordersModule;
