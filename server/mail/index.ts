import type { FastifyInstance } from 'fastify';
import { Mailer } from './mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export { deliverJob } from './mailer';

/** Decorates `app.mailer`; at shutdown it lets background tasks record their mail, which the job queue then delivers. */
export function registerMailer(app: FastifyInstance) {
  const mailer = new Mailer(app.db, app.config, app.jobs, app.log);
  app.decorate('mailer', mailer);
  app.addHook('preClose', () => mailer.settled());
}

/** The portal's address for links in e-mails: PUBLIC_URL, else where this server listens. Never the request's Host header, which a client chooses. */
export const publicBaseUrl = (config: FastifyInstance['config']) =>
  (config.publicUrl ?? `http://${config.host}:${config.port}`).replace(/\/$/, '');
