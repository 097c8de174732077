import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { conflictBodySchema, resultOf } from '../../../contract/common';
import { access } from '../../../contract/access';
import {
  archiveMerchandiseQuerySchema,
  apparelColourFieldsSchema,
  apparelColourResponseSchema,
  baseApparelQuerySchema,
  baseApparelResponseSchema,
  createMerchandiseFieldsSchema,
  merchandiseByOrganizationQuerySchema,
  merchandiseByOrganizationResponseSchema,
  merchandiseIdParamsSchema,
  merchandiseProductSchema,
  merchandiseResponseSchema,
  merchandiseTrashQuerySchema,
  merchandiseTrashResponseSchema,
  printFileParamsSchema,
  reviewQueueResponseSchema,
  productImageMaxBytes,
  updateMerchandiseSchema,
  uploadImageQuerySchema,
  uploadImageResponseSchema,
} from '../../../contract/merchandise';
import { isAdmin, roles } from '../../../contract/roles';
import { currentUser, requireRole } from '../../auth/guards';
import { HttpError, notFound } from '../../errors';
import { sendBlob } from '../../storage/http';
import { deleteOnFailure } from '../../storage';
import { readImageForm } from '../../storage/multipart';
import { refuseWhenFull } from '../../storage/quota';
import { staleWriteDescription } from '../../engine/openapi';
import { registerModuleTrash } from '../../engine/trash';
import { workingOrganizationId } from '../design-logos/service';
import { publicMediaPrefixes } from './media';
import {
  merchandiseProcessor,
  merchandisePublication,
  merchandiseRemoval,
  merchandiseSync,
} from './processing';
import { productReviewEngine, reviewQueue } from './review';
import { registerWorkflow } from '../../engine/workflow';
import { addApparelColour, apparelShading, baseApparelCatalogue } from './catalogue';
import { createMerchandise } from './create';
import { printFileKey, printPreflightKey } from './print-files';
import {
  archiveMerchandise,
  coloursOf,
  findOwnProduct,
  merchandiseByOrganization,
  processMerchandiseJob,
  publishMerchandiseJob,
  removeMerchandiseJob,
  retryMerchandise,
  syncMerchandiseJob,
  toProduct,
  updateMerchandise,
} from './products';
import { forgetStorefrontUpload, recordStorefrontUpload } from './storefront-uploads';
import { listTrashedProducts, purgeProducts, restoreProducts } from './trash';
import { createStorefront } from './storefronts';

const allowed = requireRole(...access.merchandise);

