import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, orderItems, orders } from '../../../../server/db/schema';
import { createOrganization, testApp } from '../../helpers';
import { actors } from '../organizations/actors';
import { addProduct } from './fixtures';

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

  describe('items', () => {
    const withItems = (organizationId: number, items: object[], overrides: object = {}) => {
      const { total: _total, ...body } = order(organizationId, 1);
      return { ...body, items, ...overrides };
    };

    it('totals an order from its items and serves them with the thumbnail to who may read the order', async () => {
      const hoodie = await addProduct(ctx.db, who.organization.id, {
        title: 'Spirit Hoodie',
        price: 39.99,
        thumbnailKey: 'merchandise/hoodie-thumb.webp',
      });
      const response = await place(
        withItems(who.organization.id, [
          { productId: hoodie.id, title: 'Spirit Hoodie', quantity: 3, unitPrice: 39.99 },
          { title: 'Gift card', quantity: 1, unitPrice: 0.1 },
        ]),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().result.total).toBe(120.07);
      const orderId = response.json().result.id as number;
      const items = await who.director({ url: `/api/orders/${orderId}/items` });
      expect(items.json().result).toEqual([
        {
          id: expect.any(Number),
          productId: hoodie.id,
          title: 'Spirit Hoodie',
          quantity: 3,
          unitPrice: 39.99,
          size: null,
          colour: null,
          thumbnailUrl: '/api/merchandise/media/merchandise/hoodie-thumb.webp',
        },
        {
          id: expect.any(Number),
          productId: null,
          title: 'Gift card',
          quantity: 1,
          unitPrice: 0.1,
          size: null,
          colour: null,
          thumbnailUrl: null,
        },
      ]);
      expect((await who.admin({ url: `/api/orders/${orderId}/items` })).json().result).toHaveLength(2);
      expect((await who.visitor({ url: `/api/orders/${orderId}/items` })).statusCode).toBe(401);
    });

    it("hides another organization's order items from an AthleticDirector (404)", async () => {
      const response = await place(withItems(otherId, [{ title: 'Cap', quantity: 1, unitPrice: 12 }]));
      const items = await who.director({ url: `/api/orders/${response.json().result.id}/items` });
      expect(items.statusCode).toBe(404);
    });

    it('accepts a total that agrees with the items and refuses one that does not, storing nothing', async () => {
      const items = [{ title: 'Cap', quantity: 2, unitPrice: 12.5 }];
      expect((await place(withItems(who.organization.id, items, { total: 25 }))).statusCode).toBe(200);
      const contradicted = await place(withItems(who.organization.id, items, { total: 30 }));
      expect(contradicted.json().validationFailures).toEqual([
        { propertyName: 'total', errorMessage: 'Total must be the sum of the items (25.00)' },
      ]);
      expect(await ctx.db.select().from(orders)).toHaveLength(1);
      expect(await ctx.db.select().from(orderItems)).toHaveLength(1);
    });

    it("refuses bad items with the spec's 400 and rolls the order back", async () => {
      const bad = await place(
        withItems(who.organization.id, [{ title: 'Cap', quantity: 0, unitPrice: 1.234 }]),
      );
      expect(bad.statusCode).toBe(400);
      expect(bad.json().validationFailures).toEqual(
        expect.arrayContaining([
          { propertyName: 'items.0.quantity', errorMessage: 'Quantity must be at least 1' },
          { propertyName: 'items.0.unitPrice', errorMessage: 'Unit price must have at most two decimals' },
        ]),
      );
      expect((await place(withItems(who.organization.id, []))).json().validationFailures).toEqual([
        { propertyName: 'items', errorMessage: 'Items must not be empty' },
      ]);
      const { total: _total, ...noTotal } = order(who.organization.id, 1);
      expect((await place(noTotal)).json().validationFailures).toEqual([
        { propertyName: 'total', errorMessage: 'Total is required' },
      ]);
      const elsewhere = await addProduct(ctx.db, otherId, { title: 'Rowing Cap', price: 10 });
      const foreign = await place(
        withItems(who.organization.id, [
          { productId: elsewhere.id, title: 'Rowing Cap', quantity: 1, unitPrice: 10 },
        ]),
      );
      expect(foreign.json().validationFailures).toEqual([
        { propertyName: 'items.0.productId', errorMessage: 'Product does not exist' },
      ]);
      expect(await ctx.db.select().from(orders)).toHaveLength(0);
      expect(await ctx.db.select().from(auditLog)).toHaveLength(0);
    });

    it('refuses items adding up to more than a total can hold with a 400, not the database overflow', async () => {
      const line = { title: 'Banner', quantity: 10_000, unitPrice: 1_000_000 };
      const response = await place(
        withItems(
          who.organization.id,
          Array.from({ length: 500 }, () => line),
        ),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().validationFailures).toEqual([
        { propertyName: 'items', errorMessage: 'Total must be at most 1000000000' },
      ]);
      const largest = Array.from({ length: 100 }, () => ({ ...line, unitPrice: 1_000 }));
      expect((await place(withItems(who.organization.id, largest))).statusCode).toBe(200);
    });
  });
});
