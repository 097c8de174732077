import { randomUUID } from 'node:crypto';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AnyResource,
  type Field,
  fillPath,
  filterableFields,
  maxIntegerId,
  resourceCalls,
  sortableFields,
} from '../../../contract/resource';
import { roles } from '../../../contract/roles';
import { buildApp } from '../../../server/app';
import { testConfig } from '../../../server/config';
import type { Db } from '../../../server/db/client';
import { tableOf } from '../../../server/engine/tables';
import { type SampleWorld, sampleBody, sampleRecord } from '../../contract/samples';
import { createOrganization, createUser, resetDatabase, signIn, testDatabase } from '../helpers';
import { everyKind, specimensTable } from './every-kind';
import { parseCsv, subjects } from './registry-samples';
import { createFixtureTable, createTeamsTable, dropTeamsTable, exampleResources } from './teams';

/**
 * What every list promises for every field kind, derived from the definitions: each filter
 * operator a kind offers, each sort both ways across pages, the search and the export answer
 * exactly the rows that satisfy them (checked against every row the list holds, not only the
 * status), and a malformed filter value of any kind is a 400 naming the field. A definition added
 * to the registry is covered by this file as it is.
 */
type Row = Record<string, unknown> & { id: number };

const rowCount = 36;
const pageSize = 7;

const listSubjects = [
  ...subjects.map(({ definition, fixture }) => ({
    definition,
    fixture: fixture ? ('teams' as const) : undefined,
  })),
  { definition: everyKind as AnyResource, fixture: 'specimens' as const },
].filter(({ definition }) => definition.access.list?.includes(roles.admin));

/** A value of a column a definition does not describe (a password's stamp, a job's payload). */
function fillerOf(column: PgColumn, n: number): unknown {
  switch (column.columnType) {
    case 'PgJsonb':
    case 'PgJson':
      return {};
    case 'PgInteger':
    case 'PgBigInt53':
    case 'PgNumeric':
      return 0;
    case 'PgTimestamp':
      return new Date();
    case 'PgBoolean':
      return false;
    default:
      return `filler-${n}-${Math.random().toString(36).slice(2)}`;
  }
}

/** The values of a kind in the order PostgreSQL sorts them, nulls aside. */
type Compare = (a: unknown, b: unknown) => number;

function compareOf(f: Field | undefined, textRank: Map<string, number>): Compare {
  // A sort by `id`, which no definition lists among its fields, is numeric.
  switch (f?.kind ?? 'number') {
    case 'number':
    case 'money':
    case 'reference':
      return (a, b) => (a as number) - (b as number);
    case 'boolean':
      return (a, b) => Number(a) - Number(b);
    case 'dateTime':
      return (a, b) => Date.parse(a as string) - Date.parse(b as string);
    default:
      return (a, b) => textRank.get(a as string)! - textRank.get(b as string)!;
  }
}

const isSet = (value: unknown) => value !== null && value !== undefined;

