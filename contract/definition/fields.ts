import type { RoleName } from '../roles';

/** Largest value of a PostgreSQL `integer` (serial) column: ids past it name no row. */
export const maxIntegerId = 2_147_483_647;

/** Whether a value names a row id: what `idSchema` accepts, for pages that load no zod. */
export function rowIdOf(value: unknown): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && id <= maxIntegerId ? id : undefined;
}

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

/** The spec's 400 text of a unique field's index, one place for every resource. */
export const uniqueMessage = (f: Field) => `${f.label} is already in use`;
