import { type HasDefault, type HasGenerated, type NotNull, sql } from 'drizzle-orm';
import {
  boolean,
  date,
  type ExtraConfigColumn,
  index,
  type IndexBuilder,
  integer,
  numeric,
  type PgBooleanBuilderInitial,
  type PgColumnBuilderBase,
  type PgDateStringBuilderInitial,
  type PgIntegerBuilderInitial,
  type PgNumericNumberBuilderInitial,
  type PgSerialBuilderInitial,
  pgTable,
  type PgTable,
  type PgTextBuilderInitial,
  type PgTimestampBuilderInitial,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AnyResource, Field } from '../../contract/resource';
import { definitionOf } from '../../contract/definitions';

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * A record's version: each write of the record raises it in the same statement
 * (`server/engine/versions.ts`), so a write naming the version the client read matches no row
 * once anyone else has written (docs/decisions.md, "No lost update").
 */
export const versionColumn = () => integer('version').notNull().default(1);

/**
 * Where a record in the trash says who moved it there and when (`trash: true` definitions and
 * design logos); `deleted_by` is kept loose (no foreign key) so purging a user never has to
 * rewrite trashed rows, and its trash view shows a removed user as unknown.
 */
export const trashColumns = () => ({
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  deletedBy: integer('deleted_by'),
});

/** A unique rule among the records outside the trash: a trashed name may be taken again. */
const live = sql`deleted_at is null`;

/** Search columns hold lower-cased text kept by PostgreSQL itself, indexed by trigrams for `allSearch`. */
const trigramIndex = (name: string, column: { name: string }) =>
  index(name).using('gin', sql`${sql.identifier(column.name)} gin_trgm_ops`);

/** Tables built from definitions, by table name, so the engine and foreign keys find them. */
export const definedTables = new Map<string, PgTable>();

/**
 * By table name, the columns that keep a field's unique rule in its stead (users'
 * `normalized_email` for `email`), so a violation of their index names that field.
 */
export const uniqueHolders = new Map<string, Record<string, string>>();

function referencedTable(f: Field & { kind: 'reference' }): PgTable {
  const target = definitionOf(f.to);
  const table = target && definedTables.get(target.table);
  if (!table) throw new Error(`The reference to '${f.to}' names no table`);
  return table;
}

/** The column a field implies, its TypeScript type following the field's kind and `required`. */
type FieldColumn<F> = F extends { kind: 'boolean' }
  ? HasDefault<NotNull<PgBooleanBuilderInitial<''>>>
  : F extends { kind: 'dateTime'; readOnly: true; required: true }
    ? HasDefault<NotNull<PgTimestampBuilderInitial<''>>>
    : Defaulted<
        F,
        Required<
          F,
          F extends { kind: 'number'; int: true } | { kind: 'reference' }
            ? PgIntegerBuilderInitial<''>
            : F extends { kind: 'number' | 'money' }
              ? PgNumericNumberBuilderInitial<''>
              : F extends { kind: 'date' }
                ? PgDateStringBuilderInitial<''>
                : F extends { kind: 'dateTime' }
                  ? PgTimestampBuilderInitial<''>
                  : PgTextBuilderInitial<'', [string, ...string[]]>
        >
      >;
type Required<F, B extends PgColumnBuilderBase> = F extends { required: true } ? NotNull<B> : B;
type Defaulted<F, B extends PgColumnBuilderBase> = F extends { default: unknown } ? HasDefault<B> : B;

function columnOf(name: string, f: Field): PgColumnBuilderBase {
  const column = snakeCase(name);
  const required = <T extends { notNull(): T }>(builder: T) => (f.required ? builder.notNull() : builder);
  switch (f.kind) {
    case 'number':
      return required(f.int ? integer(column) : numeric(column, { mode: 'number' }));
    case 'money':
      return required(numeric(column, { precision: 12, scale: 2, mode: 'number' }));
    case 'boolean':
      // A switch nobody has turned on is off, so a row never holds a third state.
      return boolean(column)
        .notNull()
        .default(f.default ?? false);
    case 'reference':
      return required(integer(column).references(() => (referencedTable(f) as unknown as { id: never }).id));
    case 'date':
      return required(date(column, { mode: 'string' }));
    case 'dateTime':
      // A time the server keeps and always has (a creation time) is the database's to fill in.
      return f.readOnly && f.required
        ? timestamp(column, { withTimezone: true }).notNull().defaultNow()
        : required(timestamp(column, { withTimezone: true }));
    default: {
      const builder = required(text(column));
      return 'default' in f && typeof f.default === 'string' ? builder.default(f.default) : builder;
    }
  }
}

