import type { z } from 'zod';
import { type RoleName, roles } from './roles';
import type { Workflow } from './workflow';

/**
 * A table resource as one definition, loaded by the browser and the server alike.
 * Modelled on Payload CMS collections and Django's ModelAdmin: the server derives its routes,
 * guard, organization scope, audit rows, OpenAPI and error mapping from it; the app derives its
 * list, forms, menu entry and labels; the registry tests loop over every definition.
 * This module holds no zod, so the admin pages that validate nothing (menu, labels, access,
 * calls) do not download it; `resource.ts` adds the schemas a definition implies.
 */

/** Largest value of a PostgreSQL `integer` (serial) column: ids past it name no row. */
export const maxIntegerId = 2_147_483_647;

/** Whether a value names a row id: what `idSchema` accepts, for pages that load no zod. */
export function rowIdOf(value: unknown): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && id <= maxIntegerId ? id : undefined;
}

export type ResourceAction =
  | 'list'
  | 'read'
  | 'create'
  | 'update'
  | 'delete'
  | 'bulkDelete'
  | 'export'
  /** Read the trash and bring records back from it (one or many). */
  | 'restore'
  /** Delete trashed records forever (one or many). */
  | 'purge';

interface Choice {
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
  /**
   * With `unique`: unique among its organization's rows only (the definition's
   * `organizationField`), so two schools may each have a team called 'Varsity'.
   */
  uniqueWithin?: 'organization';
  /** Part of the table's `allSearch` (its lower-cased search column). */
  search?: boolean;
  /** The table may be sorted by it. */
  sort?: boolean;
  /** The table may be filtered by it (equality; a range for dates and numbers). */
  filter?: boolean;
  /** Shown as a column of the list (default true). */
  list?: boolean;
  /**
   * A column of the CSV export (default: whether it is a list column), as Django's
   * `ModelAdmin.list_display` and its export's `fields`: `export: true` keeps a field the list
   * leaves out (an Admin's notes), `export: false` leaves a list column out of the file. The
   * field's `access.read` still decides who gets the column.
   */
  export?: boolean;
  /** Shown in the create and update forms (default true unless read-only). */
  form?: boolean;
  /** A short help text under the input. */
  help?: string;
  /**
   * Who may see and who may set the field, as Payload's field `access`: absent, every role of the
   * resource. `read` keeps it out of every answer to any other role (list, read, export, history,
   * a conflict's record, quick search); `write` (default: `read`) refuses it in their bodies and
   * leaves it out of their forms.
   */
  access?: { read?: readonly RoleName[]; write?: readonly RoleName[] };
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
  /** Several choices, a list (an account's roles); an import cell separates them with `,` or `;`. */
  multiple?: boolean;
}
export interface ReferenceField extends FieldOptions {
  kind: 'reference';
  /** The referenced resource's name (a foreign key to its table's id). */
  to: string;
  /** The referenced resource's field shown in place of the id. */
  show: string;
  /**
   * `'organization'`: only rows of the record's own organization (its `organizationField`), for
   * every role, Admins too. Reach alone lets an Admin name any school's user as a team's coach;
   * a coach must be of the team's school. As Payload's `filterOptions`, it both narrows the
   * picker (to the organization the form holds) and refuses any other row on every write,
   * including a write that moves the record to another organization. The referenced resource
   * needs an owner: its own `organizationField` or a reference to organizations (`ownerFieldOf`).
   */
  within?: 'organization';
}
export interface DateField extends FieldOptions {
  kind: 'date' | 'dateTime';
}

export type Field = TextField | NumberField | BooleanField | ChoiceField | ReferenceField | DateField;

type Options<F extends Field> = Omit<F, 'kind'>;

/**
 * A built field keeps its kind, `required`, `readOnly`, `int` and `default` in its type: a row's
 * type (`RowOf`) knows it is never null, and a table built from it (`server/db/resource-table.ts`)
 * types each column.
 */
type Built<F extends Field, K, O> = F & { kind: K } & Pick<
    O,
    keyof O & ('required' | 'readOnly' | 'int' | 'default')
  >;

