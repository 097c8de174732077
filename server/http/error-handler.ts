import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ValidationFailure } from '../../src/contract/common';
import { HttpError } from './errors';

const clientErrorMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request content type is not supported',
};

const failuresOf = (error: unknown): ValidationFailure[] | undefined => {
  if (error instanceof HttpError) return error.validationFailures;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return error.validation.map((failure) => ({
      propertyName: failure.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      errorMessage: failure.message ?? 'Invalid value',
    }));
  }
  return undefined;
};

/**
 * The one place that shapes error responses: 400 carries `validationFailures`,
 * other statuses a message; nothing about the server's inside leaks out of a 500.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const failures = failuresOf(error);
    if (failures) {
      return reply.status(400).send({ result: null, validationFailures: failures });
    }
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ result: null, message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ result: null, message: 'Too many attempts. Try again in a few minutes.' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, wrong content type) become the spec's 400.
      const message = clientErrorMessages[error.code] ?? error.message;
      return reply
        .status(400)
        .send({ result: null, validationFailures: [{ propertyName: '', errorMessage: message }] });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ result: null, message: 'Something went wrong' });
  });
}

export const apiNotFound = (method: string, url: string) => ({
  result: null,
  message: `No API route ${method} ${url.split('?')[0]}`,
});
