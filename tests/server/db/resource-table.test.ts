import { readFileSync } from 'node:fs';
import { is, SQL } from 'drizzle-orm';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { getTableConfig, index, PgDialect, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { accessFor, defineResource, field } from '../../../contract/definition';
import { resourceDefinitions } from '../../../contract/definitions';
import { teams } from '../../../contract/examples/teams';
import { roles } from '../../../contract/roles';
import { resourceTable } from '../../../server/db/resource-table';
import * as schema from '../../../server/db/schema';
import { tableOf } from '../../../server/engine/tables';

const migrations = 'server/db/migrations';

/** The schema as the committed migrations left it: the last one's snapshot. */
function migratedSchema() {
  const journal = JSON.parse(readFileSync(`${migrations}/meta/_journal.json`, 'utf8')) as {
    entries: { idx: number }[];
  };
  const last = String(journal.entries.at(-1)!.idx).padStart(4, '0');
  return JSON.parse(readFileSync(`${migrations}/meta/${last}_snapshot.json`, 'utf8'));
}

const dialect = new PgDialect();
const sqlOf = (part: SQL) => dialect.sqlToQuery(part).sql.replace(/"\w+"\./g, '');
const indexesOf = (table: Parameters<typeof getTableConfig>[0]) =>
  Object.fromEntries(
    getTableConfig(table).indexes.map(({ config }) => [
      config.name,
      {
        unique: config.unique,
        on: config.columns
          .map((part) => (is(part, SQL) ? sqlOf(part) : (part as { name: string }).name))
          .join(', '),
        where: config.where ? sqlOf(config.where) : undefined,
      },
    ]),
  );

const fixture = (fields: Parameters<typeof defineResource>[0]['fields'], trash?: true) =>
  defineResource({
    name: 'fixture-clubs',
    table: 'fixture_clubs',
    label: { one: 'Club', many: 'Clubs' },
    titleField: 'name',
    access: accessFor([roles.admin]),
    organizationField: 'organizationId',
    trash,
    fields,
  });

describe('tables built from their definitions', () => {
  it('build every engine resource, and drizzle-kit finds no change from what the migrations made', async () => {
    for (const definition of resourceDefinitions)
      expect(Object.values(schema)).toContain(tableOf(definition));
    expect(await generateMigration(migratedSchema(), generateDrizzleJson({ ...schema }))).toEqual([]);
  });

  it('keep the search text as the searched columns lowered and joined, one that may be null read as empty', () => {
    const table = resourceTable(
      fixture({
        name: field.text({ label: 'Name', max: 100, required: true, search: true }),
        motto: field.text({ label: 'Motto', max: 100, search: true }),
        founded: field.number({ label: 'Founded', int: true, search: true }),
      }),
    );
    const searchText = getTableConfig(table).columns.find((column) => column.name === 'search_text');
    expect(dialect.sqlToQuery(searchText!.generated!.as as SQL).sql).toBe(
      "lower(name || ' ' || coalesce(motto, '') || ' ' || coalesce(founded::text, ''))",
    );
    expect(indexesOf(table).fixture_clubs_search_idx).toEqual({
      unique: false,
      on: '"search_text" gin_trgm_ops',
      where: undefined,
    });
  });

  it("names the README team's indexes by their columns: the name's on lower(), within its school, among the live teams, and one per sortable column within its school", () => {
    expect(indexesOf(resourceTable(teams))).toEqual({
      teams_name_lower_idx: {
        unique: true,
        on: 'organization_id, lower("name")',
        where: 'deleted_at is null',
      },
      // Its list costs what it shows in every order (the organization's own index is among these).
      teams_name_sort_idx: { unique: false, on: 'organization_id, name, id', where: undefined },
      teams_sport_sort_idx: { unique: false, on: 'organization_id, sport, id', where: undefined },
      teams_budget_sort_idx: { unique: false, on: 'organization_id, budget, id', where: undefined },
      teams_is_active_sort_idx: { unique: false, on: 'organization_id, is_active, id', where: undefined },
      teams_coach_idx: { unique: false, on: 'coach_id', where: undefined },
      teams_search_idx: { unique: false, on: '"search_text" gin_trgm_ops', where: undefined },
    });
  });

  it('keeps a read-only unique value the server writes unique over every row, trash included', () => {
    const table = resourceTable(
      fixture(
        {
          name: field.text({ label: 'Name', max: 100, required: true, unique: true }),
          guid: field.text({ label: 'Guid', max: 36, required: true, unique: true, readOnly: true }),
        },
        true,
      ),
    );
    expect(indexesOf(table)).toEqual({
      fixture_clubs_name_idx: { unique: true, on: 'name', where: 'deleted_at is null' },
    });
    expect(getTableConfig(table).columns.find((column) => column.name === 'guid')!.isUnique).toBe(true);
  });

  it("keeps a boolean never null and off unless its default says on, and a reference's index where the table's own serves it", () => {
    const table = resourceTable(
      fixture({
        name: field.text({ label: 'Name', max: 100, required: true }),
        isOpen: field.boolean({ label: 'Open' }),
        organizationId: field.reference({
          label: 'School',
          to: 'organizations',
          show: 'name',
          required: true,
        }),
      }),
      {
        columns: { externalId: text('external_id') },
        indexes: (t) => [index('fixture_clubs_organization_name_idx').on(t.organizationId, t.name)],
      },
    );
    const isOpen = getTableConfig(table).columns.find((column) => column.name === 'is_open')!;
    expect({ notNull: isOpen.notNull, default: isOpen.default }).toEqual({ notNull: true, default: false });
    expect(Object.keys(indexesOf(table))).toEqual(['fixture_clubs_organization_name_idx']);
    expect(getTableConfig(table).columns.map((column) => column.name)).toContain('external_id');
  });

  it('refuses a rule unique within an organization on a resource whose rows name none', () => {
    const settings = resourceDefinitions.find((definition) => definition.name === 'settings')!;
    const keyed = {
      ...settings,
      table: 'fixture_settings',
      fields: { ...settings.fields, key: { ...settings.fields.key, uniqueWithin: 'organization' as const } },
    };
    expect(() => getTableConfig(resourceTable(keyed))).toThrow(
      "'settings.key' is unique within its organization, but rows have none",
    );
  });
});
