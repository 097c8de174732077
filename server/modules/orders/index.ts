import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { byCollectionQuerySchema, orderListResponseSchema } from '../../../contract/orders';
import { idParamsSchema } from '../../../contract/common';
import { orderItemsResponseSchema } from '../../../contract/definitions/order-items';
import { orders } from '../../../contract/definitions';
import { currentUser } from '../../auth/guards';
import { resourceGuard } from '../../engine/guard';
import { resourceSchema } from '../../engine/openapi';
import { itemsOfOrder } from './items';
import { shopifyWebhook } from './shopify-webhook';
import { ordersByCollection } from './service';

/** The organization's table and `POST orders` (Admins only) come from the definition. */
const ordersModule: FastifyPluginAsyncZod = async (app) => {
  const webhookSecret = app.config.shopify?.webhookSecret;
  if (webhookSecret) await app.register(shopifyWebhook(webhookSecret));

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

  app.get(
    '/:id/items',
    {
      onRequest: resourceGuard(orders, 'read'),
      schema: resourceSchema(orders, {
        description: "The order's lines with their products' thumbnails.",
        params: idParamsSchema,
        response: { 200: orderItemsResponseSchema },
      }),
    },
    async (request) => ({ result: await itemsOfOrder(app.db, currentUser(request), request.params.id) }),
  );
};

export default ordersModule;
