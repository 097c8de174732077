import type { FastifyRequest } from 'fastify';
import { stdSerializers } from 'pino';

/**
 * An error as it may be logged. Drizzle writes a failed query's parameters (a customer's name
 * and e-mail, a password hash) into its message, and PostgreSQL's `detail` can quote the row
 * ('Failing row contains ...'); the query, the code and the message are enough to find the fault.
 */
function withoutQueryValues(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 5) return error;
  const cause = withoutQueryValues(error.cause, depth + 1);
  const { params, detail } = error as { params?: unknown; detail?: unknown };
  const hasParams = Array.isArray(params);
  if (!hasParams && detail === undefined && cause === error.cause) return error;
  const message = hasParams ? error.message.replace(`\nparams: ${String(params)}`, '') : error.message;
  const copy = Object.assign(Object.create(Object.getPrototypeOf(error) as object) as Error, error, {
    message,
    stack: error.stack?.replace(error.message, message),
    cause,
  });
  delete (copy as { params?: unknown }).params;
  delete (copy as { detail?: unknown }).detail;
  return copy;
}

/**
 * Fastify's request serializer without the query string: e-mailed links carry their one-time
 * codes and addresses there (`confirm-account-redirect?email=&code=`, `/reset-password?...`),
 * and logs are kept and read far more widely than the codes may be. Errors lose their query
 * values for the same reason.
 */
export const requestLogSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: request.url.split('?', 1)[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
  err: (error: unknown) => stdSerializers.err(withoutQueryValues(error) as Error),
};
