import { is, SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { AnyResource, Field } from '../../../contract/resource';
import { resourceDefinitions } from '../../../contract/definitions';
import { impliedTable } from '../../../server/db/resource-table';
import { resourceServers } from '../../../server/modules';
import { tableOf } from '../../../server/engine/tables';

const dialect = new PgDialect();

/** What the database holds of a column: its type with precision and zone, and whether it may be null. */
function shapeOf(column: PgColumn, f: Field) {
  const { columnType, notNull } = column;
  const { precision, scale, withTimezone } = column as unknown as Record<string, unknown>;
  // A guid the server generates is text to the API; PostgreSQL's uuid type only validates it.
  const type = f.readOnly && columnType === 'PgUUID' ? 'PgText' : columnType;
  return { type, notNull, precision, scale, withTimezone };
}

/**
 * Each unique index over the definition's fields as the fields it keys on (`lower(name)` for one
 * regardless of case), whatever the index is called. Indexes over a column that is no field (an
 * order's storefront id) are the table's own business. A column a server module says stands for
 * a field (users' normalized e-mail) counts as that field's rule.
 */
function uniqueRules(table: PgTable, definition: AnyResource) {
  const config = getTableConfig(table);
  const standsFor = resourceServers[definition.name]?.columnFields ?? {};
  const fieldOf = (column: string) =>
    standsFor[column] ??
    Object.keys(definition.fields).find((name) =>
      config.columns.find(
        (c) => c.name === column && (table as unknown as Record<string, PgColumn>)[name] === c,
      ),
    );
  const partOf = (part: unknown): string | undefined => {
    if (is(part, SQL)) {
      const text = dialect
        .sqlToQuery(part)
        .sql.replace(/"(\w+)"\./g, '')
        .replaceAll('"', '');
      const lowered = /^lower\((\w+)\)$/.exec(text);
      const name = lowered && fieldOf(lowered[1]);
      return name ? `lower(${name})` : undefined;
    }
    const column = (part as { name: string }).name;
    const name = fieldOf(column);
    if (!name) return undefined;
    return column in standsFor && definition.fields[name].unique === 'ci' ? `lower(${name})` : name;
  };
  const keyed = (parts: unknown[]) => {
    const names = parts.map(partOf);
    return names.every(Boolean) ? names.join(', ') : undefined;
  };
  return [
    ...config.indexes.filter((index) => index.config.unique).map((index) => keyed(index.config.columns)),
    ...config.columns.filter((column) => column.isUnique).map((column) => keyed([column])),
  ]
    .filter(Boolean)
    .sort();
}

const referencesOf = (table: PgTable) =>
  getTableConfig(table)
    .foreignKeys.map((key) => key.reference())
    .map((reference) => `${reference.columns[0].name} -> ${getTableConfig(reference.foreignTable).name}`)
    .sort();

/**
 * schema.ts writes the engine's tables by hand (they carry columns no definition names: password
 * hashes, storage keys); this holds each against the table its definition implies, so a field,
 * type, nullability, default, foreign key or unique rule cannot drift from the definition.
 */
describe.each(resourceDefinitions.map((definition) => ({ name: definition.name, definition })))(
  "resource $name's hand-written table",
  ({ definition }) => {
    const table = tableOf(definition);
    const implied = impliedTable(definition);
    const columns = table as unknown as Record<string, PgColumn>;
    const impliedColumns = implied as unknown as Record<string, PgColumn>;
    // Values a server module computes (users' full name) are no column of their own.
    const stored = Object.entries(definition.fields).filter(
      ([name]) => !resourceServers[definition.name]?.columns?.[name],
    );

    it.each(stored.map(([name, f]) => ({ name, f })))(
      'stores field $name as the definition implies',
      ({ name, f }) => {
        const column = columns[name];
        expect(column, `no column for ${name}`).toBeDefined();
        expect(column.name).toBe(impliedColumns[name].name);
        expect(shapeOf(column, f)).toEqual(shapeOf(impliedColumns[name], f));
        if ('default' in f && f.default !== undefined) expect(column.default).toBe(f.default);
        if (impliedColumns[name].hasDefault) expect(column.hasDefault).toBe(true);
      },
    );

    it('holds the unique rules its definition states, and no other over its fields', () => {
      expect(uniqueRules(table, definition)).toEqual(uniqueRules(implied, definition));
    });

    it('keeps a foreign key for every reference', () => {
      expect(referencesOf(table)).toEqual(expect.arrayContaining(referencesOf(implied)));
    });
  },
);

it('refuses a rule unique within an organization on a resource whose rows name none', () => {
  const settings = resourceDefinitions.find((definition) => definition.name === 'settings')!;
  const keyed = {
    ...settings,
    fields: { ...settings.fields, key: { ...settings.fields.key, uniqueWithin: 'organization' as const } },
  };
  expect(() => getTableConfig(impliedTable(keyed))).toThrow(
    "'settings.key' is unique within its organization, but rows have none",
  );
});