/** The builders of one kind of field, each named by its kind: `textual('email')`. */
const builder =
  <F extends Field>() =>
  <K extends F['kind']>(kind: K) =>
  <const O extends Options<F>>(options: O) =>
    ({ kind, ...options }) as unknown as Built<F, K, O>;
const textual = builder<TextField>();
const numeric = builder<NumberField>();
const dated = builder<DateField>();

/** Field builders: `field.text({ label: 'Name', max: 100, required: true, unique: 'ci' })`. */
export const field = {
  text: textual('text'),
  longText: textual('longText'),
  richText: textual('richText'),
  email: textual('email'),
  url: textual('url'),
  number: numeric('number'),
  money: numeric('money'),
  boolean: builder<BooleanField>()('boolean'),
  choice: builder<ChoiceField>()('choice'),
  reference: builder<ReferenceField>()('reference'),
  date: dated('date'),
  dateTime: dated('dateTime'),
};

type ValueOf<F extends Field> = F extends { kind: 'number' | 'money' | 'reference' }
  ? number
  : F extends { kind: 'boolean' }
    ? boolean
    : string;

/** A row as the API answers it, the type of what `rowSchemaOf` checks: the id, the version and every field. */
export type RowOf<D extends { fields: Record<string, Field> }> = { id: number; version: number } & {
  [K in keyof D['fields']]: D['fields'][K] extends { required: true } | { kind: 'boolean' }
    ? ValueOf<D['fields'][K]>
    : ValueOf<D['fields'][K]> | null;
};

/**
 * Where a call lives when the spec's path differs from `{method} /api/{path}[/{id}]`.
 * `idIn` says where the id travels: the path (default), the body (`PUT emailTemplate/update`)
 * or the query (`DELETE promo-codes?id=5`).
 */
interface RouteOverride {
  path: string;
  idIn?: 'path' | 'body' | 'query';
}

interface ResourceRoutes {
  /** `orders/organization/:organizationId/table`: the named field's value travels in the path. */
  table?: { path: string; scopeParam: string };
  update?: RouteOverride;
  delete?: RouteOverride;
  /** `GET settings/{key}`: a path segment that is not a number is looked up by this field. */
  getOneAlsoBy?: string;
  /** A one-field switch in the list: `PATCH brands/:id/showcase`, `PUT promo-codes/update-active-status`. */
  toggle?: { field: string; method: 'PATCH' | 'PUT'; path: string; idIn: 'path' | 'body' };
}

/**
 * The sidebar icons a definition may name, each bundled in `src/layout/Menu.tsx`'s map: a name
 * outside it is a type error rather than a silent fallback.
 */
export type MenuIcon =
  | 'Business'
  | 'Email'
  | 'Event'
  | 'Groups'
  | 'History'
  | 'LocalOffer'
  | 'People'
  | 'Receipt'
  | 'Sell'
  | 'Tune'
  | 'WorkHistory';

export type Access = Partial<Record<ResourceAction, readonly RoleName[]>>;

/**
 * The access of a table its users keep: `allowed` list, read, create, update and export it (a
 * role but Admin only its own organization's rows, by the definition's `organizationField`);
 * deleting, one row or many, and the trash (restore, delete forever) are the Admin's.
 */
export const accessFor = (allowed: readonly RoleName[]): Access => ({
  list: allowed,
  read: allowed,
  create: allowed,
  update: allowed,
  export: allowed,
  delete: [roles.admin],
  bulkDelete: [roles.admin],
  // Only offered with `trash`: the trash is an Admin's.
  restore: [roles.admin],
  purge: [roles.admin],
});

export interface FieldRule<F extends Record<string, Field> = Record<string, Field>> {
  /** The field a broken rule is reported on (the one to change). */
  field: keyof F & string;
  /** Its message, in English; the app's catalogues translate it as every server message. */
  message: string;
  holds: (values: Record<string, unknown>) => boolean;
  /** Values that break it, so the derived tests refuse them on every path without a list of cases. */
  broken: Record<string, unknown>;
}

