import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceCalls } from '../../../contract/resource';
import { exampleRegistered, serveTeams, teams } from './teams';

/**
 * A definition's export columns are its own: `export: true` sends a field the list leaves out to
 * the file, `export: false` keeps a list column out of it, and a field's `access.read` still
 * decides who gets the column (the README team's budget, Admins' only).
 */
const exportedTeams = {
  ...teams,
  fields: {
    ...teams.fields,
    sport: { ...teams.fields.sport, export: false },
    budget: { ...teams.fields.budget, list: false, export: true },
  },
};

// Once the README's example is registered, its own definition holds the name `teams`.
describe.skipIf(exampleRegistered)("an export's columns, as the definition names them", () => {
  let served: Awaited<ReturnType<typeof serveTeams>> | undefined;
  const calls = resourceCalls(exportedTeams);

  beforeAll(async () => {
    served = await serveTeams(['Lincoln High School'], [exportedTeams]);
    const created = await served.app.inject({
      method: 'POST',
      url: `/api/${calls.create.path}`,
      headers: { cookie: served.admin },
      payload: { name: 'Varsity', sport: 'Soccer', organizationId: served.schoolIds[0], budget: 1500 },
    });
    expect(created.statusCode, created.body).toBe(200);
  });

  afterAll(async () => {
    await served?.close();
  });

  const exported = async (cookie: string) => {
    const response = await served!.app.inject({ url: `/api/${calls.export.path}`, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.body.split('\r\n');
  };

  it("gives an Admin the field the list leaves out, after the list's columns, without the one kept out", async () => {
    const [header, row] = await exported(served!.admin);
    expect(header).toBe('Name,Organization,Coach,Active,Budget');
    expect(row).toBe('Varsity,Lincoln High School,,true,1500');
  });

  it('names its columns in OpenAPI', async () => {
    const document = (await served!.app.inject({ url: '/api/openapi.json' })).json();
    expect(document.paths[`/api/${calls.export.path}`].get.description).toMatch(
      /^The CSV's columns, in order: Name, Organization, Coach, Active, Budget\. /,
    );
  });

  it('gives a role that may not read the field no column for it', async () => {
    const [header, row] = await exported(served!.director);
    expect(header).toBe('Name,Organization,Coach,Active');
    expect(row).toBe('Varsity,Lincoln High School,,true');
  });
});
