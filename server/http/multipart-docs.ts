import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

/**
 * A multipart route's form for the OpenAPI document, in the route's `config.multipartForm`.
 * It cannot be the route's `schema.body`: Fastify would then validate a body that multipart
 * routes read as a stream, and find none.
 */
export interface MultipartForm {
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

export function multipartFormSchema(form: MultipartForm): JsonSchema {
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

/** The zod transform of @fastify/swagger, adding the multipart request bodies. */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const form = (input.route.config as { multipartForm?: MultipartForm } | undefined)?.multipartForm;
  if (!form) return transformed;
  return {
    ...transformed,
    schema: { ...transformed.schema, consumes: ['multipart/form-data'], body: multipartFormSchema(form) },
  };
};
