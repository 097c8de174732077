import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, orders } from '../../../../server/db/schema';
import { createOrganization, testApp } from '../../helpers';
import { actors } from '../organizations/actors';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
let who: Awaited<ReturnType<typeof actors>>;
let otherId: number;
beforeEach(async () => {
  ctx = await testApp();
  who = await actors(ctx);
  otherId = (await createOrganization(ctx.db, 'Riverside Rowing Club')).id;
});
afterEach(() => ctx.app.close());

const order = (organizationId: number, n: number, overrides: object = {}) => ({
  organizationId,
  collectionId: `C-${organizationId}`,
  orderNumber: `SO-${organizationId}-${n}`,
  customerName: `Customer ${n}`,
  customerEmail: `customer${n}@example.com`,
  total: 19.99 * n,
  status: 'Paid',
  ...overrides,
});
const place = (payload: object) => who.admin({ method: 'POST', url: '/api/orders', payload });
const table = (call: typeof who.admin, organizationId: number, payload: object = { take: 10 }) =>
  call({ method: 'POST', url: `/api/orders/organization/${organizationId}/table`, payload });

describe('orders', () => {
  it('lets an Admin record an order with POST orders, audited', async () => {
    const response = await place(order(who.organization.id, 1, { total: 1234.5 }));
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({
      id: expect.any(Number),
      organizationId: who.organization.id,
      orderNumber: `SO-${who.organization.id}-1`,
      total: 1234.5,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    const [entry] = await ctx.db.select().from(auditLog);
    expect(entry).toMatchObject({ action: 'create', entityType: 'order' });
  });

  it('refuses POST orders to an AthleticDirector (403), a visitor (401), and bad bodies (400)', async () => {
    const body = order(who.organization.id, 1);
    expect((await who.director({ method: 'POST', url: '/api/orders', payload: body })).statusCode).toBe(403);
    expect((await who.visitor({ method: 'POST', url: '/api/orders', payload: body })).statusCode).toBe(401);
    expect((await place({ ...body, organizationId: 9999 })).json().validationFailures).toEqual([
      { propertyName: 'organizationId', errorMessage: 'Organization does not exist' },
    ]);
    expect((await place({ ...body, total: 1.234 })).json().validationFailures).toEqual([
      { propertyName: 'total', errorMessage: 'Total must have at most two decimals' },
    ]);
    expect((await place({ ...body, status: 'Lost' })).statusCode).toBe(400);
    expect(await ctx.db.select().from(orders)).toHaveLength(0);
  });

  it("pages one organization's orders for an Admin, newest first, searched in the database", async () => {
    for (let n = 1; n <= 12; n += 1) await place(order(who.organization.id, n));
    await place(order(otherId, 1));
    const page = await table(who.admin, who.organization.id, { skip: 0, take: 10 });
    expect(page.json().result.totalFilteredRecords).toBe(12);
    expect(page.json().result.data).toHaveLength(10);
    expect(page.json().result.data[0].orderNumber).toBe(`SO-${who.organization.id}-12`);
    const other = await table(who.admin, otherId);
    expect(other.json().result.data.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([
      `SO-${otherId}-1`,
    ]);
    const search = await table(who.admin, who.organization.id, { take: 10, allSearch: 'customer12@' });
    expect(search.json().result.totalFilteredRecords).toBe(1);
  });

  it("gives an AthleticDirector their own organization's orders and refuses another's", async () => {
    await place(order(who.organization.id, 1));
    await place(order(otherId, 1));
    const own = await table(who.director, who.organization.id);
    expect(own.json().result.data.map((o: { organizationId: number }) => o.organizationId)).toEqual([
      who.organization.id,
    ]);
    expect((await table(who.director, otherId)).statusCode).toBe(403);
    expect((await table(who.visitor, who.organization.id)).statusCode).toBe(401);
  });

  it('GET orders/by-collection lists a collection, only within the own organization for a non-admin', async () => {
    await place(order(who.organization.id, 1, { collectionId: 'FALL' }));
    await place(order(otherId, 2, { collectionId: 'FALL' }));
    await place(order(otherId, 3, { collectionId: 'SPRING' }));
    const asAdmin = await who.admin({ url: '/api/orders/by-collection?collectionId=FALL' });
    expect(asAdmin.json().result).toHaveLength(2);
    const asDirector = await who.director({ url: '/api/orders/by-collection?collectionId=FALL' });
    expect(asDirector.json().result).toEqual([
      expect.objectContaining({ organizationId: who.organization.id }),
    ]);
    expect((await who.admin({ url: '/api/orders/by-collection' })).json().validationFailures).toEqual([
      { propertyName: 'collectionId', errorMessage: 'Collection is required' },
    ]);
  });

  it('refuses bad table queries with a 400', async () => {
    expect((await table(who.admin, who.organization.id, { skip: -5, take: 10 })).statusCode).toBe(400);
    expect((await table(who.admin, who.organization.id, { take: 500 })).statusCode).toBe(400);
    expect(
      (await who.admin({ method: 'POST', url: '/api/orders/organization/abc/table', payload: {} }))
        .statusCode,
    ).toBe(400);
  });
});
