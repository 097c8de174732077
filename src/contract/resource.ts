import { z } from 'zod';
import { limits, optionalText, requiredText, resultOf, tableQuerySchema } from './common';
import { type RoleName, roles } from './roles';

/**
 * A table resource as one definition, loaded by the browser and the server alike (zod only).
 * Modelled on Payload CMS collections and Django's ModelAdmin: the server derives its routes,
 * guard, organization scope, audit rows, OpenAPI and error mapping from it; the app derives its
 * list, forms, menu entry and labels; the registry tests loop over every definition.
 */

/** Largest value of a PostgreSQL `integer` (serial) column: ids past it name no row. */
export const maxIntegerId = 2_147_483_647;

export const idSchema = z.coerce
  .number({ error: 'Id must be a number' })
  .int('Id must be a whole number')
  .positive('Id must be positive')
  .max(maxIntegerId, `Id must be at most ${maxIntegerId}`);

export type ResourceAction = 'list' | 'read' | 'create' | 'update' | 'delete' | 'bulkDelete' | 'export';

export interface Choice {
  value: string;
  label: string;
}

interface FieldOptions {
  /** The English label; the i18n file's `resources.<name>.fields.<field>` is made from it. */
  label: string;
  required?: boolean;
  /** Given on create, shown but not editable on update; a value sent on update is ignored. */
  readOnlyOnUpdate?: boolean;
  /** Kept by the server (a guid, a creation time): shown, never taken from a body. */
  readOnly?: boolean;
  /** Unique across the table; `'ci'` regardless of case. Enforced by a unique index. */
  unique?: boolean | 'ci';
  /** Part of the table's `allSearch` (its lower-cased search column). */
  search?: boolean;
  /** The table may be sorted by it. */
  sort?: boolean;
  /** The table may be filtered by it (equality; a range for dates and numbers). */
  filter?: boolean;
  /** Shown as a column of the list (default true). */
  list?: boolean;
  /** Shown in the create and update forms (default true unless read-only). */
  form?: boolean;
  /** A short help text under the input. */
  help?: string;
}

export interface TextField extends FieldOptions {
  kind: 'text' | 'longText' | 'richText' | 'email' | 'url';
  max: number;
  default?: string;
  transform?: 'upper' | 'lower';
  /** For `text`: a pattern the value must match, with its message. */
  pattern?: { regex: RegExp; message: string };
  /** For `email`: several addresses separated by commas or semicolons. */
  multiple?: boolean;
}
export interface NumberField extends FieldOptions {
  kind: 'number' | 'money';
  min?: number;
  max?: number;
  /** `number` only: whole numbers. */
  int?: boolean;
  default?: number;
}
export interface BooleanField extends FieldOptions {
  kind: 'boolean';
  default?: boolean;
}
export interface ChoiceField extends FieldOptions {
  kind: 'choice';
  choices: readonly Choice[];
  default?: string;
}
export interface ReferenceField extends FieldOptions {
  kind: 'reference';
  /** The referenced resource's name (a foreign key to its table's id). */
  to: string;
  /** The referenced resource's field shown in place of the id. */
  show: string;
}
export interface DateField extends FieldOptions {
  kind: 'date' | 'dateTime';
}

export type Field = TextField | NumberField | BooleanField | ChoiceField | ReferenceField | DateField;
export type FieldKind = Field['kind'];

type Options<F extends Field> = Omit<F, 'kind'>;