/**
 * The usual rule: `later` is empty, or not before `earlier` (dates, instants or numbers), its
 * message "Ends on must not be before Starts on".
 */
export const notBefore = <F extends Record<string, Field>>(
  fields: F,
  later: keyof F & string,
  earlier: keyof F & string,
): FieldRule<F> => ({
  field: later,
  message: `${fields[later].label} must not be before ${fields[earlier].label}`,
  holds: (values) => {
    const [end, start] = [values[later], values[earlier]];
    if (end == null || start == null) return true;
    const order = (value: unknown) => (typeof value === 'number' ? value : Date.parse(String(value)));
    return order(end) >= order(start);
  },
  broken: Object.fromEntries(
    [earlier, later].map((name, index) => {
      const kind = fields[name].kind;
      const value =
        kind === 'date'
          ? `2026-03-0${2 - index}`
          : kind === 'dateTime'
            ? `2026-03-0${2 - index}T12:00:00.000Z`
            : 2 - index;
      return [name, value];
    }),
  ),
});

export interface ResourceDefinition<F extends Record<string, Field> = Record<string, Field>> {
  /** The admin route `/admin/{name}`, the i18n key `resources.{name}` and the default API path. */
  name: string;
  /** The table in the database (its `pgTable` name). */
  table: string;
  /** The API prefix under /api when it differs from the name (`emailTemplate`). */
  apiPath?: string;
  /** `toast` names one record in success toasts when the spec words it apart ('User {email} updated'). */
  label: { one: string; many: string; toast?: string };
  /** The field naming a record in titles, toasts and references. */
  titleField: keyof F & string;
  /**
   * The sidebar entry. `label` names it when the list's title would read badly in the sidebar
   * (the spec's 'Settings' table inside the 'Settings' group); the title stays `label.many`.
   */
  menu?: { group?: 'settings'; icon: MenuIcon; order: number; label?: string };
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
  /**
   * Rules across fields (a window that closes after it opens), as Django's `Model.clean()`: the
   * create and update bodies, and so the forms, the API and import, refuse a record that breaks
   * one with its message on its field. A rule sees the record's values as written; an empty one
   * is `null`.
   */
  rules?: readonly FieldRule<F>[];
  list?: {
    /** Columns in order; default: every field with `list !== false`. */
    columns?: (keyof F & string)[];
    /** Columns that start hidden: each user shows them (and hides or reorders any) with Columns. */
    hidden?: (keyof F & string)[];
    sort?: { field: keyof F & string; order: 'ASC' | 'DESC' };
  };
  /**
   * `false` leaves the resource out of the top bar's quick search (logs and queues, which
   * nobody jumps to by name); otherwise its searchable fields are searched there too.
   */
  quickSearch?: false;
  /**
   * Delete moves a record to the trash (`deleted_at`, `deleted_by`) instead of removing it:
   * every list, lookup and option list stops showing it, `POST {path}/:id/restore` brings it
   * back and the trash job removes it for good after TRASH_RETENTION_DAYS. The table needs the
   * two columns, and its unique indexes ignore trashed rows (`server/db/resource-table.ts`).
   */
  trash?: true;
  /**
   * With `audit`, `GET {path}/:id/history` lists the record's changes (field, before, after, who,
   * when) and `POST {path}/:id/revert` brings back a change's earlier values through the update
   * (for the roles of `access.update`). `false` where the module serves the update itself (users).
   */
  history?: false;
  /** The audit log's entity type for this resource's changes; absent, changes are not audited. */
  audit?: { entityType: string };
  routes?: ResourceRoutes;
  /**
   * Escape hatch for a resource whose bodies the fields cannot describe (users: nested name,
   * passwords, role lists). Absent, every schema is derived from the fields.
   */
  schemas?: { row?: z.ZodType; create?: z.ZodType; update?: z.ZodType };
  /**
   * With `schemas.create`, the flat row an import's columns fill (users: the name's parts, the
   * roles), which the resource's server module turns into that body (`ResourceServer.import`).
   * Absent, such a resource takes no import.
   */
  importFields?: Record<string, Field>;
  /**
   * The states a record goes through (`contract/workflow.ts`): its `field` is a read-only choice
   * of them (`stateField(workflow)`), changed only by the workflow's transitions.
   */
  workflow?: Workflow;
}

