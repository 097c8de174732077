import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionOf } from '../../../contract/definitions';
import {
  accessFor,
  defineResource,
  field,
  missingReferenceMessage,
  resourceCalls,
} from '../../../contract/resource';
import { roles } from '../../../contract/roles';
import { buildApp } from '../../../server/app';
import { testConfig } from '../../../server/config';
import { resourceTable } from '../../../server/db/resource-table';
import { auditLog } from '../../../server/db/schema';
import { assertWithinReferences } from '../../../server/engine/scope';
import { createOrganization, createUser, resetDatabase, signIn, testDatabase } from '../helpers';
import { csvOf, importForm } from './import/files';
import { createFixtureTable, serveTeams, teams, teamsTable } from './teams';

/** The README's Teams, whose coach is `within: 'organization'`: the team's school's staff only. */
describe("a reference within the record's organization (the Teams coach)", () => {
  let served: Awaited<ReturnType<typeof serveTeams>>;
  let lincolnId: number;
  let riversideId: number;
  let lincolnCoachId: number;
  let riversideCoachId: number;
  let adminId: number;
  const calls = resourceCalls(teams);
  const refused = [
    { propertyName: 'coachId', errorMessage: missingReferenceMessage(definitionOf('users')!) },
  ];

  beforeAll(async () => {
    served = await serveTeams(['Lincoln High School', 'Riverside Academy']);
    [lincolnId, riversideId] = served.schoolIds;
    const staff = (email: string, organizationId: number) =>
      createUser(served.db, { email, roles: [roles.athleticDirector], organizationId });
    lincolnCoachId = (await staff('coach@lincoln.example', lincolnId)).id;
    riversideCoachId = (await staff('coach@riverside.example', riversideId)).id;
    adminId = (await createUser(served.db, { email: 'other.admin@example.com', roles: [roles.admin] })).id;
  });

  afterAll(async () => {
    await served?.close();
  });

  const send = (method: string, url: string, payload?: unknown, who: 'admin' | 'director' = 'admin') =>
    served.app.inject({
      method: method as 'POST',
      url: `/api/${url}`,
      payload: payload as object,
      headers: { cookie: served[who] },
    });

  const team = (name: string, organizationId: number, coachId: number | null) => ({
    name,
    sport: 'Soccer',
    organizationId,
    coachId,
    isActive: true,
  });

  async function created(name: string, organizationId: number, coachId: number | null) {
    const response = await send('POST', calls.create.path, team(name, organizationId, coachId));
    expect(response.statusCode, response.body).toBe(200);
    return response.json().result as { id: number; version: number };
  }

  it("refuses an Admin's create naming another school's user, or an Admin, as the coach, as it would an id that does not exist", async () => {
    for (const coachId of [riversideCoachId, adminId, 2_000_000_000]) {
      const response = await send('POST', calls.create.path, team(`Refused ${coachId}`, lincolnId, coachId));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().validationFailures).toEqual(refused);
    }
    expect(
      await served.db
        .select()
        .from(teamsTable)
        .where(eq(teamsTable.name, `Refused ${riversideCoachId}`)),
    ).toEqual([]);
    await created('Lincoln Lions', lincolnId, lincolnCoachId);
  });

  it("refuses an Admin's update naming another school's coach, and one moving the team to another school with its coach", async () => {
    const { id, version } = await created('Movers', lincolnId, lincolnCoachId);
    const path = calls.update.path.replace(':id', String(id));
    const coach = await send('PUT', path, { ...team('Movers', lincolnId, riversideCoachId), version });
    expect(coach.statusCode, coach.body).toBe(400);
    expect(coach.json().validationFailures).toEqual(refused);
    const moved = await send('PUT', path, { ...team('Movers', riversideId, lincolnCoachId), version });
    expect(moved.statusCode, moved.body).toBe(400);
    expect(moved.json().validationFailures).toEqual(refused);
    const both = await send('PUT', path, { ...team('Movers', riversideId, riversideCoachId), version });
    expect(both.statusCode, both.body).toBe(200);
  });

  it('refuses a revert that brings back a coach of the school the team has left, and a restore of such a team', async () => {
    const { id } = await created('Reverted', lincolnId, lincolnCoachId);
    const path = calls.update.path.replace(':id', String(id));
    expect((await send('PUT', path, team('Reverted', lincolnId, null))).statusCode).toBe(200);
    expect((await send('PUT', path, team('Reverted', riversideId, null))).statusCode).toBe(200);
    const [, coachRemoved] = await served.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'team'), eq(auditLog.entityId, String(id))))
      .orderBy(asc(auditLog.id));
    const revert = await send('POST', calls.revert!.path.replace(':id', String(id)), {
      auditId: coachRemoved.id,
      fields: ['coachId'],
    });
    expect(revert.statusCode, revert.body).toBe(400);
    expect(revert.json().validationFailures).toEqual(refused);

    // A row stored before the rule (straight into the table) comes back from the trash only once it fits.
    const [stored] = await served.db
      .insert(teamsTable)
      .values({ ...team('Stored', riversideId, lincolnCoachId) } as never)
      .returning({ id: teamsTable.id });
    expect((await send('DELETE', calls.delete.path.replace(':id', String(stored.id)))).statusCode).toBe(200);
    const restore = await send('POST', calls.restore!.path.replace(':id', String(stored.id)));
    expect(restore.statusCode, restore.body).toBe(400);
    expect(restore.json().validationFailures).toEqual(refused);
  });

  it("offers, for Admins and directors alike, only the given organization's rows, none without one, and labels given ids by reach alone", async () => {
    const options = async (payload: Record<string, unknown>, who: 'admin' | 'director' = 'admin') => {
      const response = await send('POST', calls.references!.path, payload, who);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().result as { value: number }[]).map((option) => option.value);
    };
    expect(await options({ field: 'coachId', organizationId: riversideId })).toEqual([riversideCoachId]);
    expect(await options({ field: 'coachId', organizationId: riversideId, search: 'coach' })).toEqual([
      riversideCoachId,
    ]);
    expect(await options({ field: 'coachId', search: 'coach' })).toEqual([]);
    expect(await options({ field: 'coachId', ids: [lincolnCoachId], organizationId: riversideId })).toEqual([
      lincolnCoachId,
    ]);
    expect(await options({ field: 'coachId', organizationId: lincolnId }, 'director')).toContain(
      lincolnCoachId,
    );
    expect(await options({ field: 'coachId', organizationId: riversideId }, 'director')).toEqual([]);
    // A field not within the organization ignores it.
    expect(await options({ field: 'organizationId', organizationId: riversideId })).toEqual([
      lincolnId,
      riversideId,
    ]);
  });

  it("fails an import row whose coach is another school's staff on the coach, as an unknown one", async () => {
    const file = csvOf([
      ['Name', 'Sport', 'Organization', 'Coach'],
      ['Imported Lions', 'Soccer', 'Lincoln High School', 'coach@lincoln.example'],
      ['Imported Rowers', 'Soccer', 'Lincoln High School', 'coach@riverside.example'],
      ['Imported Otters', 'Soccer', 'Riverside Academy', 'coach@riverside.example'],
    ]);
    const form = importForm(file);
    const response = await served.app.inject({
      method: 'POST',
      url: `/api/${calls.importPreview!.path}`,
      payload: form.payload,
      headers: { ...form.headers, cookie: served.admin },
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().result;
    expect(result.failures).toEqual([
      { row: 3, column: 'Coach', field: 'coachId', message: refused[0].errorMessage },
    ]);
    expect(result.created).toBe(2);
  });

  it("refuses at start a within reference without the record's organization or the target's owner", () => {
    const coached = (organizationField?: 'organizationId') =>
      defineResource({
        name: 'fixture-coached',
        table: 'fixture_coached',
        label: { one: 'Coached', many: 'Coached' },
        titleField: 'name',
        access: {},
        organizationField,
        fields: {
          name: field.text({ label: 'Name', max: 10 }),
          organizationId: field.reference({ label: 'Organization', to: 'organizations', show: 'name' }),
          coachId: field.reference({ label: 'Coach', to: 'users', show: 'email', within: 'organization' }),
          brandId: field.reference({ label: 'Brand', to: 'brands', show: 'name' }),
        },
      });
    expect(() => assertWithinReferences(coached())).toThrow(
      "Resource 'fixture-coached': 'coachId' is within the organization, yet it has no organizationField naming the record's organization",
    );
    expect(() => assertWithinReferences(coached('organizationId'))).not.toThrow();
    const branded = coached('organizationId');
    const ownerless = {
      ...branded,
      fields: { ...branded.fields, brandId: { ...branded.fields.brandId, within: 'organization' as const } },
    };
    expect(() => assertWithinReferences(ownerless)).toThrow(
      "Resource 'fixture-coached': 'brandId' is within the organization, yet 'brands' has no organizationField nor a reference to organizations",
    );
  });
});