/** Field builders: `field.text({ label: 'Name', max: 100, required: true, unique: 'ci' })`. */
export const field = {
  text: (options: Options<TextField>): TextField => ({ kind: 'text', ...options }),
  longText: (options: Options<TextField>): TextField => ({ kind: 'longText', ...options }),
  richText: (options: Options<TextField>): TextField => ({ kind: 'richText', ...options }),
  email: (options: Options<TextField>): TextField => ({ kind: 'email', ...options }),
  url: (options: Options<TextField>): TextField => ({ kind: 'url', ...options }),
  number: (options: Options<NumberField>): NumberField => ({ kind: 'number', ...options }),
  money: (options: Options<NumberField>): NumberField => ({ kind: 'money', ...options }),
  boolean: (options: Options<BooleanField>): BooleanField => ({ kind: 'boolean', ...options }),
  choice: (options: Options<ChoiceField>): ChoiceField => ({ kind: 'choice', ...options }),
  reference: (options: Options<ReferenceField>): ReferenceField => ({ kind: 'reference', ...options }),
  date: (options: Options<DateField>): DateField => ({ kind: 'date', ...options }),
  dateTime: (options: Options<DateField>): DateField => ({ kind: 'dateTime', ...options }),
};

/**
 * Where a call lives when the spec's path differs from `{method} /api/{path}[/{id}]`.
 * `idIn` says where the id travels: the path (default), the body (`PUT emailTemplate/update`)
 * or the query (`DELETE promo-codes?id=5`).
 */
export interface RouteOverride {
  path: string;
  idIn?: 'path' | 'body' | 'query';
}

export interface ResourceRoutes {
  /** `orders/organization/:organizationId/table`: the named field's value travels in the path. */
  table?: { path: string; scopeParam: string };
  update?: RouteOverride;
  delete?: RouteOverride;
  /** `GET settings/{key}`: a path segment that is not a number is looked up by this field. */
  getOneAlsoBy?: string;
  /** A one-field switch in the list: `PATCH brands/:id/showcase`, `PUT promo-codes/update-active-status`. */
  toggle?: { field: string; method: 'PATCH' | 'PUT'; path: string; idIn: 'path' | 'body' };
}

export type Access = Partial<Record<ResourceAction, readonly RoleName[]>>;

export interface ResourceDefinition<F extends Record<string, Field> = Record<string, Field>> {
  /** The admin route `/admin/{name}`, the i18n key `resources.{name}` and the default API path. */
  name: string;
  /** The table in the database (its `pgTable` name). */
  table: string;
  /** The API prefix under /api when it differs from the name (`emailTemplate`). */
  apiPath?: string;
  /** `toast` names one record in success toasts when the spec words it apart ('EmailTemplate {key} updated'). */
  label: { one: string; many: string; toast?: string };
  /** The field naming a record in titles, toasts and references. */
  titleField: keyof F & string;
  menu?: { group?: 'settings'; icon: string; order: number };
  /** Deny unless allowed: an action with no roles listed is not offered and its route is absent. */
  access: Access;
  /**
   * Actions the API serves to the roles above but the admin screens do not offer: the spec's
   * Promos table has no delete, yet `DELETE promo-codes` is one of its calls.
   */
  notOffered?: readonly ResourceAction[];
  /**
   * The field holding the organization (`'id'` for organizations themselves): Admins reach
   * every row, other roles only their own organization's.
   */
  organizationField?: (keyof F & string) | 'id';
  fields: F;
  list?: {
    /** Columns in order; default: every field with `list !== false`. */
    columns?: (keyof F & string)[];
    sort?: { field: keyof F & string; order: 'ASC' | 'DESC' };
  };
  /** The audit log's entity type for this resource's changes; absent, changes are not audited. */
  audit?: { entityType: string };
  routes?: ResourceRoutes;
  /**
   * Escape hatch for a resource whose bodies the fields cannot describe (users: nested name,
   * passwords, role lists). Absent, every schema is derived from the fields.
   */
  schemas?: { row?: z.ZodType; create?: z.ZodType; update?: z.ZodType };
}

export type AnyResource = ResourceDefinition<Record<string, Field>>;

/** Field names are checked against the definition's own fields; the result fits any registry. */
export const defineResource = <F extends Record<string, Field>>(
  definition: ResourceDefinition<F>,
): ResourceDefinition<F> & AnyResource => definition as ResourceDefinition<F> & AnyResource;

