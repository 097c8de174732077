import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { quickSearchLimits } from '../../../../contract/search';
import { designLogos, orders, organizations, promoCodes, settings } from '../../../../server/db/schema';
import { testApp } from '../../helpers';
import { actors } from '../organizations/actors';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
let who: Awaited<ReturnType<typeof actors>>;
let otherSchool: number;
beforeEach(async () => {
  ctx = await testApp();
  who = await actors(ctx);
  [{ id: otherSchool }] = await ctx.db
    .insert(organizations)
    .values({ name: 'Riverside Falcons' })
    .returning({ id: organizations.id });
  const order = (organizationId: number, orderNumber: string) => ({
    organizationId,
    orderNumber,
    collectionId: 'c1',
    customerName: 'Pat Falcon',
    customerEmail: 'pat@example.com',
    total: 25,
    status: 'Paid',
  });
  await ctx.db
    .insert(orders)
    .values([order(who.organization.id, 'LIN-1001'), order(otherSchool, 'RIV-2001')]);
  await ctx.db.insert(settings).values({ key: 'FalconBanner', value: 'Go Falcons' });
  await ctx.db
    .insert(promoCodes)
    .values({ code: 'FALCON10', name: 'FALCON FANS', organization: 'RIVERSIDE', state: 'CA' });
  const logo = (organizationId: number, fileName: string) => ({
    organizationId,
    fileName,
    storageKey: `logos/${fileName}`,
    contentType: 'image/png',
    byteSize: 10,
  });
  await ctx.db
    .insert(designLogos)
    .values([logo(who.organization.id, 'falcon-lincoln.png'), logo(otherSchool, 'falcon-riverside.png')]);
});
afterEach(() => ctx.app.close());

const search = (call: typeof who.admin, q: string) => call({ url: `/api/search?q=${encodeURIComponent(q)}` });
const found = async (call: typeof who.admin, q: string) => {
  const response = await search(call, q);
  expect(response.statusCode, response.body).toBe(200);
  const { groups } = response.json().result as { groups: { resource: string; items: { title: string }[] }[] };
  return Object.fromEntries(
    groups.map((group) => [group.resource, group.items.map((item) => item.title).sort()]),
  );
};

describe('quick search (one box over every list the user may read)', () => {
  it("finds an Admin's matches in every organization, grouped by resource", async () => {
    expect(await found(who.admin, 'falcon')).toEqual({
      'promo-codes': ['FALCON FANS'],
      organizations: ['Riverside Falcons'],
      settings: ['FalconBanner'],
      orders: ['LIN-1001', 'RIV-2001'],
      'design-logos': ['falcon-lincoln.png', 'falcon-riverside.png'],
    });
  });

  it("gives an athletic director their own organization's rows only, and nothing of Settings or accounts", async () => {
    expect(await found(who.director, 'falcon')).toEqual({
      orders: ['LIN-1001'],
      'design-logos': ['falcon-lincoln.png'],
    });
    expect(await found(who.director, 'admin@example')).toEqual({});
  });

  it('names the organization of a row whose page is asked per organization', async () => {
    const { groups } = (await search(who.admin, 'RIV-2001')).json().result;
    expect(groups).toEqual([
      {
        resource: 'orders',
        label: 'Orders',
        items: [{ id: expect.any(Number), title: 'RIV-2001', organizationId: otherSchool }],
      },
    ]);
  });

  it(`answers at most ${quickSearchLimits.perResource} rows per resource`, async () => {
    await ctx.db
      .insert(settings)
      .values(Array.from({ length: 8 }, (_, index) => ({ key: `Falcon${index}`, value: 'x' })));
    expect((await found(who.admin, 'falcon')).settings).toHaveLength(quickSearchLimits.perResource);
  });

  it('takes % and _ as the characters they are', async () => {
    expect(await found(who.director, '%%')).toEqual({});
  });

  it('refuses a search under 2 characters or signed out', async () => {
    const short = await search(who.admin, 'f');
    expect(short.statusCode).toBe(400);
    expect(short.json().validationFailures).toEqual([
      { propertyName: 'q', errorMessage: 'Search must be at least 2 characters' },
    ]);
    expect((await search(who.visitor, 'falcon')).statusCode).toBe(401);
  });
});
