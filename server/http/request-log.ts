import type { FastifyRequest } from 'fastify';

/**
 * Fastify's request serializer without the query string: e-mailed links carry their one-time
 * codes and addresses there (`confirm-account-redirect?email=&code=`, `/reset-password?...`),
 * and logs are kept and read far more widely than the codes may be.
 */
export const requestLogSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: request.url.split('?', 1)[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};
