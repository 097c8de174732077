import fc from 'fast-check';

/** The part of JSON Schema (as @fastify/swagger writes OpenAPI 3.0) that the routes' schemas use. */
export interface JsonSchema {
  type?: string;
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  multipleOf?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export interface Options {
  /** Ids of rows that exist: an integer field takes one of them as often as any other value. */
  ids?: readonly number[];
}

/** Past what a 32-bit integer column holds: the classic 500 of an id or a count. */
export const int32Overflow = 2 ** 31;

/**
 * Values any field may be sent by a careless or hostile client; each is wrong for most fields.
 * 5,000 characters is past every text limit of the contract and far below the body limit.
 */
const carelessValues: unknown[] = [null, '', [], {}, true, 'abc', 'x'.repeat(5_000), int32Overflow, -1, 1.5];

/** Years every date field of the contract takes; the years past them are the near-valid values' job. */
const dates = fc.date({
  min: new Date('1900-01-01T00:00:00Z'),
  max: new Date('2200-12-31T23:59:59Z'),
  noInvalidDate: true,
});

/** Inclusive bounds, from OpenAPI 3.0's flag beside `minimum` or JSON Schema's own number. */
const bounds = (schema: JsonSchema) => {
  const exclusive = (flag: boolean | number | undefined, bound: number | undefined, step: number) =>
    typeof flag === 'number' ? flag + step : flag && bound !== undefined ? bound + step : bound;
  const step = schema.type === 'integer' ? 1 : 0.01;
  return {
    min: exclusive(schema.exclusiveMinimum, schema.minimum, step),
    max: exclusive(schema.exclusiveMaximum, schema.maximum, -step),
  };
};

function numberArbitrary(schema: JsonSchema, options: Options): fc.Arbitrary<number> {
  const { min = -1e9, max = 1e9 } = bounds(schema);
  const unit = schema.type === 'integer' ? Math.max(1, schema.multipleOf ?? 1) : schema.multipleOf;
  const anyNumber = unit
    ? fc
        .bigInt({ min: BigInt(Math.ceil(min / unit)), max: BigInt(Math.floor(max / unit)) })
        .map((steps) => Number((Number(steps) * unit).toFixed(12)))
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  const ids = (options.ids ?? []).filter((id) => id >= min && id <= max);
  return ids.length > 0 ? fc.oneof(fc.constantFrom(...ids), anyNumber) : anyNumber;
}

function formatted(format: string | undefined): fc.Arbitrary<string> | undefined {
  switch (format) {
    case 'date-time':
      return dates.map((date) => date.toISOString());
    case 'date':
      return dates.map((date) => date.toISOString().slice(0, 10));
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc
        .tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.stringMatching(/^[a-z]{1,12}$/))
        .map(([local, domain]) => `${local}@${domain}.example`);
    default:
      return undefined;
  }
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const { minLength = 0, maxLength = 200 } = schema;
  const fits = (text: string) => text.length >= minLength && text.length <= maxLength;
  const base =
    formatted(schema.format) ??
    (schema.pattern
      ? fc.stringMatching(new RegExp(schema.pattern))
      : fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 40), unit: 'binary' }));
  // allOf of unanchored patterns (a password's character classes): one match of each, side by side.
  const parts = (schema.allOf ?? []).map((part) => stringArbitrary({ ...part, minLength: 0 }));
  return fc
    .tuple(base, ...parts)
    .map((texts) => texts.join(''))
    .filter(fits);
}

