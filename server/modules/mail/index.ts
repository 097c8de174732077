import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '../../../contract/account';
import { idParamsSchema } from '../../../contract/common';
import { mail } from '../../../contract/definitions/mail';
import { audit } from '../../audit';
import { currentUser } from '../../auth/guards';
import { HttpError } from '../../errors';
import { resourceGuard } from '../../engine/guard';

/** The engine lists the outbox read-only; resending a failed message is the one thing it cannot do. */
const mailModule: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/resend',
    {
      onRequest: resourceGuard(mail, 'read'),
      schema: {
        tags: ['mail'],
        security: [{ session: [] }],
        description: 'Queues a failed e-mail again for delivery, from its first attempt.',
        params: idParamsSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await app.mailer.resend(id))) {
        throw new HttpError(409, 'Only a failed e-mail whose body is still kept can be resent');
      }
      await audit(app.db, currentUser(request).id, 'resend', 'mail', id);
      return { result: true };
    },
  );
};

export default mailModule;