describe.each(listSubjects)('the list of $definition.name', ({ definition, fixture }) => {
  const calls = resourceCalls(definition);
  let app: Awaited<ReturnType<typeof buildApp>>;
  let db: Db;
  let cookie: string;
  let organizationId: number;
  let world: SampleWorld;

  const tablePath = () => `/api/${fillPath(calls.table.path, { organizationId })}`;
  const table = (body: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: tablePath(), payload: body, headers: { cookie } });

  async function rows(body: Record<string, unknown>): Promise<{ data: Row[]; total: number }> {
    const response = await table({ skip: 0, take: 100, ...body });
    expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(200);
    const { data, totalFilteredRecords } = response.json().result;
    return { data, total: totalFilteredRecords };
  }

  /** Every row the list holds now, the oracle each answer is checked against. */
  const everyRow = async () => (await rows({})).data;

  beforeAll(async () => {
    const database = await testDatabase();
    await resetDatabase(database);
    db = database.db;
    if (fixture === 'teams') await createTeamsTable(db);
    if (fixture === 'specimens') await createFixtureTable(db, specimensTable);
    app = await buildApp(testConfig({ logLevel: process.env.DEBUG_LOG ? 'error' : 'silent' }), {
      database,
      resources: fixture === 'teams' ? exampleResources : fixture === 'specimens' ? [everyKind] : [],
    });
    await app.ready();
    const schools = [
      (await createOrganization(db, 'Lincoln High School')).id,
      (await createOrganization(db, 'Riverside Academy')).id,
    ];
    organizationId = schools[0];
    const admin = await createUser(db, { email: 'admin@example.com', roles: [roles.admin] });
    const director = await createUser(db, {
      email: 'director@example.com',
      roles: [roles.athleticDirector],
      organizationId,
    });
    world = {
      references: (to) => (to === 'users' ? [admin.id, director.id] : to === 'organizations' ? schools : []),
    };
    const target = tableOf(definition);
    const columns = getTableColumns(target) as Record<string, PgColumn>;
    const values = Array.from({ length: rowCount }, (_, n) => {
      const record = sampleRecord(definition, n, world, { readOnly: 'include', nulls: true });
      const row: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(record)) {
        if (!columns[name] || value === undefined) continue;
        row[name] =
          columns[name].columnType === 'PgUUID'
            ? randomUUID()
            : definition.fields[name].kind === 'dateTime' && value !== null
              ? new Date(value as string)
              : value;
      }
      // Half the rows are the other school's (an organization's own row is scoped by its id).
      if (definition.organizationField && definition.organizationField !== 'id')
        row[definition.organizationField] = schools[n % 2];
      for (const [name, column] of Object.entries(columns))
        if (!(name in row) && column.notNull && !column.hasDefault && !column.generated && name !== 'id')
          row[name] = fillerOf(column, n);
      return row;
    });
    await db.insert(target).values(values as never);
    cookie = await signIn(app, 'admin@example.com');
  });

  afterAll(async () => {
    await app?.close();
    if (fixture === 'teams') await dropTeamsTable(db);
    if (fixture === 'specimens') await db.execute(sql`drop table if exists specimens cascade`);
  });

  /** Each filter a kind offers, built from the values the rows hold, with what a row must satisfy. */
  function filtersOf(name: string, f: Field, all: Row[]) {
    const present = [...new Set(all.map((row) => row[name]).filter(isSet))] as NonNullable<unknown>[];
    const cases: { filter: unknown; holds: (value: unknown) => boolean }[] = [];
    const range = (
      order: (value: unknown) => number,
      shown: (value: unknown) => unknown = (value) => value,
    ) => {
      const sorted = [...present].sort((a, b) => order(a) - order(b));
      const low = sorted[Math.floor(sorted.length / 3)];
      const high = sorted[Math.floor((sorted.length * 2) / 3)];
      const within = (from?: unknown, to?: unknown) => (value: unknown) =>
        isSet(value) &&
        (from === undefined || order(value) >= order(from)) &&
        (to === undefined || order(value) <= order(to));
      cases.push(
        { filter: { gte: shown(low) }, holds: within(low) },
        { filter: { lte: shown(high) }, holds: within(undefined, high) },
        { filter: { gte: shown(low), lte: shown(high) }, holds: within(low, high) },
        { filter: { gte: shown(high), lte: shown(high) }, holds: within(high, high) },
        { filter: {}, holds: () => true },
      );
    };
    switch (f.kind) {
      case 'number':
      case 'money':
        range(Number);
        break;
      case 'date':
        range((value) => Date.parse(value as string));
        break;
      case 'dateTime':
        // An instant written with another zone's offset means the same instant.
        range(
          (value) => Date.parse(value as string),
          (value) =>
            new Date(Date.parse(value as string) - 5 * 3_600_000).toISOString().replace(/\.\d+Z$/, '-05:00'),
        );
        break;
      case 'boolean':
        cases.push(
          { filter: true, holds: (value) => value === true },
          { filter: false, holds: (value) => value === false },
        );
        break;
      case 'reference':
        cases.push(
          ...present.slice(0, 2).map((id) => ({ filter: id, holds: (value: unknown) => value === id })),
          {
            filter: present.slice(0, 2),
            holds: (value: unknown) => present.slice(0, 2).includes(value as number),
          },
        );
        break;
      case 'choice':
        if (f.multiple) break;
        cases.push(
          ...f.choices.map(({ value: choice }) => ({
            filter: choice,
            holds: (value: unknown) => value === choice,
          })),
        );
        break;
      default:
        cases.push(
          ...present.slice(0, 2).map((text) => ({ filter: text, holds: (value: unknown) => value === text })),
        );
    }
    if (!f.required && (f.kind === 'choice' || ['text', 'longText', 'email', 'url'].includes(f.kind)))
      cases.push({ filter: null, holds: (value) => value === null });
    return cases;
  }

  /** Malformed values of each kind's filter, each a 400 whose failure names the field. */
  function malformedOf(f: Field): unknown[] {
    switch (f.kind) {
      case 'number':
      case 'money':
        return ['12', { gte: 'twelve' }, { gte: 20, lte: 10 }, { gte: 2 ** 53 }, { from: 1 }, [1, 2]];
      case 'date':
        return [
          { gte: '2026-13-01' },
          { gte: '0000-01-01' },
          { gte: '2026-03-01', lte: '2026-02-01' },
          '2026-01-01',
        ];
      case 'dateTime':
        return [
          { gte: 'yesterday' },
          { gte: '2026-01-01T00:00:00' },
          { gte: '0000-01-01T00:00:00Z' },
          { gte: '2026-03-01T00:00:00Z', lte: '2026-02-01T00:00:00Z' },
          { gte: 20260101 },
        ];
      case 'boolean':
        return ['yes', 1, { gte: true }];
      case 'reference':
        return ['abc', 0, -1, maxIntegerId + 1, [1.5]];
      case 'choice':
        return f.multiple ? [] : ['Not one of the choices', 3, { gte: 'A' }];
      default:
        return ['x'.repeat(f.max + 1), 5, { gte: 'a' }];
    }
  }

  const filterable = filterableFields(definition).filter(
    ([name]) => name !== definition.routes?.table?.scopeParam,
  );

  it.runIf(filterable.length > 0)(
    'filters by every filterable field with every operator its kind offers, answering exactly the rows that satisfy it',
    async () => {
      for (const [name, f] of filterable) {
        const all = await everyRow();
        for (const { filter, holds } of filtersOf(name, f, all)) {
          const answer = await rows({ filter: { [name]: filter } });
          const expected = (await everyRow()).filter((row) => holds(row[name]));
          const context = `${name} ${JSON.stringify(filter)}`;
          expect(answer.data.map((row) => row.id).sort(), context).toEqual(
            expected.map((row) => row.id).sort(),
          );
          expect(answer.total, context).toBe(expected.length);
        }
      }
    },
  );

  it.runIf(filterable.length > 0)(
    'refuses a malformed filter value of every kind with a 400 naming the field, never a 500',
    async () => {
      for (const [name, f] of filterable)
        for (const value of malformedOf(f)) {
          const response = await table({ skip: 0, take: 10, filter: { [name]: value } });
          const context = `${name} ${JSON.stringify(value)}: ${response.body}`;
          expect(response.statusCode, context).toBe(400);
          const failures = response.json().validationFailures as {
            propertyName: string;
            errorMessage: string;
          }[];
          expect(failures.length, context).toBeGreaterThan(0);
          expect(failures[0].propertyName, context).toMatch(new RegExp(`^filter\\.${name}(\\.|$)`));
          expect(failures[0].errorMessage, context).not.toBe('');
        }
    },
  );

  it('sorts by every sortable column both ways, page after page, each row once', async () => {
    const all = await everyRow();
    for (const name of sortableFields(definition)) {
      const f = definition.fields[name];
      const texts = [...new Set(all.map((row) => row[name]).filter((value) => typeof value === 'string'))];
      const ranked = (await db.execute(
        sql`select v from unnest(array[${sql.join(
          texts.map((text) => sql`${text}`),
          sql`, `,
        )}]::text[]) as v order by v`,
      )) as unknown as { rows: { v: string }[] };
      const textRank = new Map(ranked.rows.map((row, index) => [row.v, index]));
      const compare = compareOf(f, textRank);
      for (const order of ['ASC', 'DESC'] as const) {
        const seen: Row[] = [];
        for (let skip = 0; skip < all.length; skip += pageSize) {
          const response = await table({ skip, take: pageSize, sortField: name, sortOrder: order });
          expect(response.statusCode, response.body).toBe(200);
          seen.push(...(response.json().result.data as Row[]));
        }
        const context = `${name} ${order}`;
        expect(seen.map((row) => row.id).sort(), context).toEqual(all.map((row) => row.id).sort());
        for (let i = 1; i < seen.length; i++) {
          const [a, b] = [seen[i - 1][name], seen[i][name]];
          // PostgreSQL puts nulls last going up, first going down.
          const step = !isSet(a) && !isSet(b) ? 0 : !isSet(a) ? 1 : !isSet(b) ? -1 : compare(a, b);
          const pair = `${context}: ${JSON.stringify(a)} then ${JSON.stringify(b)}`;
          if (order === 'ASC') expect(step, pair).toBeLessThanOrEqual(0);
          else expect(step, pair).toBeGreaterThanOrEqual(0);
        }
      }
    }
  });

  const searched = Object.entries(definition.fields).filter(([, f]) => f.search);

  it.runIf(searched.length > 0)(
    'finds by search every row whose searched fields contain the term',
    async () => {
      const all = await everyRow();
      const source = all.find((row) =>
        searched.some(([name]) => typeof row[name] === 'string' && (row[name] as string).length >= 5),
      );
      expect(source, 'a row with a searched value').toBeDefined();
      const [name] = searched.find(
        ([field]) => typeof source![field] === 'string' && (source![field] as string).length >= 5,
      )!;
      const term = (source![name] as string).slice(1, 5).toUpperCase();
      const answer = await rows({ allSearch: term });
      const contains = (row: Row) =>
        searched.some(
          ([field]) =>
            typeof row[field] === 'string' &&
            (row[field] as string).toLowerCase().includes(term.toLowerCase()),
        );
      const found = new Set(answer.data.map((row) => row.id));
      expect(found.has(source!.id), term).toBe(true);
      for (const row of all.filter(contains))
        expect(found.has(row.id), `${term} finds row ${row.id}`).toBe(true);
    },
  );

  it.runIf(filterable.length > 0 && Boolean(definition.access.export?.includes(roles.admin)))(
    'exports exactly as many rows as the filtered list shows',
    async () => {
      const all = await everyRow();
      for (const [name, f] of filterable) {
        const [first] = filtersOf(name, f, all);
        if (!first) continue;
        const filter = { [name]: first.filter };
        const listed = await rows({ filter });
        const query = new URLSearchParams({ filter: JSON.stringify(filter) });
        const response = await app.inject({
          method: 'GET',
          url: `/api/${fillPath(calls.export.path, { organizationId })}?${query}`,
          headers: { cookie },
        });
        expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
        const csv = parseCsv(response.body.replace(/^\uFEFF/, '')).filter((cells) => cells.some(Boolean));
        expect(csv.length - 1, `${name} ${JSON.stringify(first.filter)}`).toBe(listed.total);
      }
    },
  );

  const rules = definition.rules ?? [];

  it.runIf(rules.length > 0 && Boolean(definition.access.create?.includes(roles.admin)))(
    'refuses a record that breaks a rule across its fields on create and update, naming the field, and stores nothing',
    async () => {
      const send = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
        app.inject({ method, url: `/api/${url}`, payload, headers: { cookie } });
      for (const rule of rules) {
        const before = (await everyRow()).length;
        const created = await send('POST', fillPath(calls.create.path, {}), {
          ...sampleBody(definition, world, 'Ruled'),
          ...rule.broken,
        });
        expect(created.statusCode, created.body).toBe(400);
        expect(created.json().validationFailures).toEqual([
          { propertyName: rule.field, errorMessage: rule.message },
        ]);
        expect((await everyRow()).length).toBe(before);

        const valid = await send(
          'POST',
          fillPath(calls.create.path, {}),
          sampleBody(definition, world, 'Kept'),
        );
        expect(valid.statusCode, valid.body).toBe(200);
        const record = valid.json().result;
        const updated = await send('PUT', fillPath(calls.update.path, { id: record.id }), {
          ...record,
          ...rule.broken,
        });
        expect(updated.statusCode, updated.body).toBe(400);
        expect(updated.json().validationFailures).toEqual([
          { propertyName: rule.field, errorMessage: rule.message },
        ]);
        const [stored] = (await everyRow()).filter((row) => row.id === record.id);
        expect(stored.version).toBe(record.version);
      }
    },
  );
});
