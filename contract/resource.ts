/**
 * The zod schemas a definition implies (bodies, rows, filters, table queries), apart from the
 * definition itself (`definition/`, re-exported here) so that zod loads only where something
 * is validated.
 */
import { z } from 'zod';
import {
  limits,
  optionSchema,
  optionalText,
  requiredText,
  resultOf,
  tableQuerySchema,
  versionInput,
  versionOutput,
} from './common';
import {
  type AnyResource,
  type Field,
  filterableFields,
  type NumberField,
  maxIntegerId,
  referenceFields,
  sortableFields,
} from './definition';

export * from './definition';

export const idSchema = z.coerce
  .number({ error: 'Id must be a number' })
  .int('Id must be a whole number')
  .positive('Id must be positive')
  .max(maxIntegerId, `Id must be at most ${maxIntegerId}`);

const isEditable = (f: Field) => !f.readOnly;

/** The zod schema of one field's value in a create or update body. */
export function fieldInputSchema(f: Field): z.ZodType {
  const { label } = f;
  switch (f.kind) {
    case 'text':
    case 'longText':
    case 'richText':
    case 'email':
    case 'url': {
      let text: z.ZodType = f.required ? requiredText(label, f.max) : optionalText(label, f.max);
      if (f.kind === 'email' && f.multiple)
        text = text.refine(
          (value) =>
            value == null ||
            (value as string).split(/[,;]/).every((part) => z.email().safeParse(part.trim()).success),
          `${label} must be e-mail addresses separated by commas`,
        );
      else if (f.kind === 'email')
        text = text.refine(
          (value) => value == null || z.email().safeParse(value).success,
          `${label} is not a valid email address`,
        );
      if (f.kind === 'url')
        text = text.refine(
          (value) => value == null || isHttpsUrl(value as string),
          `${label} must be an https:// address`,
        );
      if (f.pattern) {
        const { regex, message } = f.pattern;
        text = text.refine((value) => value == null || regex.test(value as string), message);
      }
      if (f.transform === 'upper')
        text = text.transform((value) => (value as string | null)?.toUpperCase() ?? null);
      if (f.transform === 'lower')
        text = text.transform((value) => (value as string | null)?.toLowerCase() ?? null);
      return text;
    }
    case 'number':
    case 'money': {
      const number = numberSchema(f, f.min, f.max);
      return f.required ? number : number.nullish().transform((value) => value ?? null);
    }
    case 'boolean':
      return f.required || f.default !== undefined
        ? z.boolean({ error: `${label} is required` })
        : // The column is never null (a switch nobody turned on is off): null is off, not a 500.
          z
            .boolean({ error: `${label} must be true or false` })
            .nullish()
            .transform((value) => (value === null ? false : value));
    case 'choice': {
      const values = f.choices.map((choice) => choice.value) as [string, ...string[]];
      const choice = z.enum(values, {
        error: (issue) =>
          issue.input == null ? `${label} is required` : `${label} is not one of the choices`,
      });
      return f.required ? choice : choice.nullish().transform((value) => value ?? null);
    }
    case 'reference': {
      // Ids are bounded to the column, so a stray one is a 400, never a 500.
      const id = z.coerce
        .number({ error: `${label} must be a number` })
        .int(`${label} must be a whole number`)
        .positive(`${label} must be positive`)
        .max(maxIntegerId, `${label} does not exist`);
      // A form sends '' for "none". A required reference says so from the preprocess itself: zod 4
      // skips every check of an absent key whose schema accepts undefined, so a refine after a
      // `nullish()` never ran and the database's NOT NULL answered instead, with a 500.
      const isNone = (value: unknown) => value === '' || value == null;
      return f.required
        ? z.preprocess((value, context) => {
            if (isNone(value)) context.addIssue({ code: 'custom', message: `${label} is required` });
            return value;
          }, id)
        : z
            .preprocess((value) => (value === '' ? null : value), id.nullish())
            .transform((value) => value ?? null);
    }
    case 'date': {
      const date = dateSchema(label);
      return f.required ? date : date.nullish().transform((value) => value ?? null);
    }
    case 'dateTime': {
      const dateTime = dateTimeSchema(label);
      return f.required ? dateTime : dateTime.nullish().transform((value) => value ?? null);
    }
  }
}

