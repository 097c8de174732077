import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../../src/contract/access';
import { idParamsSchema, tableQuerySchema } from '../../../src/contract/common';
import {
  emailTemplateResponseSchema,
  emailTemplateTableResponseSchema,
  emailTemplateUpdateSchema,
} from '../../../src/contract/email-templates';
import { currentUser, requireRole } from '../../auth/guards';
import { emailTemplatesTable, getEmailTemplate, updateEmailTemplate } from './service';

const tags = ['email-templates'];

/** Registered under `/api/emailTemplate`, the spec's path; the app's route is `email-template`. */
const emailTemplatesModule: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireRole(...access['email-template']));

  app.post(
    '/table',
    { schema: { tags, body: tableQuerySchema, response: { 200: emailTemplateTableResponseSchema } } },
    async (request) => ({ result: await emailTemplatesTable(app.db, request.body) }),
  );

  app.put(
    '/update',
    { schema: { tags, body: emailTemplateUpdateSchema, response: { 200: emailTemplateResponseSchema } } },
    async (request) => ({ result: await updateEmailTemplate(app.db, currentUser(request), request.body) }),
  );

  app.get(
    '/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: emailTemplateResponseSchema } } },
    async (request) => ({ result: await getEmailTemplate(app.db, request.params.id) }),
  );
};

export default emailTemplatesModule;
