import type { FastifySchema } from 'fastify';
import { errorBodySchema, validationErrorBodySchema } from '../../contract/common';
import type { AnyResource } from '../../contract/resource';

const errorResponses = {
  400: validationErrorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/** OpenAPI for an engine route: its resource's tag, the session cookie, and the spec's error bodies. */
export const resourceSchema = <S extends FastifySchema>(definition: AnyResource, schema: S) =>
  ({
    tags: [definition.name],
    security: [{ session: [] }],
    ...schema,
    response: { ...errorResponses, ...(schema.response as object) },
  }) as S;

/** OpenAPI's word on `version`, for every write that takes one. */
export const idempotencyDescription =
  'Send an `Idempotency-Key` header (1 to 255 visible characters, a UUID per form submission) to ' +
  'retry safely: the same key from the same user within 24 hours answers what its first request ' +
  'answered and never writes again; the same key with another request is a 400. Only a success is kept.';

export const staleWriteDescription =
  'Send the `version` of the record as you read it: if someone has written the record since, the ' +
  'answer is 409 with who changed it and when, and the record as it now is under `result.current`, ' +
  'and nothing is changed. Without a `version` the write is made unconditionally, as before.';
