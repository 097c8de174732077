import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../../../../contract/roles';
import { buildApp } from '../../../../server/app';
import { testConfig } from '../../../../server/config';
import type { Db } from '../../../../server/db/client';
import { jobs } from '../../../../server/db/schema';
import { createOrganization, createUser, resetDatabase, signIn, testDatabase } from '../../helpers';
import { createTeamsTable, dropTeamsTable, teams, teamsTable } from '../teams';
import { csvOf, importForm, xlsxOf } from './files';

describe('an import by an Athletic Director (teams, kept per school)', () => {
  let app: FastifyInstance;
  let db: Db;
  let director: string;
  let lincolnId: number;
  let riversideId: number;

  beforeAll(async () => {
    const database = await testDatabase();
    db = database.db;
    await resetDatabase(database);
    await createTeamsTable(db);
    app = await buildApp(testConfig(), { database, resources: [teams] });
    await app.ready();
    lincolnId = (await createOrganization(db, 'Lincoln High School')).id;
    riversideId = (await createOrganization(db, 'Riverside Academy')).id;
    await createUser(db, {
      email: 'director@example.com',
      roles: [roles.athleticDirector],
      organizationId: lincolnId,
    });
    director = await signIn(app, 'director@example.com');
    await db
      .insert(teamsTable)
      .values({ name: 'Varsity', sport: 'Soccer', organizationId: riversideId } as never);
  });

  afterAll(async () => {
    await app?.close();
    await dropTeamsTable(db);
  });

  const send = (path: 'import/preview' | 'import', file: Buffer, fields: Record<string, string> = {}) => {
    const form = importForm(file, fields);
    return app.inject({
      method: 'POST',
      url: `/api/teams/${path}`,
      payload: form.payload,
      headers: { ...form.headers, cookie: director },
    });
  };

  it('cannot name another school: its name is an organization that does not exist for them', async () => {
    const file = csvOf([
      ['Name', 'Sport', 'Organization'],
      ['Junior Varsity', 'Soccer', 'Riverside Academy'],
      ['Freshmen', 'Soccer', 'Lincoln High School'],
    ]);
    const result = (await send('import/preview', file)).json().result;
    expect(result.created).toBe(1);
    expect(result.failures).toEqual([
      { row: 2, column: 'Organization', field: 'organizationId', message: 'Organization does not exist' },
    ]);
    expect((await send('import', file)).statusCode).toBe(400);
  });

  it('files every row under their school when the file has no organization column, and never updates another school’s row of the same name', async () => {
    const file = await xlsxOf([
      ['Name', 'Sport'],
      ['Varsity', 'Basketball'],
    ]);
    const previewed = (await send('import/preview', file)).json().result;
    expect(previewed).toMatchObject({ missingFields: [], created: 1, updated: 0, failures: [] });
    const response = await send('import', file);
    expect(response.statusCode, response.body).toBe(200);
    const rows = await db
      .select()
      .from(teamsTable)
      .where(eq(teamsTable.name as never, 'Varsity'));
    expect(rows.map((row) => [row.organizationId, row.sport]).sort()).toEqual([
      [lincolnId, 'Basketball'],
      [riversideId, 'Soccer'],
    ]);
  });

  it("never writes a field only Admins may see (a team's budget): its column is an unknown one", async () => {
    const file = csvOf([
      ['Name', 'Sport', 'Budget'],
      ['Reserves', 'Soccer', '5000.00'],
    ]);
    const previewed = (await send('import/preview', file)).json().result;
    expect(previewed).toMatchObject({ unknownColumns: ['Budget'], created: 1, failures: [] });
    expect((await send('import', file)).statusCode).toBe(200);
    const [reserves] = await db
      .select()
      .from(teamsTable)
      .where(eq(teamsTable.name as never, 'Reserves'));
    expect(reserves).toMatchObject({ organizationId: lincolnId, budget: null });
  });

  it('is refused a file over 10 MB by its announced size, before it is read', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/teams/import/preview',
      payload: 'x',
      headers: {
        cookie: director,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(20 * 1024 * 1024),
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().validationFailures).toEqual([
      { propertyName: 'file', errorMessage: 'The file must be at most 10 MB' },
    ]);
  });

  it('reads how far an Undo job of its own school has got, and not another school’s', async () => {
    const jobOf = async (organizationId: number) => {
      const importId = crypto.randomUUID();
      await db.insert(jobs).values({
        type: 'import-undo',
        organizationId,
        payload: {
          resource: 'teams',
          importId,
          actorId: 1,
          total: 2000,
          next: 1000,
          removed: 1000,
          restored: 0,
          kept: [],
          invitations: { sent: 0, cancelled: 0 },
        },
      });
      return app.inject({
        method: 'GET',
        url: `/api/teams/import/${importId}/undo`,
        headers: { cookie: director },
      });
    };
    const own = await jobOf(lincolnId);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().result).toEqual({ state: 'running', done: 1000, total: 2000 });
    expect((await jobOf(riversideId)).statusCode).toBe(404);
  });
});
