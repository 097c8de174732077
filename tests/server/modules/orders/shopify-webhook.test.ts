import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, orderItems, orders } from '../../../../server/db/schema';
import { createOrganization, testApp } from '../../helpers';
import { hearChanges } from '../changes/heard';
import { addProduct, deliverToShopifyWebhook, shopifyTestApp, sign } from './fixtures';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
let lincoln: number;
let riverside: number;
let hoodie: { id: number };
let cap: { id: number };

beforeEach(async () => {
  ctx = await shopifyTestApp();
  lincoln = (await createOrganization(ctx.db, 'Lincoln High School')).id;
  riverside = (await createOrganization(ctx.db, 'Riverside Rowing Club')).id;
  hoodie = await addProduct(ctx.db, lincoln, { title: 'Spirit Hoodie', price: 39.99, externalId: '7001' });
  cap = await addProduct(ctx.db, riverside, { title: 'Rowing Cap', price: 15, externalId: '7002' });
});
afterEach(() => ctx.app.close());

const shopifyOrder = (lineItems: object[], overrides: object = {}) => ({
  id: 820982911946154500,
  admin_graphql_api_id: 'gid://shopify/Order/820982911946154508',
  name: '#1001',
  email: 'pat@example.com',
  created_at: '2026-11-20T10:15:00-05:00',
  financial_status: 'paid',
  fulfillment_status: null,
  customer: { first_name: 'Pat', last_name: 'Parent', email: 'pat@example.com' },
  total_price: '999.00',
  line_items: lineItems,
  ...overrides,
});
const hoodieLine = { product_id: 7001, title: 'Spirit Hoodie', quantity: 2, price: '39.99' };

const deliver = (payload: object, signature?: string) => deliverToShopifyWebhook(ctx, payload, signature);

