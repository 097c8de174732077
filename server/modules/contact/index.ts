import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '../../../contract/account';
import { contactRequestSchema } from '../../../contract/contact';
import { addressOf, enforce, limits } from '../../auth/rate-limit';
import { emailTemplates, settings } from '../../db/schema';
import { HttpError } from '../../errors';

const contactNotConfigured = 'The contact form is not available right now. Please try again later.';

/**
 * `POST contact`: the message goes to CONTACT_EMAIL, else the Contact template's own `to`,
 * else the enabled SupportEmail setting, with the sender as Reply-To.
 */
const contact: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    { schema: { tags: ['contact'], body: contactRequestSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await enforce(app.db, [[limits.contactPerAddress, addressOf(request)]]);
      const [template] = await app.db
        .select({ to: emailTemplates.to })
        .from(emailTemplates)
        .where(eq(emailTemplates.key, 'Contact'));
      const [support] = await app.db
        .select({ value: settings.value })
        .from(settings)
        .where(
          and(eq(settings.key, 'SupportEmail'), eq(settings.isEnabled, true), isNull(settings.deletedAt)),
        );
      const to = app.config.contactEmail ?? template?.to ?? support?.value;
      if (!to) throw new HttpError(503, contactNotConfigured);
      const { name, email, subject, message } = request.body;
      await app.mailer.send({
        template: 'Contact',
        to,
        replyTo: email,
        values: { name, email, subject, message },
      });
      return { result: true };
    },
  );
};

export default contact;
