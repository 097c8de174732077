import type { FastifyInstance } from 'fastify';
import { Mailer } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export { Mailer, type MailRequest, outboxDir, type TemplateKey } from './mailer';

/** Decorates `app.mailer` and waits for messages still being delivered when the server stops. */
export function registerMailer(app: FastifyInstance) {
  const mailer = new Mailer(app.db, app.config, app.log);
  app.decorate('mailer', mailer);
  app.addHook('onClose', () => mailer.settled());
}

/** The portal's address for links in e-mails: PUBLIC_URL, else where this server listens. Never the request's Host header, which a client chooses. */
export const publicBaseUrl = (config: FastifyInstance['config']) =>
  (config.publicUrl ?? `http://${config.host}:${config.port}`).replace(/\/$/, '');