/** What a table holds beyond what its definition says, declared beside it in `server/db/tables/`. */
export interface TableOptions<C extends Record<string, PgColumnBuilderBase>> {
  /**
   * Columns no field names (password hashes, storage keys, creation times), and a field's own
   * column where it is stored otherwise than its kind implies (an organization's guid is a uuid):
   * taken as written, with none of the builder's unique rules, foreign keys or indexes.
   */
  columns?: C;
  /** Fields a server module computes from other columns (a user's full name): no column of their own. */
  computed?: readonly string[];
  /**
   * The kept search text: `indexed` (default) by trigrams; `unindexed` for a table of a few seeded
   * rows; `none` where the engine lowers the searched fields at query time instead.
   */
  search?: 'indexed' | 'unindexed' | 'none';
  /** The columns the search text joins, where the searched fields are not all columns (users). */
  searchColumns?: readonly string[];
  /** A field whose unique rule another column keeps, by column: users' normalized e-mail. */
  uniqueOn?: Record<string, string>;
  /** Indexes the table's queries need; one led by a reference's column serves as that reference's index. */
  indexes?: (columns: Record<string, ExtraConfigColumn>) => IndexBuilder[];
}

type TableColumns<D extends AnyResource, C, O> = {
  id: PgSerialBuilderInitial<''> & { _: { isPrimaryKey: true; notNull: true; hasDefault: true } };
  version: HasDefault<NotNull<PgIntegerBuilderInitial<''>>>;
} & {
  [
    K in keyof D['fields'] as string extends K ? never : K extends keyof C | ComputedOf<O> ? never : K
  ]: FieldColumn<D['fields'][K]>;
} & C &
  (D extends { trash: true } ? ReturnType<typeof trashColumns> : unknown) &
  (O extends { search: 'none' }
    ? unknown
    : { searchText: HasGenerated<PgTextBuilderInitial<'', [string, ...string[]]>> });
type ComputedOf<O> = O extends { computed: readonly (infer N)[] } ? N : never;

/**
 * A field's unique index, keyed on the column that holds its rule (`lower()` of it for `'ci'`,
 * led by the organization column for `uniqueWithin`), among the live records with `trash`.
 */
function uniqueIndexOf(
  definition: AnyResource,
  name: string,
  f: Field,
  key: { column: ExtraConfigColumn; lowered: boolean },
  byName: Record<string, ExtraConfigColumn>,
) {
  const own = key.lowered ? sql`lower(${key.column})` : key.column;
  const organizationField = definition.organizationField;
  if (f.uniqueWithin && (!organizationField || organizationField === 'id')) {
    throw new Error(`'${definition.name}.${name}' is unique within its organization, but rows have none`);
  }
  const parts = f.uniqueWithin ? [byName[organizationField!], own] : [own];
  const builder = uniqueIndex(`${definition.table}_${key.column.name}${key.lowered ? '_lower' : ''}_idx`).on(
    ...(parts as [never]),
  );
  // A trashed record keeps its name free: its restore is checked instead (decisions.md).
  return definition.trash ? builder.where(live) : builder;
}

const leadingPair = (builder: IndexBuilder) =>
  (builder as unknown as { config: { columns: { name?: string }[] } }).config.columns
    .slice(0, 2)
    .map((column) => column.name)
    .join(',');

/**
 * A school's list costs what it shows, however many schools share the table: per sortable field
 * an index `{table}_{column}_sort_idx` on (organization, column, id), so a page in any order reads
 * its 25 rows; per filterable choice or boolean an index `{table}_{column}_filter_idx` on
 * (organization, column), so the page's count under that filter reads index entries, not the
 * school's rows scattered over the table. A table's own index led by the same two columns stands
 * in for either.
 */
function schoolListIndexes(
  definition: AnyResource,
  built: [string, Field][],
  byName: Record<string, ExtraConfigColumn>,
  own: IndexBuilder[],
) {
  const organizationField = definition.organizationField;
  if (!organizationField || organizationField === 'id') return [];
  const organization = byName[organizationField];
  const covered = new Set(own.map(leadingPair));
  const needs = (name: string) =>
    name !== organizationField && !covered.has(`${organization.name},${byName[name].name}`);
  const column = (name: string) => `${definition.table}_${snakeCase(name)}`;
  return [
    ...built
      .filter(([name, f]) => f.sort && needs(name))
      .map(([name]) => index(`${column(name)}_sort_idx`).on(organization, byName[name], byName.id)),
    ...built
      .filter(
        ([name, f]) => f.filter && !f.sort && (f.kind === 'choice' || f.kind === 'boolean') && needs(name),
      )
      .map(([name]) => index(`${column(name)}_filter_idx`).on(organization, byName[name])),
  ];
}

