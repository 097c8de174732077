import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, resourceCalls } from '../../../contract/resource';
import { serveTeams, teams } from './teams';

/**
 * A field only some roles may read or write (the README's team `budget`, Admins' only): absent
 * from every answer an athletic director gets, and refused in their writes.
 */
describe("a field's access: the README team's budget, Admins' only", () => {
  let served: Awaited<ReturnType<typeof serveTeams>> | undefined;
  let app: FastifyInstance;
  let schoolId: number;
  let admin: string;
  let director: string;
  let teamId: number;
  const calls = resourceCalls(teams);

  const call = async (cookie: string, options: InjectOptions) =>
    app.inject({ ...options, headers: { cookie, ...options.headers } });
  const ok = async (cookie: string, options: InjectOptions) => {
    const response = await call(cookie, options);
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const read = async (cookie: string) =>
    (await ok(cookie, { url: `/api/${fillPath(calls.getOne.path, { id: teamId })}` })).json().result;
  const update = (cookie: string, changes: Record<string, unknown>) =>
    call(cookie, {
      method: 'PUT',
      url: `/api/${fillPath(calls.update.path, { id: teamId })}`,
      payload: { name: 'Varsity', sport: 'Soccer', organizationId: schoolId, isActive: true, ...changes },
    });

  beforeAll(async () => {
    served = await serveTeams(['Lincoln High School']);
    ({ app, admin, director } = served);
    [schoolId] = served.schoolIds;
    const created = await ok(admin, {
      method: 'POST',
      url: `/api/${calls.create.path}`,
      payload: { name: 'Varsity', sport: 'Soccer', organizationId: schoolId, budget: 1500 },
    });
    teamId = created.json().result.id;
    expect(created.json().result.budget).toBe(1500);
  });

  afterAll(async () => {
    await served?.close();
  });

  it('is absent from the list, the read and the write answers a director gets', async () => {
    const list = await ok(director, { method: 'POST', url: `/api/${calls.table.path}`, payload: {} });
    expect(list.json().result.data[0]).not.toHaveProperty('budget');
    expect(await read(director)).not.toHaveProperty('budget');
    const written = await update(director, { sport: 'Basketball' });
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json().result).not.toHaveProperty('budget');
    expect(await read(admin)).toMatchObject({ sport: 'Basketball', budget: 1500 });
  });

  it("is refused in a director's create and update, and a director's update keeps the Admin's value", async () => {
    const create = await call(director, {
      method: 'POST',
      url: `/api/${calls.create.path}`,
      payload: { name: 'Juniors', sport: 'Soccer', organizationId: schoolId, budget: 10 },
    });
    expect(create.statusCode).toBe(403);
    const { version } = await read(director);
    const refused = await update(director, { budget: 0, version });
    expect(refused.statusCode).toBe(403);
    expect(await read(admin)).toMatchObject({ budget: 1500, version });
  });

  it("is absent from a director's export, history and a stale write's current record", async () => {
    const { version } = await read(admin);
    expect((await update(admin, { budget: 2000, version })).statusCode).toBe(200);
    const exported = await ok(director, { url: `/api/${calls.export.path}` });
    expect(exported.body.split('\r\n')[0]).toBe('Name,Sport,Organization,Coach,Active');
    expect(exported.body).not.toContain('2000');

    const history = await ok(director, { url: `/api/${fillPath(calls.history!.path, { id: teamId })}` });
    const fields = history
      .json()
      .result.flatMap((entry: { changes: { field: string }[] }) =>
        entry.changes.map((change) => change.field),
      );
    expect(fields).toContain('sport');
    expect(fields).not.toContain('budget');

    const stale = await update(director, { version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().result.current).toMatchObject({ name: 'Varsity' });
    expect(stale.json().result.current).not.toHaveProperty('budget');
  });

  it('may not be sorted by a director, which would tell its order', async () => {
    const sorted = await call(director, {
      method: 'POST',
      url: `/api/${calls.table.path}`,
      payload: { sortField: 'budget' },
    });
    expect(sorted.statusCode).toBe(400);
  });

  it('is absent from quick search answers and from the change stream (which carries no field values)', async () => {
    const search = await ok(director, { url: '/api/search?q=varsity' });
    expect(search.body).not.toContain('2000');
    expect(search.body).not.toContain('budget');
  });
});
