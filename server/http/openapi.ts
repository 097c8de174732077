import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { errorBodySchema, validationErrorBodySchema } from '../../contract/common';
import { stateChanging } from '../auth/origin-check';
import { operationDocs } from './openapi-operations';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

/**
 * A multipart route's form for the OpenAPI document, in the route's `config.multipartForm`.
 * It cannot be the route's `schema.body`: Fastify would then validate a body that multipart
 * routes read as a stream, and find none.
 */
interface MultipartForm {
  /** The text fields, as the zod schema the route parses them with. */
  fields?: z.ZodType;
  /** File fields, by name, with what they take. */
  files: Record<string, string>;
  /** Which files must be sent. */
  requiredFiles?: string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    multipartForm?: MultipartForm;
  }
}

/** Nested objects become dotted field names (`name.firstName`), as the forms send them. */
function flatten(schema: JsonSchema): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (property.type === 'object' && property.properties) {
      for (const [inner, innerSchema] of Object.entries(property.properties)) {
        properties[`${name}.${inner}`] = innerSchema;
        if (schema.required?.includes(name) && property.required?.includes(inner))
          required.push(`${name}.${inner}`);
      }
    } else {
      properties[name] = property;
      if (schema.required?.includes(name)) required.push(name);
    }
  }
  return { type: 'object', properties, required };
}

function multipartFormSchema(form: MultipartForm): JsonSchema {
  const fields = form.fields
    ? flatten(
        z.toJSONSchema(form.fields, {
          io: 'input',
          target: 'openapi-3.0',
          unrepresentable: 'any',
        }) as JsonSchema,
      )
    : { type: 'object', properties: {}, required: [] };
  for (const [name, description] of Object.entries(form.files)) {
    fields.properties![name] = { type: 'string', format: 'binary', description };
  }
  fields.required = [...(fields.required ?? []), ...(form.requiredFiles ?? [])];
  if (fields.required.length === 0) delete fields.required;
  return fields;
}

/**
 * OpenAPI 3.0 puts `nullable` beside a `type`; zod writes it beside `anyOf` for a nullable union,
 * so it moves onto each branch.
 */
function nullableBranches(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableBranches);
  if (!schema || typeof schema !== 'object') return schema;
  const node = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, nullableBranches(value)]),
  ) as JsonSchema & { nullable?: boolean; anyOf?: JsonSchema[] };
  if (node.nullable && node.type === undefined && node.anyOf) {
    delete node.nullable;
    node.anyOf = node.anyOf.map((branch) => ({ ...branch, nullable: true }));
  }
  return node;
}

const camelWords = (words: string[]) =>
  words.map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('');

/** `PUT /api/users/with-photo/{id}` becomes `putUsersWithPhotoById`: stable, unique, readable. */
function operationIdOf(method: string, url: string) {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^[:{](\w+)\}?$/.exec(segment);
      return param ? ['by', param[1]] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return camelWords([method.toLowerCase(), ...words]);
}

/**
 * The zod transform of @fastify/swagger (documentation only: requests are validated by the
 * routes' own schemas). It adds the multipart request bodies, an operationId, the summary and
 * session requirement of the modules' routes (server/http/openapi-operations.ts), the error
 * bodies every route can answer, and drops the trailing slash of a module's root route, which
 * Fastify serves without it too.
 */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const method = [input.route.method].flat()[0] as string;
  const url = input.url.length > 1 ? input.url.replace(/\/$/, '') : input.url;
  const documented = operationDocs[`${method} ${url.replace(/:(\w+)/g, '{$1}')}`];
  const schema = (input.schema ?? {}) as FastifySchema & { security?: unknown; summary?: string };
  const isPublic = schema.security
    ? (schema.security as unknown[]).length === 0
    : documented?.public === true;
  const hasInput = Boolean(schema.body || schema.querystring || schema.params);
  const errors = {
    ...(hasInput ? { 400: validationErrorBodySchema } : {}),
    ...(isPublic ? {} : { 401: errorBodySchema }),
    // The origin check refuses a state-changing request another site's page sent.
    ...(stateChanging.has(method) ? { 403: errorBodySchema } : {}),
  };
  const transformed = jsonSchemaTransform({
    ...input,
    schema: { ...schema, response: { ...errors, ...(schema.response as object) } } as typeof input.schema,
  });
  const form = (input.route.config as { multipartForm?: MultipartForm } | undefined)?.multipartForm;
  const described = transformed.schema as Record<string, unknown> & { response?: Record<string, unknown> };
  const response = { ...described.response };
  if (!Object.keys(response).some((status) => status.startsWith('2'))) {
    if (documented?.file) response[200] = { description: documented.file, type: 'string', format: 'binary' };
    else if (documented?.redirects) response[302] = { description: 'Redirects the browser', type: 'null' };
    else if (input.route.schema?.produces)
      response[200] = { description: 'The rows as a CSV file', type: 'string' };
  }
  return {
    url,
    schema: nullableBranches({
      operationId: operationIdOf(method, url),
      ...(documented ? { summary: documented.summary } : {}),
      ...(isPublic ? { security: [] } : {}),
      ...described,
      response,
      ...(form ? { consumes: ['multipart/form-data'], body: multipartFormSchema(form) } : {}),
    }) as typeof transformed.schema,
  };
};