/**
 * A number of the field's kind within `min` and `max` (else the column's own range: a value past
 * an integer column is a 400, never the database's out-of-range error).
 */
function numberSchema(f: NumberField, min?: number, max?: number) {
  const { label } = f;
  let number = z.number({
    error: (issue) => (issue.input == null ? `${label} is required` : `${label} must be a number`),
  });
  if (f.kind === 'number' && f.int) number = number.int(`${label} must be a whole number`);
  if (f.kind === 'money') number = number.multipleOf(0.01, `${label} must have at most two decimals`);
  const least = min ?? (f.kind === 'money' ? -1_000_000_000 : -maxIntegerId);
  const most = max ?? (f.kind === 'money' ? 1_000_000_000 : maxIntegerId);
  return number
    .min(least, `${label} must be at least ${least}`)
    .max(most, `${label} must be at most ${most}`);
}

/** The years PostgreSQL's `date` and `timestamptz` read back as written: ISO 8601 allows year 0000. */
const firstInstant = Date.UTC(1, 0, 1);
const lastInstant = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const dateSchema = (label: string) =>
  z.iso
    .date({ error: `${label} must be a date (YYYY-MM-DD)` })
    .refine((value) => !value.startsWith('0000'), `${label} must be a date (YYYY-MM-DD)`);

