import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as Fastify parses them, except that an empty one is no body on a route that takes
 * none: most clients send `Content-Type: application/json` on every call, DELETE included.
 */
export function parseJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body: string, done) => {
    if (body === '' && !request.routeOptions.schema?.body) done(null, undefined);
    else parseJson(request, body, done);
  });
}
