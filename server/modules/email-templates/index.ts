import sanitizeHtml from 'sanitize-html';
import { badRequest } from '../../http/errors';
import type { ResourceServer } from '../../resources/types';

/**
 * The body is e-mailed to people outside the portal, so only formatting survives: no
 * scripts, styles, event handlers or `javascript:` links. `{{placeholders}}` are kept.
 */
export const sanitizeTemplateBody = (body: string) =>
  sanitizeHtml(body, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span'],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height'],
      '*': ['style'],
    },
    allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
    allowedSchemes: ['http', 'https', 'mailto'],
  });

/** An editor's empty paragraph (`<p></p>`) is markup without anything to read. */
const hasContent = (html: string) =>
  /<img\b/i.test(html) ||
  sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') !== '';

/**
 * Templates are edited through the engine (`PUT emailTemplate/update`); the bodies are cleaned
 * first. The Spanish body may be left empty (the English one is sent), which is kept as null.
 */
export const emailTemplatesResource: ResourceServer = {
  beforeChange(values) {
    let cleaned = values;
    if (typeof values.body === 'string') {
      const body = sanitizeTemplateBody(values.body);
      if (!hasContent(body)) throw badRequest('body', 'Body is required');
      cleaned = { ...cleaned, body };
    }
    if (typeof values.bodyEs === 'string') {
      const bodyEs = sanitizeTemplateBody(values.bodyEs);
      cleaned = { ...cleaned, bodyEs: hasContent(bodyEs) ? bodyEs : null };
    }
    return cleaned;
  },
};
