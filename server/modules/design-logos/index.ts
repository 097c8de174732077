import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../../contract/access';
import { limits } from '../../../contract/common';
import { idSchema } from '../../../contract/resource';
import {
  designLogoDeleteResponseSchema,
  designLogoTrashResponseSchema,
  designLogoListQuerySchema,
  designLogoListResponseSchema,
  designLogoResponseSchema,
  designLogoUploadQuerySchema,
} from '../../../contract/design-logos';
import { currentUser, requireRole } from '../../auth/guards';
import { notFound } from '../../errors';
import { sendBlob } from '../../storage/http';
import { deleteOnFailure } from '../../storage';
import { readImageForm } from '../../storage/multipart';
import { refuseWhenFull } from '../../storage/quota';
import { registerModuleTrash } from '../../engine/trash';
import {
  addLogo,
  deleteLogo,
  findLogo,
  listLogos,
  listTrashedLogos,
  purgeLogos,
  restoreLogos,
  toDesignLogo,
  workingOrganizationId,
} from './service';

/** Ids past the integer column name no logo; PostgreSQL would refuse to compare them (a 500). */
const logoParamsSchema = z.object({ id: idSchema });

const allowed = requireRole(...access['design-logos']);

const designLogos: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      preHandler: allowed,
      schema: {
        tags: ['design-logos'],
        querystring: designLogoListQuerySchema,
        response: { 200: designLogoListResponseSchema },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const organizationId = await workingOrganizationId(
        app.db,
        actor,
        request.query.organizationId,
        'organizationId',
      );
      return { result: await listLogos(app.db, organizationId) };
    },
  );

  app.post(
    '/',
    {
      preHandler: allowed,
      config: {
        multipartForm: {
          files: { ImageFile: 'a png or svg of at most 20 MB' },
          requiredFiles: ['ImageFile'],
        },
      },
      schema: {
        tags: ['design-logos'],
        description: 'multipart/form-data with ImageFile: a png or svg of at most 20 MB',
        querystring: designLogoUploadQuerySchema,
        response: { 200: designLogoResponseSchema },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const organizationId = await workingOrganizationId(
        app.db,
        actor,
        request.query.OrganizationId,
        'OrganizationId',
      );
      await refuseWhenFull(app.db, app.config.storageQuotaBytes, organizationId, 'ImageFile');
      const form = await readImageForm(request, {
        storage: app.storage,
        fileField: 'ImageFile',
        prefix: 'design-logos',
        maxBytes: limits.logoBytes,
        allowed: ['png', 'svg'],
      });
      const logo = await deleteOnFailure(app.storage, form.image.key, () =>
        addLogo(app.db, actor, organizationId, form.image, form.fileName, {
          quotaBytes: app.config.storageQuotaBytes,
          field: 'ImageFile',
        }),
      );
      return { result: logo };
    },
  );

  app.delete(
    '/:id',
    {
      preHandler: allowed,
      schema: {
        tags: ['design-logos'],
        params: logoParamsSchema,
        response: { 200: designLogoDeleteResponseSchema },
      },
    },
    async (request) => {
      await deleteLogo(app.db, currentUser(request), request.params.id);
      return { result: { id: request.params.id } };
    },
  );

  registerModuleTrash(app, {
    tag: 'design-logos',
    preHandler: allowed,
    list: {
      querystring: designLogoListQuerySchema,
      response: designLogoTrashResponseSchema,
      rows: async (actor, query) =>
        listTrashedLogos(
          app.db,
          await workingOrganizationId(app.db, actor, query.organizationId, 'organizationId'),
        ),
    },
    restoreOne: {
      params: logoParamsSchema,
      response: designLogoResponseSchema,
      restored: async (actor, id) => toDesignLogo(await findLogo(app.db, actor, id)),
    },
    restore: (actor, ids) => restoreLogos(app.db, actor, ids),
    purge: (actor, ids) => purgeLogos(app.db, app.storage, actor, ids),
  });

  app.get(
    '/:id/file',
    { preHandler: allowed, schema: { tags: ['design-logos'], params: logoParamsSchema } },
    async (request, reply) => {
      // The trash view shows its logos too.
      const row = await findLogo(app.db, currentUser(request), request.params.id, 'any');
      const blob = await app.storage.get(row.storageKey);
      if (!blob) throw notFound('Design logo file');
      return sendBlob(reply, blob);
    },
  );
};

export default designLogos;
