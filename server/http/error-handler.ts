import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ValidationFailure } from '../../contract/common';
import { FileStoreUnavailable } from '../storage/unavailable';
import { connectionErrorCodes } from '../connection-errors';
import { HttpError, ServerBusy, VersionConflict } from '../errors';

const clientErrorMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request content type is not supported',
  FST_ERR_BAD_URL: 'The request address is not valid',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the request address is too long',
};

const clientError = (reply: FastifyReply, error: { code: string; message: string }) =>
  reply.status(400).send({
    result: null,
    validationFailures: [
      { propertyName: '', errorMessage: clientErrorMessages[error.code] ?? error.message },
    ],
  });

/**
 * Fastify's `frameworkErrors`: a path it cannot route (a malformed %-escape, a segment past
 * `maxParamLength`) is refused before any handler runs, and would otherwise answer in Fastify's own
 * shape, a 414 among them.
 */
export const frameworkErrors = (error: FastifyError, _request: unknown, reply: FastifyReply) =>
  clientError(reply, error);

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

export const databaseUnavailableMessage = 'The database is not reachable right now. Try again in a moment.';

export const unstorableTextMessage = 'The request contains characters that cannot be stored';

/** PostgreSQL's character_not_in_repertoire (a NUL byte in text) and untranslatable_character. */
const unstorableTextCodes = new Set(['22021', '22P05']);

function hasCode(error: unknown, codes: Set<string>) {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && codes.has(code)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * node-postgres's errors without a code: a dropped connection (or a statement sent on one that
 * was dropped earlier in its transaction), a pool or query wait that timed out.
 */
const lostConnectionMessages =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Query read timeout/i;

/**
 * A lost or refused database connection (node-postgres errors, PostgreSQL's connection and
 * shutdown classes 08 and 57P), possibly wrapped by Drizzle as the `cause` of a query error.
 * The pool opens new connections on the next request, so the server recovers by itself.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (connectionErrorCodes.has(code) || /^(08|57P0)/.test(code))) return true;
    if (lostConnectionMessages.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * The one place that shapes error responses: 400 carries `validationFailures`, 409 those and
 * the current record, other statuses a message; nothing about the server's inside leaks out of a 500.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  databaseRuleFailures: (error: unknown) => ValidationFailure[] | undefined = () => undefined,
) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof VersionConflict) {
      return reply
        .status(409)
        .send({ result: { current: error.current }, validationFailures: error.validationFailures });
    }
    const failures = failuresOf(error) ?? databaseRuleFailures(error);
    if (failures) {
      return reply.status(400).send({ result: null, validationFailures: failures });
    }
    if (error instanceof ServerBusy) reply.header('Retry-After', String(error.retryAfterSeconds));
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ result: null, message: error.message });
    }
    if (hasCode(error, unstorableTextCodes)) {
      // A NUL byte (or text the database cannot encode) is bad input, whichever field carried it.
      return reply.status(400).send({
        result: null,
        validationFailures: [{ propertyName: '', errorMessage: unstorableTextMessage }],
      });
    }
    if (error instanceof FileStoreUnavailable) {
      request.log.warn({ err: error }, 'file store unavailable');
      return reply.status(503).header('Retry-After', '5').send({ result: null, message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('Retry-After', '5')
        .send({ result: null, message: databaseUnavailableMessage });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply
        .status(429)
        .send({ result: null, message: 'Too many attempts. Try again in a few minutes.' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, wrong content type) become the spec's 400.
      return clientError(reply, error);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ result: null, message: 'Something went wrong' });
  });
}

export const apiNotFound = (method: string, url: string) => ({
  result: null,
  message: `No API route ${method} ${url.split('?')[0]}`,
});