export type AnyResource = ResourceDefinition<Record<string, Field>>;

/** Field names are checked against the definition's own fields; the result fits any registry. */
export const defineResource = <
  F extends Record<string, Field>,
  const N extends string,
  const T extends true | undefined = undefined,
>(
  definition: ResourceDefinition<F> & { table: N; trash?: T },
): ResourceDefinition<F> & AnyResource & { table: N; trash: T } =>
  definition as ResourceDefinition<F> & AnyResource & { table: N; trash: T };

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

const grants = (allowed: readonly RoleName[] | undefined, roleNames: readonly string[]) =>
  !allowed || allowed.some((role) => roleNames.includes(role));

/** Whether any of the roles may see the field (its `access.read`; absent, every role may). */
export const readsField = (f: Field, roleNames: readonly string[] = []) => grants(f.access?.read, roleNames);

/** Whether any of the roles may set the field: it may be seen, and `access.write` (else `read`) allows. */
const writesField = (f: Field, roleNames: readonly string[] = []) =>
  !f.readOnly && readsField(f, roleNames) && grants(f.access?.write ?? f.access?.read, roleNames);

/** The fields the roles may see: every answer to them holds these and no other. */
export const readableFields = (definition: AnyResource, roleNames: readonly string[] = []) =>
  Object.keys(definition.fields).filter((name) => readsField(definition.fields[name], roleNames));

/** The fields the roles may set, in a form, an update, a revert or an import. */
export const writableFields = (definition: AnyResource, roleNames: readonly string[] = []) =>
  Object.keys(definition.fields).filter((name) => writesField(definition.fields[name], roleNames));

/** A row as the roles may see it: the fields they may not read are left out, not blanked. */
export function visibleRow<R extends Record<string, unknown>>(
  definition: AnyResource,
  roleNames: readonly string[],
  row: R,
): R {
  const hidden = Object.keys(definition.fields).filter(
    (name) => !readsField(definition.fields[name], roleNames),
  );
  if (hidden.length === 0) return row;
  const visible: Record<string, unknown> = { ...row };
  for (const name of hidden) delete visible[name];
  return visible as R;
}

/**
 * The definition as the roles see it, for the screens: the fields they may not read are gone
 * (no column, filter or input), those they may read but not set are read-only.
 */
export function definitionAs(definition: AnyResource, roleNames: readonly string[] = []): AnyResource {
  const restricted = Object.values(definition.fields).some((f) => f.access);
  if (!restricted) return definition;
  const readable = new Set(readableFields(definition, roleNames));
  const shown = (names?: string[]) => names?.filter((name) => readable.has(name));
  return {
    ...definition,
    fields: Object.fromEntries(
      Object.entries(definition.fields)
        .filter(([name]) => readable.has(name))
        .map(([name, f]) => [name, writesField(f, roleNames) ? f : { ...f, readOnly: true }]),
    ),
    list: definition.list && {
      ...definition.list,
      columns: shown(definition.list.columns),
      hidden: shown(definition.list.hidden),
      sort:
        definition.list.sort && readable.has(definition.list.sort.field) ? definition.list.sort : undefined,
    },
  };
}

export const apiPathOf = (definition: AnyResource) => definition.apiPath ?? definition.name;

const entries = (definition: AnyResource) => Object.entries(definition.fields);

/** The list's columns: the definition's `list.columns` in its order, or every field shown in the list. */
export const listColumnsOf = (definition: AnyResource) =>
  definition.list?.columns ??
  entries(definition)
    .filter(([, f]) => f.list !== false)
    .map(([name]) => name);

/**
 * The export's columns, before each role's `access.read`: the list's columns in the list's order
 * but those with `export: false`, then the fields the list leaves out that say `export: true`.
 */
export const exportColumnsOf = (definition: AnyResource) => {
  const listed = listColumnsOf(definition);
  return [
    ...listed.filter((name) => definition.fields[name].export !== false),
    ...entries(definition)
      .filter(([name, f]) => f.export === true && !listed.includes(name))
      .map(([name]) => name),
  ];
};