describe('Shopify orders/create webhook', () => {
  it('stores a signed delivery once, under the organization of its products, totalled from its items', async () => {
    const response = await deliver(shopifyOrder([hoodieLine]));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: { stored: 1 } });
    expect(await ctx.db.select().from(orders)).toEqual([
      expect.objectContaining({
        organizationId: lincoln,
        externalId: '820982911946154508',
        collectionId: 'Shopify',
        orderNumber: '#1001',
        customerName: 'Pat Parent',
        customerEmail: 'pat@example.com',
        total: 79.98,
        status: 'Paid',
        createdAt: new Date('2026-11-20T15:15:00Z'),
      }),
    ]);
    expect(await ctx.db.select().from(orderItems)).toEqual([
      expect.objectContaining({
        productId: hoodie.id,
        title: 'Spirit Hoodie',
        quantity: 2,
        unitPrice: 39.99,
      }),
    ]);
  });

  it("tells the organization's open lists and dashboard of the new order, from Shopify", async () => {
    const heard = await hearChanges(ctx.db);
    try {
      await deliver(shopifyOrder([hoodieLine]));
      const [order] = await ctx.db.select().from(orders);
      expect(await heard.waitFor({ resource: 'orders', id: order.id })).toMatchObject({
        action: 'created',
        organizationId: lincoln,
        by: { id: 0, name: 'Shopify' },
      });
    } finally {
      await heard.close();
    }
  });

  it('stores nothing new when the same delivery comes again, even at once', async () => {
    const payload = shopifyOrder([hoodieLine]);
    expect((await deliver(payload)).json().result.stored).toBe(1);
    const replays = await Promise.all([deliver(payload), deliver(payload)]);
    expect(replays.map((replay) => replay.statusCode)).toEqual([200, 200]);
    expect(replays.map((replay) => replay.json().result.stored)).toEqual([0, 0]);
    expect(await ctx.db.select().from(orders)).toHaveLength(1);
    expect(await ctx.db.select().from(orderItems)).toHaveLength(1);
  });

  it('refuses a forged or missing signature with 401 and stores nothing', async () => {
    const payload = shopifyOrder([hoodieLine]);
    const body = JSON.stringify(payload);
    expect((await deliver(payload, sign(body, 'not-the-app-secret-0000'))).statusCode).toBe(401);
    expect((await deliver(payload, sign(`${body} `))).statusCode).toBe(401);
    expect((await deliver(payload, 'not base64 at all')).statusCode).toBe(401);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders/shopify-webhook',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await ctx.db.select().from(orders)).toHaveLength(0);
  });

  it('keeps an item that is none of our products with its title and price, unlinked', async () => {
    await deliver(
      shopifyOrder([hoodieLine, { product_id: 999999, title: 'Gift wrap', quantity: 1, price: '3.50' }]),
    );
    const [order] = await ctx.db.select().from(orders);
    expect(order.total).toBe(83.48);
    expect(await ctx.db.select().from(orderItems)).toEqual([
      expect.objectContaining({ productId: hoodie.id, title: 'Spirit Hoodie' }),
      expect.objectContaining({ productId: null, title: 'Gift wrap', quantity: 1, unitPrice: 3.5 }),
    ]);
  });

  it("splits an order of two schools' products into one order each, and records none of only unknown items", async () => {
    await deliver(
      shopifyOrder([hoodieLine, { product_id: 7002, title: 'Rowing Cap', quantity: 1, price: '15.00' }]),
    );
    const stored = await ctx.db.select().from(orders);
    expect(stored.map((order) => [order.organizationId, order.total]).sort()).toEqual(
      [
        [lincoln, 79.98],
        [riverside, 15],
      ].sort(),
    );
    const items = await ctx.db.select().from(orderItems);
    expect(items.map((item) => item.productId).sort()).toEqual([hoodie.id, cap.id].sort());

    const unknown = await deliver(
      shopifyOrder([{ product_id: null, title: 'Custom item', quantity: 1, price: '5.00' }], {
        id: 2,
        name: '#1002',
      }),
    );
    expect(unknown.json()).toEqual({ result: { stored: 0 } });
    expect(await ctx.db.select().from(orders)).toHaveLength(2);
  });

  it('records an order too large for a total as refused and answers 200, so Shopify does not retry it', async () => {
    const line = { product_id: 7001, title: 'Spirit Hoodie', quantity: 10_000, price: '1000000.00' };
    const response = await deliver(shopifyOrder(Array.from({ length: 20 }, () => line)));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: { stored: 0 } });
    expect(await ctx.db.select().from(orders)).toHaveLength(0);
    expect(await ctx.db.select().from(auditLog)).toEqual([
      expect.objectContaining({
        action: 'shopify-rejected',
        entityType: 'shopify-order',
        entityId: '820982911946154508',
        actorUserId: null,
        details: { orderNumber: '#1001', reason: 'Total must be at most 1000000000' },
      }),
    ]);
  });

  it.each([
    [
      'dated in year 1',
      { created_at: '0001-01-01T00:00:00+14:00' },
      '820982911946154508',
      'The order date is out of range',
    ],
    [
      'dated at the end of year 9999',
      { created_at: '9999-12-31T23:59:59-14:00' },
      '820982911946154508',
      'The order date is out of range',
    ],
    [
      'with an id of 5,000 characters',
      { id: '9'.repeat(5000), admin_graphql_api_id: null },
      null,
      'The order id is too long',
    ],
  ])(
    'records an order %s as refused and answers 200, so Shopify does not retry it',
    async (_name, overrides, entityId, reason) => {
      const response = await deliver(shopifyOrder([hoodieLine], overrides));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ result: { stored: 0 } });
      expect(await ctx.db.select().from(orders)).toHaveLength(0);
      expect(await ctx.db.select().from(auditLog)).toEqual([
        expect.objectContaining({
          action: 'shopify-rejected',
          entityType: 'shopify-order',
          entityId,
          actorUserId: null,
          details: { orderNumber: '#1001', reason },
        }),
      ]);
    },
  );

  it('answers a signed body that is no order with the 400 format', async () => {
    const response = await deliver({ id: 3, name: '#1003', line_items: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json().validationFailures).toEqual([
      { propertyName: 'line_items', errorMessage: expect.any(String) },
    ]);
  });
});

describe('Shopify webhook without a secret configured', () => {
  it('is not there', async () => {
    const plain = await testApp();
    try {
      const response = await plain.app.inject({
        method: 'POST',
        url: '/api/orders/shopify-webhook',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.app.close();
    }
  });
});
