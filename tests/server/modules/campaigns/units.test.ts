import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { campaignProducts, orderItems, orders } from '../../../../server/db/schema';
import { createOrganization, testApp } from '../../helpers';
import { addProduct, openWindow } from '../orders/fixtures';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
let school: number;
let window: number;
let hoodie: number;
let cap: number;

beforeEach(async () => {
  ctx = await testApp();
  school = (await createOrganization(ctx.db, 'Lincoln High School')).id;
  hoodie = (await addProduct(ctx.db, school, { title: 'Spirit Hoodie', price: 40 })).id;
  cap = (await addProduct(ctx.db, school, { title: 'Spirit Cap', price: 12 })).id;
  window = await openWindow(ctx.db, school, [
    { productId: hoodie, minimum: 24 },
    { productId: cap, minimum: 12 },
  ]);
});
afterEach(() => ctx.app.close());

/** What the card used to count from the orders, each time it was shown. */
async function countedFromOrders() {
  const result = (await ctx.db.execute(sql`
    select cp.product_id as "productId", coalesce(sum(i.quantity) filter (
      where o.status not in ('Cancelled', 'Refunded')), 0)::int as units
    from campaign_products cp
    left join orders o on o.campaign_id = cp.campaign_id
    left join order_items i on i.order_id = o.id and i.product_id = cp.product_id
    where cp.campaign_id = ${window}
    group by cp.product_id order by cp.product_id`)) as unknown as {
    rows: { productId: number; units: number }[];
  };
  return result.rows;
}

async function kept() {
  const rows = await ctx.db
    .select({ productId: campaignProducts.productId, units: campaignProducts.units })
    .from(campaignProducts)
    .where(eq(campaignProducts.campaignId, window))
    .orderBy(campaignProducts.productId);
  return rows;
}

async function order(status: string, items: [number, number][], campaignId: number | null = window) {
  const [row] = await ctx.db
    .insert(orders)
    .values({
      organizationId: school,
      collectionId: 'Storefront',
      orderNumber: `SO-${Math.random()}`,
      customerName: 'Pat Parent',
      customerEmail: 'pat@example.com',
      status,
      total: 10,
      campaignId,
    })
    .returning();
  await ctx.db.insert(orderItems).values(
    items.map(([productId, quantity]) => ({
      orderId: row.id,
      productId,
      title: 'Item',
      quantity,
      unitPrice: 5,
    })),
  );
  return row.id;
}

describe("a window's units, kept by the database as its orders change", () => {
  it('equal what its counted orders bought after every kind of change', async () => {
    const units = async (expected: Record<number, number>) => {
      const now = await kept();
      expect(now).toEqual(await countedFromOrders());
      expect(Object.fromEntries(now.map((row) => [row.productId, row.units]))).toEqual(expected);
    };
    const first = await order('Paid', [
      [hoodie, 2],
      [cap, 1],
    ]);
    await units({ [hoodie]: 2, [cap]: 1 });
    const second = await order('Pending', [[hoodie, 3]]);
    await units({ [hoodie]: 5, [cap]: 1 });
    // A refund or a cancellation sold nothing; paid again, it counts again.
    await ctx.db.update(orders).set({ status: 'Refunded' }).where(eq(orders.id, second));
    await units({ [hoodie]: 2, [cap]: 1 });
    await ctx.db.update(orders).set({ status: 'Paid' }).where(eq(orders.id, second));
    await units({ [hoodie]: 5, [cap]: 1 });
    await ctx.db
      .update(orderItems)
      .set({ quantity: 4 })
      .where(sql`${orderItems.orderId} = ${first} and ${orderItems.productId} = ${hoodie}`);
    await units({ [hoodie]: 7, [cap]: 1 });
    // An order filed in no window, then filed in this one.
    const late = await order('Paid', [[cap, 2]], null);
    await units({ [hoodie]: 7, [cap]: 1 });
    await ctx.db.update(orders).set({ campaignId: window }).where(eq(orders.id, late));
    await units({ [hoodie]: 7, [cap]: 3 });
    await ctx.db.delete(orders).where(eq(orders.id, first));
    await units({ [hoodie]: 3, [cap]: 2 });
    // The window's list replaced (as PUT products does): the products put back count what came before.
    await ctx.db.delete(campaignProducts).where(eq(campaignProducts.campaignId, window));
    await ctx.db.insert(campaignProducts).values([
      { campaignId: window, productId: hoodie, minimum: 24 },
      { campaignId: window, productId: cap, minimum: 12 },
    ]);
    await units({ [hoodie]: 3, [cap]: 2 });
    await ctx.db.delete(orderItems).where(eq(orderItems.orderId, late));
    await units({ [hoodie]: 3, [cap]: 0 });
  });
});