export const sortableFields = (definition: AnyResource) => [
  'id',
  ...entries(definition)
    .filter(([, f]) => f.sort)
    .map(([name]) => name),
];

export const referenceFields = (definition: AnyResource) =>
  entries(definition).filter((entry): entry is [string, ReferenceField] => entry[1].kind === 'reference');

/**
 * The field naming the organization a row belongs to: its `organizationField`, else its reference
 * to organizations (an account's school), else none. Who may name a row of another resource
 * (`referenceReach`) and `within: 'organization'` both go by it.
 */
export const ownerFieldOf = (definition: AnyResource) =>
  definition.organizationField ?? referenceFields(definition).find(([, f]) => f.to === 'organizations')?.[0];

export const filterableFields = (definition: AnyResource) =>
  entries(definition).filter(([, f]) => f.filter || f.kind === 'reference');

/**
 * The fields a list offers a filter input for: a reference hidden from the list is filterable
 * for getMany's sake alone, and a user held to one organization has no organization filter,
 * as every row they reach is their own organization's.
 */
export const filterInputFields = (definition: AnyResource, roleNames: readonly string[]) =>
  filterableFields(definition)
    .filter(([, f]) => f.filter || f.list !== false)
    .filter(([name]) => name !== definition.organizationField || seesEveryOrganization(roleNames));

/** The spec's 400 texts of the database's own rules, one place for every resource. */
export const uniqueMessage = (f: Field) => `${f.label} is already in use`;
export const missingReferenceMessage = (referenced: AnyResource) => `${referenced.label.one} does not exist`;

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One call of a resource: method and path under /api (`:id` and scope parameters in the path). */
export interface ResourceCall {
  method: HttpMethod;
  path: string;
  /** Where the record id travels. */
  idIn?: 'path' | 'body' | 'query';
}

/**
 * Whether a resource takes a spreadsheet (`server/engine/import`): its create is offered, and a
 * flat row can be its create body, which holds where the fields describe that body, or where
 * the definition names the row's `importFields` (users' nested name and role list); an order's
 * items cannot be one row of cells.
 */
export const importable = (definition: AnyResource) =>
  (definition.access.create?.length ?? 0) > 0 &&
  !definition.notOffered?.includes('create') &&
  (!definition.schemas?.create || Boolean(definition.importFields));

/**
 * The resource as an import's columns see it: its `importFields` where it names them, whose row
 * the server module checks by the resource's own create body.
 */
export const importDefinitionOf = (definition: AnyResource): AnyResource =>
  definition.importFields
    ? { ...definition, fields: definition.importFields, schemas: undefined }
    : definition;

/**
 * The columns an import takes from these roles, in the definition's order, and whether each must
 * be there: the fields they may set (`definitionAs`), but the organization of a role held to its
 * own, which every row takes from the importer; a field with a default may be left out.
 */
export function importColumnsOf(definition: AnyResource, roleNames: readonly string[]) {
  const seen = definitionAs(importDefinitionOf(definition), roleNames);
  const implied =
    !seesEveryOrganization(roleNames) && seen.organizationField !== 'id' ? seen.organizationField : undefined;
  return Object.entries(seen.fields)
    .filter(([name, f]) => !f.readOnly && name !== implied)
    .map(([name, f]) => ({ name, required: requiredInImport(f) }));
}

/** A field a file must give a column for: required, with no default to fall back on. */
export const requiredInImport = (f: Field) =>
  Boolean(f.required) && !('default' in f && f.default !== undefined);

/** Whether a resource's changes can be read and reverted from its update page. */
export const historyOf = (definition: AnyResource) =>
  Boolean(definition.audit) && definition.history !== false;

const joinPath = (...parts: string[]) => parts.filter(Boolean).join('/');