const dateTimeSchema = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} must be an ISO 8601 date and time with a time zone` })
    .refine((value) => {
      const instant = Date.parse(value);
      return instant >= firstInstant && instant <= lastInstant;
    }, `${label} must be an ISO 8601 date and time with a time zone`);

function isHttpsUrl(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && Boolean(url.hostname) && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The zod schema of one field's value in a row the API answers with. */
function fieldRowSchema(f: Field): z.ZodType {
  const base = (() => {
    switch (f.kind) {
      case 'number':
      case 'money':
      case 'reference':
        return z.number();
      case 'boolean':
        return z.boolean();
      default:
        return z.string();
    }
  })();
  return f.required || f.kind === 'boolean' ? base : base.nullable();
}

const entries = (definition: AnyResource) => Object.entries(definition.fields);

/**
 * The body of `POST {path}`: every editable field; unknown keys (an id, a guid) are dropped.
 * A default fills an optional field left out; a required one (the spec's "Enabled: required")
 * must still be sent, its default being only the form's initial value.
 */
export function createSchemaOf(definition: AnyResource): z.ZodType {
  if (definition.schemas?.create) return definition.schemas.create;
  return withRules(
    definition,
    z.object(
      Object.fromEntries(
        entries(definition)
          .filter(([, f]) => isEditable(f))
          .map(([name, f]) => [
            name,
            'default' in f && f.default !== undefined && !f.required
              ? fieldInputSchema(f).default(f.default as never)
              : fieldInputSchema(f),
          ]),
      ),
    ),
  );
}

/** The definition's rules across fields, each broken one an issue on its field. */
function withRules(definition: AnyResource, body: z.ZodObject) {
  const rules = definition.rules ?? [];
  if (rules.length === 0) return body;
  return body.superRefine((values, context) => {
    for (const rule of rules)
      if (!rule.holds(values))
        context.addIssue({ code: 'custom', path: [rule.field], message: rule.message });
  });
}

/**
 * The body of an update: editable fields except those read-only on update, which are ignored,
 * and the `version` the client read (see `versionInput`).
 */
export function updateSchemaOf(definition: AnyResource): z.ZodType {
  if (definition.schemas?.update) return definition.schemas.update;
  return withRules(
    definition,
    z.object({
      ...Object.fromEntries(
        entries(definition)
          .filter(([, f]) => isEditable(f) && !f.readOnlyOnUpdate)
          .map(([name, f]) => [name, fieldInputSchema(f)]),
      ),
      version: versionInput,
    }),
  );
}

/** A row as the API answers it: the id, the version and every field. */
export function rowSchemaOf(definition: AnyResource): z.ZodType {
  if (definition.schemas?.row) return definition.schemas.row;
  return z.object({
    id: z.number().int(),
    version: versionOutput,
    // A field some roles may not read is absent from their rows.
    ...Object.fromEntries(
      entries(definition).map(([name, f]) => [
        name,
        f.access?.read ? fieldRowSchema(f).optional() : fieldRowSchema(f),
      ]),
    ),
  });
}

/**
 * `{ gte, lte }` of one field: either end may be left out, and one given after the other names
 * the field in its 400, as the app's 'from' and 'to' inputs do.
 */
function rangeSchema(label: string, bound: z.ZodType, order: (value: unknown) => number) {
  return z
    .object(
      { gte: bound.optional(), lte: bound.optional() },
      { error: `${label} must be a range with gte and lte` },
    )
    .strict()
    .refine(
      ({ gte, lte }) => gte === undefined || lte === undefined || order(gte) <= order(lte),
      `${label} to must not be before ${label} from`,
    );
}

/**
 * The filter of one field: equality for text, choice, boolean and references (a list of values
 * for references, so getMany and getManyReference are one table call); `{ gte, lte }` for numbers
 * and dates, each end as a value of the field would be written, bounded by its column.
 */
function fieldFilterSchema(f: Field): z.ZodType {
  switch (f.kind) {
    case 'number':
    case 'money':
      return rangeSchema(f.label, numberSchema(f), Number);
    case 'date':
      return rangeSchema(f.label, dateSchema(f.label), (value) => Date.parse(value as string));
    case 'dateTime':
      return rangeSchema(f.label, dateTimeSchema(f.label), (value) => Date.parse(value as string));
    case 'reference':
      return z.union([idSchema, z.array(idSchema).max(limits.maxTake)], {
        error: `${f.label} must be an id or a list of ids`,
      });
    case 'boolean':
      return z.boolean({ error: `${f.label} must be true or false` });
    default:
      return fieldInputSchema(f);
  }
}

/**
 * The table query of a resource: the spec's skip/take/allSearch/refresh with a sort limited to
 * sortable fields and filters limited to filterable ones (`ids` for getMany), so an unknown
 * sort field or filter is a 400, never silently ignored.
 */
export function tableQuerySchemaOf(definition: AnyResource) {
  const sortable = sortableFields(definition) as [string, ...string[]];
  return tableQuerySchema.extend({
    sortField: z.enum(sortable, { error: 'Sort field is not a sortable column' }).nullish(),
    filter: z
      .object({
        ids: z.array(idSchema).max(limits.maxTake, `Ids must be at most ${limits.maxTake}`).optional(),
        ...Object.fromEntries(
          filterableFields(definition).map(([name, f]) => [name, fieldFilterSchema(f).optional()]),
        ),
      })
      .strict()
      .optional(),
  });
}

export const tableResponseSchemaOf = (definition: AnyResource) =>
  resultOf(z.object({ data: z.array(rowSchemaOf(definition)), totalFilteredRecords: z.number().int() }));

/**
 * `POST {path}/references`: the options of one reference field, a search of the referenced rows'
 * labels or the labels of given ids (a list's cells, a form's current value).
 */
export function referencesQuerySchemaOf(definition: AnyResource) {
  const names = referenceFields(definition).map(([name]) => name) as [string, ...string[]];
  return z
    .object({
      field: z.enum(names, { error: 'Field is not a reference' }),
      search: z
        .string({ error: 'Search must be text' })
        .max(limits.searchText, `Search must be at most ${limits.searchText} characters`)
        .optional(),
      ids: z.array(idSchema).max(limits.maxTake, `Ids must be at most ${limits.maxTake}`).optional(),
      /** The form's organization: a `within: 'organization'` field offers only its rows. */
      organizationId: idSchema.optional(),
    })
    .strict();
}

export const referencesResponseSchema = resultOf(z.array(optionSchema));