/**
 * The Drizzle table of a resource, from its definition and the table's own additions, registered
 * so the engine and foreign keys find it: a serial id, a version, one snake_case column per field
 * (a boolean never null, off unless its default says on), a foreign key and an index per
 * reference, and per unique field either a constraint (a read-only value the server writes,
 * unique over every row, trash included) or a unique index `{table}_{column}_idx` (on lower()
 * and called `…_lower_idx` for `'ci'`; led by the organization column for `uniqueWithin`; among
 * records outside the trash with `trash`, which also adds `deleted_at` and `deleted_by`). When
 * any field is searched, a generated `search_text`: the searched columns lower-cased, joined by
 * spaces, a column that may be null read as empty, with a trigram index `{table}_search_idx`.
 * A new resource: `export const teams = resourceTable(teams)` in a table file, then
 * `npm run db:generate -- <change>`.
 */
export function resourceTable<
  const D extends AnyResource,
  C extends Record<string, PgColumnBuilderBase> = Record<never, never>,
  const O extends TableOptions<C> = Record<never, never>,
>(definition: D, options: O & TableOptions<C> = {} as O & TableOptions<C>) {
  const given: Record<string, PgColumnBuilderBase> = options.columns ?? {};
  const fields = Object.entries(definition.fields).filter(([name]) => !options.computed?.includes(name));
  const built = fields.filter(([name]) => !(name in given));
  const columns: Record<string, PgColumnBuilderBase> = {
    id: serial('id').primaryKey(),
    version: versionColumn(),
  };
  // A read-only value the server writes is unique over every row: nobody can take it again.
  const isConstraint = (name: string, f: Field) =>
    f.unique && f.readOnly && !f.uniqueWithin && !options.uniqueOn?.[name];
  for (const [name, f] of built) {
    const column = columnOf(name, f);
    columns[name] = isConstraint(name, f) ? (column as ReturnType<typeof text>).unique() : column;
  }
  Object.assign(columns, given);
  if (definition.trash) Object.assign(columns, trashColumns());
  const searched =
    options.searchColumns ??
    Object.entries(definition.fields)
      .filter(([, f]) => f.search)
      .map(([name]) => name);
  const search = searched.length > 0 ? (options.search ?? 'indexed') : 'none';
  if (search !== 'none') {
    const parts = searched.map((name) => {
      if (!columns[name]) {
        throw new Error(`'${definition.name}.${name}' is searched but has no column: name the searchColumns`);
      }
      const {
        name: column,
        notNull,
        columnType,
      } = (columns[name] as unknown as { config: Record<string, unknown> }).config as {
        name: string;
        notNull: boolean;
        columnType: string;
      };
      const value = columnType === 'PgText' ? column : `${column}::text`;
      return notNull ? value : `coalesce(${value}, '')`;
    });
    columns.searchText = text('search_text').generatedAlwaysAs(
      sql.raw(`lower(${parts.join(` || ' ' || `)})`),
    );
  }
  const table = pgTable(definition.table, columns, (t) => {
    const byName = t as unknown as Record<string, ExtraConfigColumn>;
    const own = options.indexes?.(byName) ?? [];
    const schoolList = schoolListIndexes(definition, built, byName, own);
    const leading = new Set(
      [...own, ...schoolList].map(
        (builder) =>
          (builder as unknown as { config: { columns: { name?: string }[] } }).config.columns[0]?.name,
      ),
    );
    const unique = built
      .filter(([name, f]) => f.unique && !isConstraint(name, f))
      .map(([name, f]) => {
        // A column that holds the normalized value (users' e-mail) keys on itself, as it is.
        const holder = options.uniqueOn?.[name];
        const key = holder
          ? { column: byName[holder], lowered: false }
          : { column: byName[name], lowered: f.unique === 'ci' };
        return uniqueIndexOf(definition, name, f, key, byName);
      });
    const references = built
      .filter(([name, f]) => f.kind === 'reference' && !leading.has(snakeCase(name)))
      .map(([name]) =>
        index(`${definition.table}_${snakeCase(name).replace(/_id$/, '')}_idx`).on(byName[name]),
      );
    return [
      ...unique,
      ...references,
      ...schoolList,
      ...own,
      ...(search === 'indexed'
        ? [trigramIndex(`${definition.table}_search_idx`, { name: 'search_text' })]
        : []),
    ];
  });
  definedTables.set(definition.table, table);
  uniqueHolders.set(
    definition.table,
    Object.fromEntries(
      Object.entries(options.uniqueOn ?? {}).map(([name, holder]) => [
        (columns[holder] as unknown as { config: { name: string } }).config.name,
        name,
      ]),
    ),
  );
  return table as unknown as ReturnType<typeof pgTable<D['table'], TableColumns<D, C, O>>>;
}