/**
 * Every call of a resource, from its definition: the server registers exactly these routes and
 * the app's data provider calls exactly these, so the spec's odd paths are written once.
 * - table: `POST {path}/table` (the spec's table query, with `sortField`, `filter`)
 * - export: `GET {path}/export?allSearch=&sortField=&sortOrder=&filter=<JSON>`, CSV of every match
 * - getOne, create, update, delete: `GET/POST/PUT/DELETE {path}[/:id]` unless overridden
 * - deleteMany: `POST {path}/delete-many` with `{ ids }`, answering `{ result: { deleted } }`
 * - toggle: the one-field switch of the list, when the definition has one
 * - with `audit`: `GET {path}/:id/history` and `POST {path}/:id/revert` (unless `history: false`)
 * - with a reference field: `POST {path}/references` with `{ field, search?, ids?, organizationId? }`,
 *   the rows it may name as options `{ value, label }`, within what the caller may read (see
 *   `referencesQuerySchemaOf`)
 * - with `trash`: `POST {path}/trash/table` (the trash's table query), `POST {path}/:id/restore`,
 *   `POST {path}/restore-many` and `POST {path}/purge-many` with `{ ids }`
 * - when `importable`: `POST {path}/import/preview` and `POST {path}/import` with a spreadsheet
 *   (multipart), and `POST {path}/import/:importId/undo`
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
    history: historyOf(definition)
      ? { method: 'GET', path: joinPath(base, ':id/history'), idIn: 'path' }
      : undefined,
    revert: historyOf(definition)
      ? { method: 'POST', path: joinPath(base, ':id/revert'), idIn: 'path' }
      : undefined,
    references: referenceFields(definition).length
      ? { method: 'POST', path: joinPath(base, 'references') }
      : undefined,
    trashTable: definition.trash ? { method: 'POST', path: joinPath(base, 'trash/table') } : undefined,
    restore: definition.trash
      ? { method: 'POST', path: joinPath(base, ':id/restore'), idIn: 'path' }
      : undefined,
    restoreMany: definition.trash ? { method: 'POST', path: joinPath(base, 'restore-many') } : undefined,
    purgeMany: definition.trash ? { method: 'POST', path: joinPath(base, 'purge-many') } : undefined,
    importPreview: importable(definition)
      ? { method: 'POST', path: joinPath(base, 'import/preview') }
      : undefined,
    importCommit: importable(definition) ? { method: 'POST', path: joinPath(base, 'import') } : undefined,
    importUndo: importable(definition)
      ? { method: 'POST', path: joinPath(base, 'import/:importId/undo') }
      : undefined,
    importUndoStatus: importable(definition)
      ? { method: 'GET', path: joinPath(base, 'import/:importId/undo') }
      : undefined,
    importInvite: importable(definition)
      ? { method: 'POST', path: joinPath(base, 'import/:importId/invitations') }
      : undefined,
  } satisfies Record<string, ResourceCall | undefined>;
  return calls as {
    [K in keyof typeof calls]: (typeof calls)[K] extends undefined ? undefined : ResourceCall;
  } & {
    toggle?: ResourceCall;
    history?: ResourceCall;
    revert?: ResourceCall;
    references?: ResourceCall;
    trashTable?: ResourceCall;
    restore?: ResourceCall;
    restoreMany?: ResourceCall;
    purgeMany?: ResourceCall;
    importPreview?: ResourceCall;
    importCommit?: ResourceCall;
    importUndo?: ResourceCall;
    importUndoStatus?: ResourceCall;
    importInvite?: ResourceCall;
  };
}

/**
 * The react-admin resource a reference field's cells and inputs read: its options and labels
 * through `POST {path}/references`, so a cell or input never reads a list its user may not open.
 */
export const referenceOptionsResource = (definition: AnyResource, field: string) =>
  `${definition.name}/${field}/references`;

/** The definition and field a `referenceOptionsResource` names, else undefined. */
export const referenceOptionsOf = (resource: string) => {
  const [name, field, suffix] = resource.split('/');
  return suffix === 'references' && field ? { name, field } : undefined;
};

/** Fills `:id` and scope parameters (`:organizationId`) of a call's path. */
export const fillPath = (path: string, values: Record<string, string | number>) =>
  path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(values[name] ?? '')));