/** A multipart field's path as the client wrote it: `Layers[0]`, not `Layers.0`. */
const fieldPath = (path: PropertyKey[]) =>
  path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index ? '.' : ''}${String(key)}`))
    .join('');

const merchandise: FastifyPluginAsyncZod = async (app) => {
  const storefront = createStorefront(app.config, app.storage);
  app.jobs.register(processMerchandiseJob, merchandiseProcessor(app.db, app.storage, storefront));
  app.jobs.register(syncMerchandiseJob, merchandiseSync(app.db, storefront));
  app.jobs.register(removeMerchandiseJob, merchandiseRemoval(storefront));
  app.jobs.register(publishMerchandiseJob, merchandisePublication(app.db, storefront));

  const review = productReviewEngine(app.jobs);
  registerWorkflow(app, review, '');
  app.get(
    '/review-queue',
    {
      preHandler: requireRole(...access.reviews),
      schema: {
        tags: ['merchandise'],
        description:
          'The designs submitted for review that the caller may decide on, oldest first: every school’s for an Admin, the assigned schools’ for a Reviewer',
        response: { 200: reviewQueueResponseSchema },
      },
    },
    async (request) => ({ result: await reviewQueue(app.db, review, currentUser(request)) }),
  );

  app.get(
    '/merchandise-by-organization',
    {
      preHandler: allowed,
      schema: {
        tags: ['merchandise'],
        querystring: merchandiseByOrganizationQuerySchema,
        response: { 200: merchandiseByOrganizationResponseSchema },
      },
    },
    async (request) => ({
      result: await merchandiseByOrganization(
        app.db,
        currentUser(request),
        request.query.organizationGuid,
        request.query.maxProductCount,
      ),
    }),
  );

  app.get(
    '/base-apparel',
    {
      preHandler: allowed,
      schema: {
        tags: ['merchandise'],
        querystring: baseApparelQuerySchema,
        response: { 200: baseApparelResponseSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // The catalogue is the same for every organization: an Admin managing its colours needs none.
      const organizationId =
        isAdmin(user.roles) && request.query.organizationId === undefined
          ? null
          : await workingOrganizationId(app.db, user, request.query.organizationId, 'organizationId');
      return { result: { products: await baseApparelCatalogue(app.db, organizationId) } };
    },
  );

  app.get(
    '/base-apparel/:id/fabric-shading',
    {
      preHandler: allowed,
      schema: {
        tags: ['merchandise'],
        description:
          "A garment's shading map (a grey png at its catalogue image's size: 128 flat cloth, darker folds, lighter ridges), which the product pictures are composited through; the studio's preview composites it the same way. 404 for a garment without one (fabric false)",
        params: merchandiseIdParamsSchema,
      },
    },
    async (request, reply) => {
      const png = await apparelShading(app.db, app.storage, request.params.id);
      // Drawn from the outline alone: the same for an hour at least.
      reply.header('Cache-Control', 'private, max-age=3600');
      return reply.type('image/png').send(png);
    },
  );

  app.post(
    '/base-apparel/:id/colours',
    {
      preHandler: requireRole(roles.admin),
      config: {
        multipartForm: {
          fields: apparelColourFieldsSchema,
          files: { ImageFile: 'the garment in this colour (png)' },
          requiredFiles: ['ImageFile'],
        },
      },
      schema: {
        tags: ['merchandise'],
        description:
          'Admins only. multipart/form-data: Name, Hex (#rrggbb) and ImageFile, the garment in this colour (png, drawn like its catalogue image, so placements and print areas hold)',
        params: merchandiseIdParamsSchema,
        response: { 200: apparelColourResponseSchema },
      },
    },
    async (request) => {
      const form = await readImageForm(request, {
        storage: app.storage,
        fileField: 'ImageFile',
        prefix: 'base-apparel',
        maxBytes: productImageMaxBytes,
        allowed: ['png'],
      });
      const colour = await deleteOnFailure(app.storage, form.image.key, async () => {
        const parsed = apparelColourFieldsSchema.safeParse(form.fields);
        if (!parsed.success) {
          throw new HttpError(
            400,
            'Invalid colour',
            parsed.error.issues.map((issue) => ({
              propertyName: issue.path.join('.'),
              errorMessage: issue.message,
            })),
          );
        }
        return addApparelColour(app.db, app.storage, request.params.id, parsed.data, form.image);
      });
      return { result: colour };
    },
  );

  app.post(
    '/create-merchandise-by-organization',
    {
      preHandler: allowed,
      config: {
        multipartForm: {
          fields: createMerchandiseFieldsSchema,
          files: { ImageFile: 'the composed png of the logo on the apparel' },
          requiredFiles: ['ImageFile'],
        },
      },
      schema: {
        tags: ['merchandise'],
        description:
          'multipart/form-data: Title, Description, Price, LogoId, BaseApparelId, OrganizationId, the composed png ImageFile and optionally PlacementX, PlacementY, PlacementWidth (fractions of the apparel image), PlacementRotation (degrees) and Layers (a JSON list of further artwork: logos { kind: "logo", side: "front" | "back", logoId, placement: { x, y, width, rotation } } and texts { kind: "text", side, text, font, colour, outline?: { colour, width }, size (inches), rotation, arc (degrees), placement: { x, y } })',
        response: { 200: merchandiseResponseSchema },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const form = await readImageForm(request, {
        storage: app.storage,
        fileField: 'ImageFile',
        prefix: 'merchandise-sources',
        maxBytes: productImageMaxBytes,
        allowed: ['png'],
      });
      const product = await deleteOnFailure(app.storage, form.image.key, async () => {
        const parsed = createMerchandiseFieldsSchema.safeParse(form.fields);
        if (!parsed.success) {
          throw new HttpError(
            400,
            'Invalid merchandise',
            parsed.error.issues.map((issue) => ({
              propertyName: fieldPath(issue.path),
              errorMessage: issue.message,
            })),
          );
        }
        const organizationId = await workingOrganizationId(
          app.db,
          actor,
          parsed.data.OrganizationId,
          'OrganizationId',
        );
        return createMerchandise(
          app.db,
          app.storage,
          app.jobs,
          actor,
          organizationId,
          parsed.data,
          form.image,
          { quotaBytes: app.config.storageQuotaBytes, field: 'ImageFile' },
        );
      });
      return { result: product };
    },
  );

  app.put(
    '/:id',
    {
      preHandler: allowed,
      schema: {
        tags: ['merchandise'],
        description: `Changes a product's title, description and price. ${staleWriteDescription}`,
        params: merchandiseIdParamsSchema,
        body: updateMerchandiseSchema,
        response: { 200: merchandiseResponseSchema, 409: conflictBodySchema(merchandiseProductSchema) },
      },
    },
    async (request) => ({
      result: await updateMerchandise(
        app.db,
        app.jobs,
        currentUser(request),
        request.params.id,
        request.body,
      ),
    }),
  );

  app.post(
    '/:id/archive',
    {
      preHandler: allowed,
      schema: {
        tags: ['merchandise'],
        description: `Moves a product to the trash: hidden from the gallery and the storefront, restorable, kept for good when orders refer to it. ${staleWriteDescription}`,
        params: merchandiseIdParamsSchema,
        querystring: archiveMerchandiseQuerySchema,
        response: {
          200: resultOf(z.object({ id: z.number().int() })),
          409: conflictBodySchema(merchandiseProductSchema),
        },
      },
    },
    async (request) => {
      const { version } = request.query;
      await archiveMerchandise(app.db, app.jobs, currentUser(request), request.params.id, version);
      return { result: { id: request.params.id } };
    },
  );

  // The trash is the archive.
  registerModuleTrash(app, {
    tag: 'merchandise',
    preHandler: allowed,
    list: {
      querystring: merchandiseTrashQuerySchema,
      response: merchandiseTrashResponseSchema,
      rows: async (actor, query) =>
        listTrashedProducts(
          app.db,
          await workingOrganizationId(app.db, actor, query.organizationId, 'organizationId'),
        ),
    },
    restoreOne: {
      params: merchandiseIdParamsSchema,
      response: merchandiseResponseSchema,
      restored: async (actor, id) => {
        const row = await findOwnProduct(app.db, actor, id);
        return toProduct(row, await coloursOf(app.db, [row.id]));
      },
    },
    restore: (actor, ids) => restoreProducts(app.db, app.jobs, actor, ids),
    purge: (actor, ids) => purgeProducts(app.db, app.storage, app.jobs, actor, ids),
    descriptions: {
      restore: 'Back in the gallery, and on sale again once the storefront has been told',
      restoreMany:
        'Back in the gallery, and on sale again once the storefront has been told; a placement a live product has taken since is refused',
      purgeMany: 'With their files; a product that orders refer to is refused (it stays for its orders)',
    },
  });

  app.post(
    '/:id/retry',
    {
      preHandler: allowed,
      schema: {
        tags: ['merchandise'],
        description: 'Processes a failed product again',
        params: merchandiseIdParamsSchema,
        response: { 200: merchandiseResponseSchema },
      },
    },
    async (request) => ({
      result: await retryMerchandise(app.db, app.jobs, currentUser(request), request.params.id),
    }),
  );

  app.get(
    '/:id/print-file/:side',
    {
      preHandler: requireRole(...access.merchandise, roles.reviewer),
      schema: {
        tags: ['merchandise'],
        description:
          "A side's print file (png, the print area at 300 DPI, transparent outside the artwork), for Admins, the owning organization and its reviewers",
        params: printFileParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await printFileKey(app.db, currentUser(request), request.params.id, request.params.side);
      const blob = await app.storage.get(file.key);
      if (!blob) throw notFound('Print file');
      reply.header('Content-Disposition', `attachment; filename="${file.fileName}"`);
      return sendBlob(reply, blob);
    },
  );

  app.get(
    '/:id/print-preflight',
    {
      preHandler: requireRole(...access.merchandise, roles.reviewer),
      schema: {
        tags: ['merchandise'],
        description:
          "The design's preflight (JSON: each side's print size, colours, white underbase and print method, and every warning), beside the print files, for Admins, the owning organization and its reviewers",
        params: merchandiseIdParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await printPreflightKey(app.db, currentUser(request), request.params.id);
      const blob = await app.storage.get(file.key);
      if (!blob) throw notFound('Print file');
      reply.header('Content-Disposition', `attachment; filename="${file.fileName}"`);
      return sendBlob(reply, blob);
    },
  );

  app.post(
    '/UploadImageToShopify',
    {
      preHandler: allowed,
      config: {
        multipartForm: { files: { ImageFile: 'a png' }, requiredFiles: ['ImageFile'] },
      },
      schema: {
        tags: ['merchandise'],
        description:
          'multipart/form-data with a png ImageFile; answers the URL shoppers fetch it from, kept for a day',
        querystring: uploadImageQuerySchema,
        response: { 200: uploadImageResponseSchema },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const requested = request.query.OrganizationId;
      const organizationId =
        requested === undefined && isAdmin(actor.roles)
          ? null
          : await workingOrganizationId(app.db, actor, requested, 'OrganizationId');
      await refuseWhenFull(app.db, app.config.storageQuotaBytes, organizationId, 'ImageFile');
      const form = await readImageForm(request, {
        storage: app.storage,
        fileField: 'ImageFile',
        prefix: 'storefront-uploads',
        maxBytes: productImageMaxBytes,
        allowed: ['png'],
      });
      const uploaded = await deleteOnFailure(app.storage, form.image.key, async () => {
        await recordStorefrontUpload(app.db, organizationId, form.image, {
          quotaBytes: app.config.storageQuotaBytes,
          field: 'ImageFile',
        });
        try {
          return await storefront.uploadImage(form.image);
        } catch (error) {
          await forgetStorefrontUpload(app.db, form.image.key);
          throw error;
        }
      });
      return { result: uploaded };
    },
  );

  app.get(
    '/media/:prefix/:id',
    {
      schema: {
        tags: ['merchandise'],
        description: 'Public product and apparel images (what shoppers see)',
        params: z.object({ prefix: z.string(), id: z.string() }),
      },
    },
    async (request, reply) => {
      const { prefix, id } = request.params;
      if (!publicMediaPrefixes.includes(prefix)) throw notFound('Image');
      const blob = await app.storage.get(`${prefix}/${id}`);
      if (!blob) throw notFound('Image');
      return sendBlob(reply, blob, {
        cacheControl: 'public, max-age=31536000, immutable',
        crossOrigin: true,
      });
    },
  );
};

export default merchandise;
