import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  type PgColumnBuilderBase,
  pgTable,
  type PgTable,
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

/** Tables built from definitions, by table name, so the engine and foreign keys find them. */
export const definedTables = new Map<string, PgTable>();

/** Hand-written tables the references of defined tables point at (organizations, users). */
const referencedTables = new Map<string, () => PgTable>();

/** A table of schema.ts that a defined table may reference; schema.ts registers its own. */
export const allowReferencesTo = (name: string, table: () => PgTable) => referencedTables.set(name, table);

function referencedTable(f: Field & { kind: 'reference' }): PgTable {
  const target = definitionOf(f.to);
  const table = target && (definedTables.get(target.table) ?? referencedTables.get(target.table)?.());
  if (!table) throw new Error(`The reference to '${f.to}' names no table`);
  return table;
}

function columnOf(name: string, f: Field): PgColumnBuilderBase {
  const column = snakeCase(name);
  const required = <T extends { notNull(): T }>(builder: T) => (f.required ? builder.notNull() : builder);
  switch (f.kind) {
    case 'number':
      return required(f.int ? integer(column) : numeric(column, { mode: 'number' }));
    case 'money':
      return required(numeric(column, { precision: 12, scale: 2, mode: 'number' }));
    case 'boolean': {
      const builder = boolean(column).notNull();
      return f.default === undefined ? builder : builder.default(f.default);
    }
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

/**
 * The Drizzle table a definition implies: a serial id, a version, one snake_case column per
 * field, a foreign key per reference, a unique index per unique field (on lower() for `'ci'`,
 * led by the organization column for `uniqueWithin: 'organization'`; among records outside the
 * trash with `trash`, which also adds `deleted_at` and `deleted_by`), and when any field is
 * searched a generated lower-cased `search_text` with a trigram index. Registers
 * nothing: the tests hold schema.ts's hand-written tables against it.
 */
export function impliedTable(definition: AnyResource) {
  const fields = Object.entries(definition.fields);
  const searched = fields.filter(([, f]) => f.search).map(([name]) => snakeCase(name));
  const columns: Record<string, PgColumnBuilderBase> = {
    id: serial('id').primaryKey(),
    version: versionColumn(),
  };
  for (const [name, f] of fields) columns[name] = columnOf(name, f);
  if (definition.trash) {
    columns.deletedAt = timestamp('deleted_at', { withTimezone: true });
    columns.deletedBy = integer('deleted_by');
  }
  if (searched.length > 0) {
    const concatenated = searched.map((column) => `coalesce(${column}::text, '')`).join(` || ' ' || `);
    columns.searchText = text('search_text').generatedAlwaysAs(sql.raw(`lower(${concatenated})`));
  }
  return pgTable(definition.table, columns, (t) => {
    const byName = t as unknown as Record<string, SQL.Aliased & { name: string }>;
    const keyOf = (name: string, f: Field): [never, ...never[]] => {
      const own = (
        f.unique === 'ci' ? sql`lower(${sql.identifier(snakeCase(name))})` : byName[name]
      ) as never;
      if (!f.uniqueWithin) return [own];
      const organizationField = definition.organizationField;
      if (!organizationField || organizationField === 'id') {
        throw new Error(`'${definition.name}.${name}' is unique within its organization, but rows have none`);
      }
      return [byName[organizationField] as never, own];
    };
    return [
      ...fields
        .filter(([, f]) => f.unique)
        .map(([name, f]) => {
          const unique = uniqueIndex(`${definition.table}_${snakeCase(name)}_unique_idx`).on(
            ...keyOf(name, f),
          );
          // A trashed record keeps its name free: its restore is checked instead (decisions.md).
          return definition.trash ? unique.where(sql`deleted_at is null`) : unique;
        }),
      ...fields
        .filter(([, f]) => f.kind === 'reference')
        .map(([name]) => index(`${definition.table}_${snakeCase(name)}_idx`).on(byName[name] as never)),
      ...(searched.length > 0
        ? [index(`${definition.table}_search_idx`).using('gin', sql`search_text gin_trgm_ops`)]
        : []),
    ];
  });
}

/**
 * The table of a new resource, from its definition alone, registered so the engine and foreign
 * keys find it: `export const teams = resourceTable(teams)` in schema.ts, then
 * `npm run db:generate -- <change>`.
 */
export function resourceTable(definition: AnyResource) {
  const table = impliedTable(definition);
  definedTables.set(definition.table, table);
  return table;
}
