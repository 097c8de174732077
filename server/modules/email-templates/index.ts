import { badRequest } from '../../http/errors';
import type { ResourceServer } from '../../resources/types';
import { sanitizeTemplateOffThread } from '../../storage/uploads';

/**
 * Templates are edited through the engine (`PUT emailTemplate/update`); the body is cleaned first
 * (`server/storage/html-sanitize.ts`), and one with nothing left to read (an editor's empty
 * paragraph) is refused.
 */
export const emailTemplatesResource: ResourceServer = {
  async beforeChange(values) {
    if (typeof values.body !== 'string') return values;
    const { body, empty } = await sanitizeTemplateOffThread(values.body);
    if (empty) throw badRequest('body', 'Body is required');
    return { ...values, body };
  },
};
