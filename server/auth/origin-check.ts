import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { forbidden } from '../errors';

export const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const changesState = (request: FastifyRequest) => stateChanging.has(request.method);

/**
 * Whether the request reaches an API route. Routing decodes the path (`/%61pi/...` is
 * `/api/...`), so the matched route decides, never the raw URL.
 */
export const isApiRoute = (request: FastifyRequest) =>
  (request.routeOptions.url ?? request.url).startsWith('/api/');

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Refuses state-changing requests a browser sent from another site, multipart forms
 * included. Clients that send neither Origin nor Sec-Fetch-Site (curl, server-to-server)
 * are not browsers acting for a signed-in user and pass.
 */
export function originCheck(config: Pick<Config, 'publicUrl'>) {
  const publicOrigin = config.publicUrl ? originOf(config.publicUrl) : null;
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!isApiRoute(request)) return;
    if (!changesState(request)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none') throw forbidden();
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const own = `${request.protocol}://${request.host}`;
    if (origin !== own && origin !== publicOrigin) throw forbidden();
  };
}