const withNull = <T>(schema: JsonSchema, arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | null> =>
  schema.nullable ? fc.option(arbitrary, { nil: null, freq: 8 }) : arbitrary;

/** A value the schema accepts. */
export function validValue(schema: JsonSchema, options: Options = {}): fc.Arbitrary<unknown> {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return withNull(schema, fc.oneof(...branches.map((branch) => validValue(branch, options))));
  if (schema.enum) return withNull(schema, fc.constantFrom(...schema.enum));
  switch (schema.type) {
    case 'string':
      // A file of a multipart form: bytes, which no upload check should take for an image or a sheet.
      if (schema.format === 'binary') return fc.uint8Array({ maxLength: 64 });
      return withNull(schema, stringArbitrary(schema));
    case 'integer':
    case 'number':
      return withNull(schema, numberArbitrary(schema, options));
    case 'boolean':
      return withNull(schema, fc.boolean());
    case 'array':
      return withNull(
        schema,
        fc.array(validValue(schema.items ?? {}, options), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
        }),
      );
    case 'object':
      return withNull(schema, objectArbitrary(schema, options));
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

function objectArbitrary(schema: JsonSchema, options: Options) {
  const properties = schema.properties ?? {};
  return fc.record(
    Object.fromEntries(
      Object.entries(properties).map(([name, property]) => [name, validValue(property, options)]),
    ),
    { requiredKeys: (schema.required ?? []).filter((name) => name in properties) },
  );
}

/** `{ gte, lte }` of a range filter: both ends the same kind of value. */
const isRange = (schema: JsonSchema) =>
  schema.type === 'object' && schema.properties?.gte !== undefined && schema.properties.lte !== undefined;

/** Numbers by value; ISO dates and instants (all in UTC) sort as text. */
const before = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number' ? a < b : String(a) < String(b);

/** Values of the schema's own kind that break one of its rules. */
function brokenRules(schema: JsonSchema, options: Options): fc.Arbitrary<unknown>[] {
  const broken: fc.Arbitrary<unknown>[] = [];
  const { min, max } = bounds(schema);
  if (schema.enum) broken.push(fc.constant('NotAnOption'));
  if (schema.type === 'string') {
    if (schema.maxLength !== undefined) broken.push(fc.constant('y'.repeat(schema.maxLength + 1)));
    if (schema.minLength) broken.push(fc.constant('y'.repeat(schema.minLength - 1)));
    if (schema.format || schema.pattern) {
      broken.push(fc.constantFrom('not-a-value', '2026-02-30T25:61:00Z', '10000-01-01', '0000-00-00', ' '));
    }
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    if (max !== undefined) broken.push(fc.constant(max + 1));
    if (min !== undefined) broken.push(fc.constant(min - 1));
    broken.push(fc.constantFrom(1e300, -1e300, 2 ** 53 + 2));
  }
  if (schema.type === 'array' && schema.items) {
    const items = schema.items;
    if (schema.maxItems !== undefined) {
      const count = schema.maxItems + 1;
      broken.push(fc.array(validValue(items, options), { minLength: count, maxLength: count }));
    }
    broken.push(fc.array(wrongValue(items, options), { minLength: 1, maxLength: 2 }));
  }
  if (schema.type === 'object' && schema.properties) broken.push(nearValidObject(schema, options));
  if (isRange(schema)) {
    const end = schema.properties!.gte;
    broken.push(
      fc
        .tuple(validValue(end, options), validValue(end, options))
        .filter(([a, b]) => a !== b && a !== null && b !== null)
        .map(([a, b]) => (before(a, b) ? { gte: b, lte: a } : { gte: a, lte: b })),
    );
  }
  return broken;
}

/** A value that is wrong for the schema in one way, or one a careless client sends anyway. */
function wrongValue(schema: JsonSchema, options: Options = {}): fc.Arbitrary<unknown> {
  return fc.oneof(fc.constantFrom(...carelessValues), ...brokenRules(schema, options));
}

/** An object right in every field but one: that one wrong, missing, or one the schema does not know. */
function nearValidObject(schema: JsonSchema, options: Options): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const valid = objectArbitrary(schema, options);
  const mistakes: fc.Arbitrary<Record<string, unknown>>[] = [];
  if (properties.length > 0) {
    mistakes.push(
      fc
        .constantFrom(...properties)
        .chain(([name, property]) =>
          fc
            .tuple(valid, wrongValue(property, options))
            .map(([value, wrong]) => ({ ...value, [name]: wrong })),
        ),
    );
  }
  const required = schema.required ?? [];
  if (required.length > 0) {
    mistakes.push(
      fc.tuple(valid, fc.constantFrom(...required)).map(([value, name]) => {
        const { [name]: _missing, ...rest } = value;
        return rest;
      }),
    );
  }
  if (schema.additionalProperties === false) {
    mistakes.push(valid.map((value) => ({ ...value, notAField: 'x' })));
  }
  return mistakes.length > 0 ? fc.oneof(...mistakes) : valid;
}

/** A value just outside what the schema accepts (an object: one field off), or a careless one. */
export function nearValidValue(schema: JsonSchema, options: Options = {}): fc.Arbitrary<unknown> {
  return schema.type === 'object' && schema.properties && !schema.nullable
    ? fc.oneof({ arbitrary: nearValidObject(schema, options), weight: 4 }, wrongValue(schema, options))
    : wrongValue(schema, options);
}
