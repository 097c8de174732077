import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  campaignCandidatesResponseSchema,
  campaignCardResponseSchema,
  campaignProductsInputSchema,
  campaignProductsResponseSchema,
  closeOutResponseSchema,
} from '../../../contract/campaigns';
import { idParamsSchema } from '../../../contract/common';
import { campaigns } from '../../../contract/definitions/campaigns';
import { currentUser } from '../../auth/guards';
import { resourceGuard } from '../../engine/guard';
import { resourceSchema } from '../../engine/openapi';
import { HttpError } from '../../errors';
import { sendBlob } from '../../storage/http';
import { campaignCard } from './card';
import { closeOutJob, closeOutOf, packageBeforeCloseMessage, packageOf } from './close-out';
import { closeOutPackager } from './close-out-package';
import { campaignOf, candidatesOf, productsOf, setProducts } from './products';

/** The package's file name: the window's name in letters, digits and dashes (a header's value). */
const packageFileName = (name: string) => {
  // Accents go (é is e and a mark), anything else not a letter or digit becomes one dash.
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\w-]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${ascii || 'campaign'}-close-out.zip`;
};

/** What a store window sells, its close-out and its dashboard card; the window itself is the definition's. */
const campaignsModule: FastifyPluginAsyncZod = async (app) => {
  app.jobs.register(closeOutJob, closeOutPackager(app.db, app.storage));

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

  app.get(
    '/:id/close-out',
    {
      onRequest: resourceGuard(campaigns, 'read'),
      schema: resourceSchema(campaigns, {
        description:
          "The window's close-out as it stands (final once it is closed): its counted orders and units, each product's units against its minimum and what it raised, the units by product, colour and size, the fundraising total and the platform's share, the school's flagged orders that arrived within a week either side of it, and its package: none, building (a job builds it when the window closes) or ready.",
        params: idParamsSchema,
        response: { 200: closeOutResponseSchema },
      }),
    },
    async (request) => {
      const campaign = await campaignOf(app.db, currentUser(request), request.params.id);
      return { result: await closeOutOf(app.db, campaign) };
    },
  );

  app.post(
    '/:id/close-out/package',
    {
      onRequest: resourceGuard(campaigns, 'update'),
      schema: resourceSchema(campaigns, {
        description:
          "Builds a closed window's package again (after its job failed, or to take in orders refunded since): queues the job unless one is queued or running, and answers the close-out with the package building. 409 before the window has closed.",
        params: idParamsSchema,
        response: { 200: closeOutResponseSchema },
      }),
    },
    async (request) => {
      const campaign = await campaignOf(app.db, currentUser(request), request.params.id);
      if (campaign.state !== 'closed' && campaign.state !== 'sentToPrint')
        throw new HttpError(409, packageBeforeCloseMessage);
      if ((await packageOf(app.db, campaign)).status !== 'building')
        await app.jobs.enqueue(closeOutJob, { campaignId: campaign.id }, app.db, {
          organizationId: campaign.organizationId,
          maxAttempts: 5,
        });
      return { result: await closeOutOf(app.db, campaign) };
    },
  );

  app.get(
    '/:id/close-out/package',
    {
      onRequest: resourceGuard(campaigns, 'read'),
      schema: resourceSchema(campaigns, {
        description:
          "The window's close-out package, one ZIP: counts.csv, minimums.csv, refunds.csv (the orders of products whose minimum was not met), packing-list.csv, fundraising.csv, close-out.pdf (all of it printable, a packing list page per buyer) and print-files/ (each product's front and back print files and preflight). 404 until the job has built it.",
        params: idParamsSchema,
        produces: ['application/zip'],
      }),
    },
    async (request, reply) => {
      const campaign = await campaignOf(app.db, currentUser(request), request.params.id);
      const blob = campaign.packageKey ? await app.storage.get(campaign.packageKey) : null;
      if (!blob) throw new HttpError(404, 'The close-out package is not ready');
      reply.header('Content-Disposition', `attachment; filename="${packageFileName(campaign.name)}"`);
      return sendBlob(reply, blob);
    },
  );
};

export default campaignsModule;
