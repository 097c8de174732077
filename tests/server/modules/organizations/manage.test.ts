import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, organizations } from '../../../../server/db/schema';
import { testApp } from '../../helpers';
import { actors } from './actors';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
let who: Awaited<ReturnType<typeof actors>>;
beforeEach(async () => {
  ctx = await testApp();
  who = await actors(ctx);
});
afterEach(() => ctx.app.close());

const create = (payload: object) => who.admin({ method: 'POST', url: '/api/organizations', payload });

describe('managing organizations (Admin only)', () => {
  it('creates an organization with a storefront address, audited, and lists it in the table and the options', async () => {
    const created = await create({
      name: 'Westfield Middle School',
      spiritShopAddress: 'https://shop.example/westfield',
    });
    expect(created.statusCode).toBe(200);
    const organization = created.json().result;
    expect(organization).toEqual({
      id: expect.any(Number),
      version: 1,
      guid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Westfield Middle School',
      spiritShopAddress: 'https://shop.example/westfield',
      reviewTextChanges: false,
    });
    const table = await who.admin({
      method: 'POST',
      url: '/api/organizations/table',
      payload: { take: 10, allSearch: 'westfield' },
    });
    expect(table.json().result).toEqual({ data: [organization], totalFilteredRecords: 1 });
    const options = await who.admin({ url: '/api/organizations/options' });
    expect(options.json().result).toContainEqual({
      value: organization.id,
      label: 'Westfield Middle School',
    });
    const [entry] = await ctx.db.select().from(auditLog);
    expect(entry).toMatchObject({
      action: 'create',
      entityType: 'organization',
      entityId: String(organization.id),
    });
  });

  it('edits the name and storefront address, never the id or guid, and clears an empty address', async () => {
    const before = (await create({ name: 'Riverside', spiritShopAddress: 'https://shop.example/r' })).json()
      .result;
    const updated = await who.admin({
      method: 'PUT',
      url: `/api/organizations/${before.id}`,
      payload: {
        id: 999,
        guid: '00000000-0000-0000-0000-000000000000',
        name: 'Riverside Rowing Club',
        spiritShopAddress: '',
      },
    });
    expect(updated.json().result).toEqual({
      ...before,
      version: 2,
      name: 'Riverside Rowing Club',
      spiritShopAddress: null,
    });
  });

  it('accepts only an https storefront address or none, and refuses a duplicate or missing name', async () => {
    for (const address of [
      'http://shop.example',
      'javascript:alert(1)',
      'shop.example',
      'https://user:pw@shop.example',
    ]) {
      const response = await create({ name: `Org ${address}`, spiritShopAddress: address });
      expect(response.json().validationFailures, address).toEqual([
        { propertyName: 'spiritShopAddress', errorMessage: 'Storefront address must be an https:// address' },
      ]);
    }
    expect((await create({ name: '' })).json().validationFailures).toEqual([
      { propertyName: 'name', errorMessage: 'Name is required' },
    ]);
    expect((await create({ name: 'lincoln high school' })).json().validationFailures).toEqual([
      { propertyName: 'name', errorMessage: 'Name is already in use' },
    ]);
    expect(await ctx.db.select().from(organizations)).toHaveLength(1);
  });

  it('refuses the table, create and update to an AthleticDirector (403) and a visitor (401)', async () => {
    const id = who.organization.id;
    const calls = [
      { method: 'POST', url: '/api/organizations/table', payload: {} },
      { method: 'POST', url: '/api/organizations', payload: { name: 'Sneaky' } },
      { method: 'PUT', url: `/api/organizations/${id}`, payload: { name: 'Renamed by director' } },
    ] as const;
    for (const call of calls) {
      expect((await who.director(call)).statusCode, `${call.method} ${call.url}`).toBe(403);
      expect((await who.visitor(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
    }
    expect(await ctx.db.select({ name: organizations.name }).from(organizations)).toEqual([
      { name: 'Lincoln High School' },
    ]);
  });
});
