import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { type Config, ConfigError } from './config';
import { apiNotFound } from './http/error-handler';

/** The built app must be there; checked at start, before migrations change anything. */
export function builtAppIndex(config: Pick<Config, 'staticDir'>) {
  const indexFile = path.join(config.staticDir, 'index.html');
  if (!existsSync(indexFile)) {
    throw new ConfigError(
      `STATIC_DIR: the app is not built (${indexFile} is missing); run "npm run build" or point STATIC_DIR at the build`,
    );
  }
  return indexFile;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * index.html named after PORTAL_NAME: the first title, and the application-name meta tag the
 * app reads, so the name arrives with the page rather than by another request.
 */
export function namedIndexHtml(template: string, portalName: string) {
  const name = escapeHtml(portalName);
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${name}</title>`)
    .replace(/(<meta name="application-name" content=")[^"]*(")/, `$1${name}$2`);
}

/** Serves the built app; every path that is not a file or an API route gets index.html. */
export async function registerStaticApp(app: FastifyInstance, config: Config) {
  const indexHtml = namedIndexHtml(readFileSync(builtAppIndex(config), 'utf8'), config.portalName);
  await app.register(fastifyStatic, {
    root: config.staticDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset (vite.config.ts).
    preCompressed: true,
    setHeaders(reply, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      }
    },
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') {
      return reply.status(404).send(apiNotFound(request.method, request.url));
    }
    // A missing asset (an old tab after a deploy) must fail loudly, not parse index.html as code.
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.url.startsWith('/assets/')) {
      return reply.status(404).send({ result: null, message: 'Not found' });
    }
    if (config.environmentName) {
      reply.setCookie('environment', config.environmentName, { path: '/', sameSite: 'lax' });
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  });
}
