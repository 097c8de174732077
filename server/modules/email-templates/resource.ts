import { badRequest } from '../../errors';
import type { ResourceServer } from '../../engine/types';
import { sanitizeTemplateOffThread } from '../../storage/sanitize-pool';

/**
 * Templates are edited through the engine (`PUT emailTemplate/update`); the bodies are cleaned
 * first (`server/storage/html-sanitize.ts`). An English body with nothing left to read (an
 * editor's empty paragraph) is refused; the Spanish one may be left empty (the English one is
 * sent), which is kept as null.
 */
export const emailTemplatesServer: ResourceServer = {
  async beforeChange(values) {
    let cleaned = values;
    if (typeof values.body === 'string') {
      const { body, empty } = await sanitizeTemplateOffThread(values.body);
      if (empty) throw badRequest('body', 'Body is required');
      cleaned = { ...cleaned, body };
    }
    if (typeof values.bodyEs === 'string') {
      const { body: bodyEs, empty } = await sanitizeTemplateOffThread(values.bodyEs);
      cleaned = { ...cleaned, bodyEs: empty ? null : bodyEs };
    }
    return cleaned;
  },
};