/** Whether any of the roles may do the action; nothing is allowed that the definition does not list. */
export function allows(definition: AnyResource, action: ResourceAction, roleNames: readonly string[] = []) {
  const allowed = definition.access[action];
  return Boolean(allowed?.some((role) => roleNames.includes(role)));
}

/** Whether the admin screens offer the action to any of the roles: allowed and not held back. */
export const offers = (definition: AnyResource, action: ResourceAction, roleNames: readonly string[] = []) =>
  allows(definition, action, roleNames) && !definition.notOffered?.includes(action);

/** Admins work across organizations; every other role is held to its own. */
export const seesEveryOrganization = (roleNames: readonly string[] = []) => roleNames.includes(roles.admin);

export const apiPathOf = (definition: AnyResource) => definition.apiPath ?? definition.name;

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
      let number = z.number({
        error: (issue) => (issue.input == null ? `${label} is required` : `${label} must be a number`),
      });
      if (f.kind === 'number' && f.int) number = number.int(`${label} must be a whole number`);
      if (f.kind === 'money') number = number.multipleOf(0.01, `${label} must have at most two decimals`);
      const min = f.min ?? (f.kind === 'money' ? -1_000_000_000 : -maxIntegerId);
      const max = f.max ?? (f.kind === 'money' ? 1_000_000_000 : maxIntegerId);
      number = number
        .min(min, `${label} must be at least ${min}`)
        .max(max, `${label} must be at most ${max}`);
      return f.required ? number : number.nullish().transform((value) => value ?? null);
    }
    case 'boolean':
      return f.required || f.default !== undefined
        ? z.boolean({ error: `${label} is required` })
        : z.boolean({ error: `${label} must be true or false` }).nullish();
    case 'choice': {
      const values = f.choices.map((choice) => choice.value) as [string, ...string[]];
      const choice = z.enum(values, {
        error: (issue) =>
          issue.input == null ? `${label} is required` : `${label} is not one of the choices`,
      });
      return f.required ? choice : choice.nullish().transform((value) => value ?? null);
    }
    case 'reference': {
      // A form may send '' for "none"; ids are bounded to the column, so a stray one is a 400, never a 500.
      const reference = z.preprocess(
        (value) => (value === '' ? null : value),
        z.coerce
          .number({ error: `${label} must be a number` })
          .int(`${label} must be a whole number`)
          .positive(`${label} must be positive`)
          .max(maxIntegerId, `${label} does not exist`)
          .nullish(),
      );
      return f.required
        ? reference.refine((value) => value != null, `${label} is required`)
        : reference.transform((value) => value ?? null);
    }
    case 'date': {
      const date = z.iso.date({ error: `${label} must be a date (YYYY-MM-DD)` });
      return f.required ? date : date.nullish().transform((value) => value ?? null);
    }
    case 'dateTime': {
      const dateTime = z.iso.datetime({
        offset: true,
        error: `${label} must be an ISO 8601 date and time with a time zone`,
      });
      return f.required ? dateTime : dateTime.nullish().transform((value) => value ?? null);
    }
  }
}

