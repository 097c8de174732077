import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '../../../contract/account';
import { athleticDirectorRegisterRequestSchema } from '../../../contract/contact';
import { register } from '../account/email-flows';

/**
 * `POST athletic-directors/register`: an account without a password or role. The person
 * confirms it and sets a password from the e-mail; an Admin grants the AthleticDirector
 * role and organization once they know who it is.
 */
const athleticDirectors: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/register',
    {
      schema: {
        tags: ['athletic-directors'],
        body: athleticDirectorRegisterRequestSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      const { organizationName, phone, ...person } = request.body;
      const contactInformation = [`Organization: ${organizationName}`, phone ? `Phone: ${phone}` : null]
        .filter(Boolean)
        .join('\n');
      await register(app, request, { ...person, contactInformation }, 'Registration');
      return { result: true };
    },
  );
};

export default athleticDirectors;
