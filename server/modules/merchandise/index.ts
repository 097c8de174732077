import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../../src/contract/access';
import {
  baseApparelQuerySchema,
  baseApparelResponseSchema,
  createMerchandiseFieldsSchema,
  createMerchandiseResponseSchema,
  merchandiseByOrganizationQuerySchema,
  merchandiseByOrganizationResponseSchema,
  productImageMaxBytes,
  uploadImageResponseSchema,
} from '../../../src/contract/merchandise';
import { currentUser, requireRole } from '../../auth/guards';
import { HttpError, notFound } from '../../http/errors';
import { sendBlob } from '../../storage/http';
import { readImageForm } from '../../storage/multipart';
import { workingOrganizationId } from '../design-logos/service';
import { publicMediaPrefixes } from './media';
import { merchandiseProcessor } from './processing';
import {
  baseApparelCatalogue,
  createMerchandise,
  merchandiseByOrganization,
  processMerchandiseJob,
} from './service';
import { createStorefront } from './storefront';

const allowed = requireRole(...access.merchandise);

const merchandise: FastifyPluginAsyncZod = async (app) => {
  const storefront = createStorefront(app.config, app.storage);
  app.jobs.register(processMerchandiseJob, merchandiseProcessor(app.db, app.storage, storefront));

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
      const organizationId = await workingOrganizationId(
        app.db,
        currentUser(request),
        request.query.organizationId,
        'organizationId',
      );
      return { result: { products: await baseApparelCatalogue(app.db, organizationId) } };
    },
  );

  app.post(
    '/create-merchandise-by-organization',
    {
      preHandler: allowed,
      schema: {
        tags: ['merchandise'],
        description:
          'multipart/form-data: Title, Description, Price, LogoId, BaseApparelId, OrganizationId and the composed png ImageFile',
        response: { 200: createMerchandiseResponseSchema },
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
      try {
        const parsed = createMerchandiseFieldsSchema.safeParse(form.fields);
        if (!parsed.success) {
          throw new HttpError(
            400,
            'Invalid merchandise',
            parsed.error.issues.map((issue) => ({
              propertyName: issue.path.join('.'),
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
        const product = await createMerchandise(
          app.db,
          app.jobs,
          actor,
          organizationId,
          parsed.data,
          form.image,
        );
        return { result: product };
      } catch (error) {
        await app.storage.delete(form.image.key);
        throw error;
      }
    },
  );

  app.post(
    '/UploadImageToShopify',
    {
      preHandler: allowed,
      schema: {
        tags: ['merchandise'],
        description: 'multipart/form-data with a png ImageFile; answers the URL shoppers fetch it from',
        response: { 200: uploadImageResponseSchema },
      },
    },
    async (request) => {
      const form = await readImageForm(request, {
        storage: app.storage,
        fileField: 'ImageFile',
        prefix: 'storefront-uploads',
        maxBytes: productImageMaxBytes,
        allowed: ['png'],
      });
      try {
        return { result: await storefront.uploadImage(form.image) };
      } catch (error) {
        await app.storage.delete(form.image.key);
        throw error;
      }
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