function isHttpsUrl(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && Boolean(url.hostname) && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The zod schema of one field's value in a row the API answers with. */
export function fieldRowSchema(f: Field): z.ZodType {
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
  return z.object(
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
  );
}

/** The body of an update: editable fields except those read-only on update, which are ignored. */
export function updateSchemaOf(definition: AnyResource): z.ZodType {
  if (definition.schemas?.update) return definition.schemas.update;
  return z.object(
    Object.fromEntries(
      entries(definition)
        .filter(([, f]) => isEditable(f) && !f.readOnlyOnUpdate)
        .map(([name, f]) => [name, fieldInputSchema(f)]),
    ),
  );
}

/** A row as the API answers it: the id and every field. */
export function rowSchemaOf(definition: AnyResource): z.ZodType {
  if (definition.schemas?.row) return definition.schemas.row;
  return z.object({
    id: z.number().int(),
    ...Object.fromEntries(entries(definition).map(([name, f]) => [name, fieldRowSchema(f)])),
  });
}

export const sortableFields = (definition: AnyResource) => [
  'id',
  ...entries(definition)
    .filter(([, f]) => f.sort)
    .map(([name]) => name),
];

export const filterableFields = (definition: AnyResource) =>
  entries(definition).filter(([, f]) => f.filter || f.kind === 'reference');

/**
 * The filter of one field: equality for text, choice, boolean and references (a list of values
 * for references, so getMany and getManyReference are one table call); `{ gte, lte }` for numbers
 * and dates.
 */
export function fieldFilterSchema(f: Field): z.ZodType {
  switch (f.kind) {
    case 'number':
    case 'money':
      return z.object({ gte: z.number().optional(), lte: z.number().optional() }).strict();
    case 'date':
      return z.object({ gte: z.iso.date().optional(), lte: z.iso.date().optional() }).strict();
    case 'dateTime':
      return z
        .object({
          gte: z.iso.datetime({ offset: true }).optional(),
          lte: z.iso.datetime({ offset: true }).optional(),
        })
        .strict();
    case 'reference':
      return z.union([idSchema, z.array(idSchema).max(limits.maxTake)]);
    case 'boolean':
      return z.boolean();
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

/** The spec's 400 texts of the database's own rules, one place for every resource. */
export const uniqueMessage = (f: Field) => `${f.label} is already in use`;
export const missingReferenceMessage = (referenced: AnyResource) => `${referenced.label.one} does not exist`;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One call of a resource: method and path under /api (`:id` and scope parameters in the path). */
export interface ResourceCall {
  method: HttpMethod;
  path: string;
  /** Where the record id travels. */
  idIn?: 'path' | 'body' | 'query';
}

const joinPath = (...parts: string[]) => parts.filter(Boolean).join('/');

/**
 * Every call of a resource, from its definition: the server registers exactly these routes and
 * the app's data provider calls exactly these, so the spec's odd paths are written once.
 * - table: `POST {path}/table` (the spec's table query, with `sortField`, `filter`)
 * - export: `GET {path}/export?allSearch=&sortField=&sortOrder=&filter=<JSON>`, CSV of every match
 * - getOne, create, update, delete: `GET/POST/PUT/DELETE {path}[/:id]` unless overridden
 * - deleteMany: `POST {path}/delete-many` with `{ ids }`, answering `{ result: { deleted } }`
 * - toggle: the one-field switch of the list, when the definition has one
 */
export function resourceCalls(definition: AnyResource) {
  const base = apiPathOf(definition);
  const routes = definition.routes ?? {};
  const table = routes.table?.path ?? 'table';
  const update = routes.update ?? { path: ':id', idIn: 'path' as const };
  const remove = routes.delete ?? { path: ':id', idIn: 'path' as const };
  const calls = {
    table: { method: 'POST', path: joinPath(base, table) },
    export: { method: 'GET', path: joinPath(base, table.replace(/table$/, 'export')) },
    getOne: { method: 'GET', path: joinPath(base, ':id'), idIn: 'path' },
    create: { method: 'POST', path: base },
    update: { method: 'PUT', path: joinPath(base, update.path), idIn: update.idIn ?? 'path' },
    delete: { method: 'DELETE', path: joinPath(base, remove.path), idIn: remove.idIn ?? 'path' },
    deleteMany: { method: 'POST', path: joinPath(base, 'delete-many') },
    toggle: routes.toggle
      ? { method: routes.toggle.method, path: joinPath(base, routes.toggle.path), idIn: routes.toggle.idIn }
      : undefined,
  } satisfies Record<string, ResourceCall | undefined>;
  return calls as {
    [K in keyof typeof calls]: (typeof calls)[K] extends undefined ? undefined : ResourceCall;
  } & {
    toggle?: ResourceCall;
  };
}

/** Fills `:id` and scope parameters (`:organizationId`) of a call's path. */
export const fillPath = (path: string, values: Record<string, string | number>) =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(values[name] ?? '')));