/** Rosters named once across schools: an import matches a row by name and may move it to another school. */
const fixtureRosters = defineResource({
  name: 'fixture-within-rosters',
  table: 'fixture_within_rosters',
  label: { one: 'Roster', many: 'Rosters' },
  titleField: 'name',
  access: accessFor([roles.admin]),
  organizationField: 'organizationId',
  fields: {
    name: field.text({ label: 'Name', max: 100, required: true, unique: 'ci' }),
    organizationId: field.reference({
      label: 'Organization',
      to: 'organizations',
      show: 'name',
      required: true,
    }),
    coachId: field.reference({ label: 'Coach', to: 'users', show: 'email', within: 'organization' }),
  },
});

describe('an import moving a record to another school with its within reference', () => {
  it('fails the row on the reference it keeps, though the file names no coach', async () => {
    const database = await testDatabase();
    await resetDatabase(database);
    const { db } = database;
    const table = resourceTable(fixtureRosters);
    await db.execute(sql`drop table if exists fixture_within_rosters cascade`);
    await createFixtureTable(db, table);
    const app = await buildApp(testConfig(), { database, resources: [fixtureRosters] });
    try {
      await app.ready();
      const lincolnId = (await createOrganization(db, 'Lincoln High School')).id;
      await createOrganization(db, 'Riverside Academy');
      const coach = await createUser(db, {
        email: 'coach@lincoln.example',
        roles: [roles.athleticDirector],
        organizationId: lincolnId,
      });
      await createUser(db, { email: 'admin@example.com', roles: [roles.admin] });
      await db.insert(table).values({ name: 'Alpha', organizationId: lincolnId, coachId: coach.id } as never);
      const form = importForm(
        csvOf([
          ['Name', 'Organization'],
          ['Alpha', 'Riverside Academy'],
        ]),
      );
      const response = await app.inject({
        method: 'POST',
        url: `/api/${resourceCalls(fixtureRosters).importPreview!.path}`,
        payload: form.payload,
        headers: { ...form.headers, cookie: await signIn(app, 'admin@example.com') },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().result.failures).toEqual([
        { row: 2, column: '', field: 'coachId', message: missingReferenceMessage(definitionOf('users')!) },
      ]);
    } finally {
      await app.close();
      await db.execute(sql`drop table if exists fixture_within_rosters cascade`);
    }
  });
});
