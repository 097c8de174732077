import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unsubscribePageTexts } from '../../../contract/notification-messages';
import { unsubscribeQuerySchema } from '../../../contract/notifications';
import { notFound } from '../../errors';
import { escapeHtml } from '../../mail/render';
import { openUnsubscribeToken, unsubscribe } from './email';

const tags = ['notifications'];

const page = (lang: string, title: string, content: string) =>
  `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem">${content}</body></html>`;

/**
 * `unsubscribe?token=`, the link of every notification e-mail: a mail client's one-click POST
 * (RFC 8058, `List-Unsubscribe=One-Click`) stops that e-mail at once; a person opening the link
 * sees what it stops and a button that POSTs (a link scanner's GET changes nothing).
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // The one-click POST is a form; its one field says nothing the token does not.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, _body, done) => done(null, {}),
  );

  const opened = async (token: string) => {
    const named = await openUnsubscribeToken(app.db, token);
    if (!named) throw notFound('Unsubscribe link');
    const locale = await app.mailer.localeOf(named.userId);
    return { ...named, locale, text: unsubscribePageTexts[locale] };
  };

  app.get(
    '/',
    {
      schema: {
        tags,
        description: 'A page saying what the link stops, with a button that does it.',
        querystring: unsubscribeQuerySchema,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const { kind, locale, text } = await opened(request.query.token);
      const question = kind === 'digest' ? text.digest : text.category[kind];
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          page(
            locale,
            text.title,
            `<h1>${escapeHtml(text.title)}</h1><p>${escapeHtml(question)}</p><form method="post"><button type="submit">${escapeHtml(text.confirm)}</button></form>`,
          ),
        );
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        description:
          'RFC 8058 one-click unsubscribe: turns off the e-mail the token names (a category’s e-mails at once, or the daily digest).',
        querystring: unsubscribeQuerySchema,
        produces: ['text/html'],
      },
    },
    async (request, reply) => {
      const { userId, kind, locale, text } = await opened(request.query.token);
      await unsubscribe(app.db, userId, kind);
      return reply
        .type('text/html; charset=utf-8')
        .send(page(locale, text.title, `<h1>${escapeHtml(text.title)}</h1><p>${escapeHtml(text.done)}</p>`));
    },
  );
};
