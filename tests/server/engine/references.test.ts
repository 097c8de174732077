import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessFor, defineResource, field, resourceCalls } from '../../../contract/resource';
import { roles } from '../../../contract/roles';
import { buildApp } from '../../../server/app';
import { testConfig } from '../../../server/config';
import type { Db } from '../../../server/db/client';
import { resourceTable } from '../../../server/db/resource-table';
import { createOrganization, createUser, resetDatabase, signIn, testDatabase } from '../helpers';
import { createFixtureTable } from './teams';

/** A school's resource naming its organization and one of its staff, kept by Admins and Athletic Directors. */
const fixtureRosters = defineResource({
  name: 'fixture-rosters',
  table: 'fixture_rosters',
  label: { one: 'Roster', many: 'Rosters' },
  titleField: 'name',
  access: accessFor([roles.admin, roles.athleticDirector]),
  organizationField: 'organizationId',
  fields: {
    name: field.text({ label: 'Name', max: 100, required: true }),
    organizationId: field.reference({
      label: 'Organization',
      to: 'organizations',
      show: 'name',
      required: true,
    }),
    coachId: field.reference({ label: 'Coach', to: 'users', show: 'email' }),
  },
});

describe('the options and labels of a reference, through what the caller may read', () => {
  let app: FastifyInstance;
  let db: Db;
  let lincolnId: number;
  let riversideId: number;
  let lincolnCoachId: number;
  let riversideCoachId: number;
  let adminId: number;
  const cookies: Record<string, string> = {};
  const call = resourceCalls(fixtureRosters).references!;

  beforeAll(async () => {
    const database = await testDatabase();
    await resetDatabase(database);
    db = database.db;
    await db.execute(sql`drop table if exists fixture_rosters cascade`);
    await createFixtureTable(db, resourceTable(fixtureRosters));
    app = await buildApp(testConfig(), { database, resources: [fixtureRosters] });
    await app.ready();
    lincolnId = (await createOrganization(db, 'Lincoln High School')).id;
    riversideId = (await createOrganization(db, 'Riverside Academy')).id;
    adminId = (await createUser(db, { email: 'admin@example.com', roles: [roles.admin] })).id;
    await createUser(db, {
      email: 'director@example.com',
      roles: [roles.athleticDirector],
      organizationId: lincolnId,
    });
    lincolnCoachId = (
      await createUser(db, {
        email: 'coach@lincoln.example',
        roles: [roles.athleticDirector],
        organizationId: lincolnId,
      })
    ).id;
    riversideCoachId = (
      await createUser(db, {
        email: 'coach@riverside.example',
        roles: [roles.athleticDirector],
        organizationId: riversideId,
      })
    ).id;
    cookies.admin = await signIn(app, 'admin@example.com');
    cookies.director = await signIn(app, 'director@example.com');
  });

  afterAll(async () => {
    await app?.close();
    if (db) await db.execute(sql`drop table if exists fixture_rosters cascade`);
  });

  const options = async (who: string, payload: Record<string, unknown>) => {
    const response = await app.inject({
      method: call.method,
      url: `/api/${call.path}`,
      headers: { cookie: cookies[who] },
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result;
  };

  it("offers an athletic director their own organization only, by name, though the organizations' list is the Admin's", async () => {
    expect(await options('director', { field: 'organizationId' })).toEqual([
      { value: lincolnId, label: 'Lincoln High School' },
    ]);
    expect(await options('director', { field: 'organizationId', ids: [riversideId] })).toEqual([]);
  });

  it("offers an athletic director as users only their own school's staff", async () => {
    const offered = await options('director', { field: 'coachId' });
    expect(offered.map((option: { label: string }) => option.label)).toEqual([
      'coach@lincoln.example',
      'director@example.com',
    ]);
    expect(await options('director', { field: 'coachId', ids: [riversideCoachId, adminId] })).toEqual([]);
    expect(await options('director', { field: 'coachId', ids: [lincolnCoachId] })).toEqual([
      { value: lincolnCoachId, label: 'coach@lincoln.example' },
    ]);
  });

  it('offers an Admin every row, narrowed by the search', async () => {
    expect(await options('admin', { field: 'organizationId' })).toEqual([
      { value: lincolnId, label: 'Lincoln High School' },
      { value: riversideId, label: 'Riverside Academy' },
    ]);
    expect(await options('admin', { field: 'coachId', search: 'RIVER' })).toEqual([
      { value: riversideCoachId, label: 'coach@riverside.example' },
    ]);
  });

  it('refuses a field that is no reference with a 400', async () => {
    const response = await app.inject({
      method: call.method,
      url: `/api/${call.path}`,
      headers: { cookie: cookies.admin },
      payload: { field: 'name' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().validationFailures).toEqual([
      { propertyName: 'field', errorMessage: 'Field is not a reference' },
    ]);
  });
});
