import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  campaignCandidatesResponseSchema,
  campaignCardResponseSchema,
  campaignProductsInputSchema,
  campaignProductsResponseSchema,
} from '../../../contract/campaigns';
import { idParamsSchema } from '../../../contract/common';
import { campaigns } from '../../../contract/definitions/campaigns';
import { currentUser } from '../../auth/guards';
import { resourceGuard } from '../../engine/guard';
import { resourceSchema } from '../../engine/openapi';
import { campaignCard } from './card';
import { campaignOf, candidatesOf, productsOf, setProducts } from './products';

/** What a store window sells, its close-out and its dashboard card; the window itself is the definition's. */
const campaignsModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/card',
    {
      onRequest: resourceGuard(campaigns, 'list'),
      schema: resourceSchema(campaigns, {
        description:
          "The dashboard's store-window card: a director's school's open windows, an Admin's windows of every school closing within seven days; each product's units against its minimum and the money raised.",
        response: { 200: campaignCardResponseSchema },
      }),
    },
    async (request) => ({ result: await campaignCard(app.db, currentUser(request)) }),
  );

  app.get(
    '/:id/products',
    {
      onRequest: resourceGuard(campaigns, 'read'),
      schema: resourceSchema(campaigns, {
        description:
          'The products the window sells, each with its minimum, fundraising amount, sale price and the units its orders (neither cancelled nor refunded) bought so far.',
        params: idParamsSchema,
        response: { 200: campaignProductsResponseSchema },
      }),
    },
    async (request) => {
      const campaign = await campaignOf(app.db, currentUser(request), request.params.id);
      return { result: await productsOf(app.db, campaign.id) };
    },
  );

  app.put(
    '/:id/products',
    {
      onRequest: resourceGuard(campaigns, 'update'),
      schema: resourceSchema(campaigns, {
        description:
          "Replaces what the window sells, before it closes: its school's approved (or published) products, each once. An open window's products go on or off sale at once.",
        params: idParamsSchema,
        body: campaignProductsInputSchema,
        response: { 200: campaignProductsResponseSchema },
      }),
    },
    async (request) => ({
      result: await setProducts(app.db, currentUser(request), request.params.id, request.body.products),
    }),
  );

  app.get(
    '/:id/candidates',
    {
      onRequest: resourceGuard(campaigns, 'update'),
      schema: resourceSchema(campaigns, {
        description: "The window's school's products it may sell: approved or published, outside the trash.",
        params: idParamsSchema,
        response: { 200: campaignCandidatesResponseSchema },
      }),
    },
    async (request) => {
      const campaign = await campaignOf(app.db, currentUser(request), request.params.id);
      return { result: await candidatesOf(app.db, campaign.organizationId) };
    },
  );
};

export default campaignsModule;
