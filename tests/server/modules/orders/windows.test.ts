import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  apparelColours,
  auditLog,
  campaigns,
  merchandiseColours,
  orderItems,
  orders,
} from '../../../../server/db/schema';
import { createOrganization, createUser, signIn } from '../../helpers';
import { addProduct, deliverToShopifyWebhook, openWindow, shopifyTestApp } from './fixtures';

type Ctx = Awaited<ReturnType<typeof shopifyTestApp>>;
let ctx: Ctx;
let lincoln: number;
let hoodie: Awaited<ReturnType<typeof addProduct>>;
let cap: Awaited<ReturnType<typeof addProduct>>;
let windowId: number;
let admin: (payload: object) => Promise<Awaited<ReturnType<Ctx['app']['inject']>>>;

const day = 86_400_000;
const opensAt = new Date(Date.now() - 2 * day);
const closesAt = new Date(Date.now() + 2 * day);

beforeEach(async () => {
  ctx = await shopifyTestApp();
  lincoln = (await createOrganization(ctx.db, 'Lincoln High School')).id;
  hoodie = await addProduct(ctx.db, lincoln, { title: 'Spirit Hoodie', price: 40, externalId: '7001' });
  cap = await addProduct(ctx.db, lincoln, { title: 'Plain Cap', price: 12, externalId: '7002' });
  for (const [name, hex] of [
    ['Navy', '#1f2a44'],
    ['White', '#ffffff'],
  ]) {
    const [colour] = await ctx.db
      .insert(apparelColours)
      .values({ baseApparelId: hoodie.baseApparelId, name, hex, imageKey: `base-apparel/${name}` })
      .returning();
    await ctx.db
      .insert(merchandiseColours)
      .values({ merchandiseId: hoodie.id, name, hex, apparelColourId: colour.id });
  }
  windowId = await openWindow(ctx.db, lincoln, [{ productId: hoodie.id, minimum: 24 }], {
    opensAt,
    closesAt,
  });
  await createUser(ctx.db, { email: 'admin@example.com', roles: ['Admin'] });
  const cookie = await signIn(ctx.app, 'admin@example.com');
  admin = (payload) => ctx.app.inject({ method: 'POST', url: '/api/orders', headers: { cookie }, payload });
});
afterEach(() => ctx.app.close());

const order = (items: object[]) => ({
  organizationId: lincoln,
  collectionId: 'Store',
  orderNumber: `SO-${Math.random()}`,
  customerName: 'Pat Parent',
  customerEmail: 'pat@example.com',
  status: 'Paid',
  items,
});
const hoodieItem = (size: string | null, colour: string | null) => ({
  productId: hoodie.id,
  title: 'Spirit Hoodie',
  quantity: 2,
  unitPrice: 52.5,
  size,
  colour,
});

describe('orders in store windows', () => {
  it('files an order of a window’s product under the window open when it arrives, with the size and colour as the product spells them', async () => {
    const placed = await admin(order([hoodieItem('m', 'navy')]));
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().result).toMatchObject({ campaignId: windowId, outsideWindow: false });
    expect(await ctx.db.select().from(orderItems)).toEqual([
      expect.objectContaining({ productId: hoodie.id, size: 'M', colour: 'Navy', quantity: 2 }),
    ]);
    const loose = await admin(
      order([{ productId: cap.id, title: 'Plain Cap', quantity: 1, unitPrice: 12, size: 'L' }]),
    );
    expect(loose.json().result).toMatchObject({ campaignId: null, outsideWindow: false });
  });

  it('keeps and flags an order of a window’s product that arrives while no window of it is open', async () => {
    await ctx.db.update(campaigns).set({ state: 'closed' });
    const placed = await admin(order([hoodieItem('L', 'White')]));
    expect(placed.statusCode).toBe(200);
    expect(placed.json().result).toMatchObject({ campaignId: null, outsideWindow: true });
    expect(await ctx.db.select().from(orders)).toHaveLength(1);
  });

  it('refuses a size the garment is not made in and a colour the product is not sold in, storing nothing', async () => {
    const size = await admin(order([hoodieItem('XXL', 'Navy')]));
    expect(size.statusCode).toBe(400);
    expect(size.json().validationFailures).toEqual([
      { propertyName: 'items.0.size', errorMessage: "Size 'XXL' is not one of S, M, L, XL, 2XL" },
    ]);
    const colour = await admin(order([hoodieItem('M', 'Red')]));
    expect(colour.json().validationFailures).toEqual([
      { propertyName: 'items.0.colour', errorMessage: "Colour 'Red' is not one of Navy, White" },
    ]);
    expect(await ctx.db.select().from(orders)).toEqual([]);
  });

  describe('from the Shopify webhook', () => {
    const delivery = (variant: string, createdAt: Date, id = 9001) => ({
      id,
      name: `#${id}`,
      email: 'pat@example.com',
      created_at: createdAt.toISOString(),
      financial_status: 'paid',
      customer: { first_name: 'Pat', last_name: 'Parent' },
      line_items: [
        { product_id: 7001, title: 'Spirit Hoodie', quantity: 3, price: '52.50', variant_title: variant },
      ],
    });

    it('reads the size and colour from the variant and files the order by when it was placed', async () => {
      const inside = await deliverToShopifyWebhook(
        ctx,
        delivery('L / White', new Date(opensAt.getTime() + day)),
      );
      expect(inside.json()).toEqual({ result: { stored: 1 } });
      const before = await deliverToShopifyWebhook(
        ctx,
        delivery('White / S', new Date(opensAt.getTime() - day), 9002),
      );
      expect(before.json()).toEqual({ result: { stored: 1 } });
      const rows = await ctx.db.select().from(orders).orderBy(orders.orderNumber);
      expect(
        rows.map(({ orderNumber, campaignId, outsideWindow }) => ({
          orderNumber,
          campaignId,
          outsideWindow,
        })),
      ).toEqual([
        { orderNumber: '#9001', campaignId: windowId, outsideWindow: false },
        { orderNumber: '#9002', campaignId: null, outsideWindow: true },
      ]);
      expect((await ctx.db.select().from(orderItems)).map(({ size, colour }) => ({ size, colour }))).toEqual([
        { size: 'L', colour: 'White' },
        { size: 'S', colour: 'White' },
      ]);
    });

    it('records an order of an unknown size as refused, answering 200 so that Shopify does not retry it', async () => {
      const refused = await deliverToShopifyWebhook(ctx, delivery('XXXL / Navy', new Date()));
      expect(refused.statusCode).toBe(200);
      expect(refused.json()).toEqual({ result: { stored: 0 } });
      expect(await ctx.db.select().from(orders)).toEqual([]);
      expect(await ctx.db.select().from(auditLog)).toEqual([
        expect.objectContaining({
          action: 'shopify-rejected',
          details: { orderNumber: '#9001', reason: "Size 'XXXL' is not one of S, M, L, XL, 2XL" },
        }),
      ]);
    });
  });
});
