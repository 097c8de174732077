import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Db } from '../../../../server/db/client';
import { orderItems, orders, platformSalesShards } from '../../../../server/db/schema';
import { createOrganization, testApp } from '../../helpers';
import { addProduct } from '../orders/fixtures';
import { actors } from '../organizations/actors';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
let who: Awaited<ReturnType<typeof actors>>;
let schools: number[];
beforeEach(async () => {
  ctx = await testApp();
  who = await actors(ctx);
  schools = [who.organization.id, (await createOrganization(ctx.db, 'Riverside Rowing Club')).id];
});
afterEach(() => ctx.app.close());

const day = 86_400_000;
const statuses = ['Pending', 'Paid', 'Shipped', 'Refunded', 'Cancelled'];

/** A repeatable sequence, so that a failure can be replayed. */
function randomFrom(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
}

type Rows = { rows: Record<string, unknown>[] };

/** Each school's revenue and orders per UTC day, summed from the orders themselves. */
async function fromOrders() {
  const result = (await ctx.db.execute(sql`
    select organization_id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
           sum(total)::text as revenue, count(*)::int as orders
    from orders where status not in ('Cancelled', 'Refunded') group by 1, 2 order by 1, 2`)) as unknown as Rows;
  return result.rows;
}

/** Each school's units of each product per UTC day, summed from the items of the orders. */
async function unitsFromItems() {
  const result = (await ctx.db.execute(sql`
    select o.organization_id, to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
           i.product_id, sum(i.quantity)::int as units
    from order_items i join orders o on o.id = i.order_id
    where i.product_id is not null and o.status not in ('Cancelled', 'Refunded')
    group by 1, 2, 3 order by 1, 2, 3`)) as unknown as Rows;
  return result.rows;
}

async function keptUnits() {
  const result = (await ctx.db.execute(sql`
    select organization_id, to_char(day, 'YYYY-MM-DD') as day, product_id, units
    from product_days where units <> 0 order by 1, 2, 3`)) as unknown as Rows;
  return result.rows;
}

/** What every school sold per UTC day, and each school's units of each product per UTC month. */
async function keptOfEverySchoolAndMonth() {
  // A day's figures are the sum of its rows (one per shard of the schools).
  const days = (await ctx.db.execute(sql`
    select to_char(day, 'YYYY-MM-DD') as day, sum(revenue)::text as revenue, sum(orders)::int as orders
    from platform_sales_days group by day having sum(orders) <> 0 or sum(revenue) <> 0 order by 1`)) as unknown as Rows;
  const months = (await ctx.db.execute(sql`
    select organization_id, to_char(month, 'YYYY-MM') as month, product_id, units
    from product_months where units <> 0 order by 1, 2, 3`)) as unknown as Rows;
  return { days: days.rows, months: months.rows };
}

/** The rows of platform_sales_days that hold anything, shard by shard. */
async function platformShards() {
  const result = (await ctx.db.execute(sql`
    select to_char(day, 'YYYY-MM-DD') as day, shard, revenue::text as revenue, orders
    from platform_sales_days where orders <> 0 or revenue <> 0 order by 1, 2`)) as unknown as Rows;
  return result.rows;
}

/** Migration 0031's statement that fills platform_sales_days from sales_days. */
const shardsFill = readFileSync(
  new URL('../../../../server/db/migrations/0031_platform_sales_day_shards.sql', import.meta.url),
  'utf8',
)
  .split('--> statement-breakpoint')
  .find((statement) => statement.includes('INSERT INTO platform_sales_days'))!;

/** The same, summed from the orders and their items. */
async function everySchoolAndMonthFromOrders() {
  const days = (await ctx.db.execute(sql`
    select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, sum(total)::text as revenue,
           count(*)::int as orders
    from orders where status not in ('Cancelled', 'Refunded') group by 1 order by 1`)) as unknown as Rows;
  const months = (await ctx.db.execute(sql`
    select o.organization_id, to_char(o.created_at at time zone 'UTC', 'YYYY-MM') as month,
           i.product_id, sum(i.quantity)::int as units
    from order_items i join orders o on o.id = i.order_id
    where i.product_id is not null and o.status not in ('Cancelled', 'Refunded')
    group by 1, 2, 3 having sum(i.quantity) <> 0 order by 1, 2, 3`)) as unknown as Rows;
  return { days: days.rows, months: months.rows };
}

async function kept() {
  const result = (await ctx.db.execute(sql`
    select organization_id, to_char(day, 'YYYY-MM-DD') as day, revenue::text as revenue, orders
    from sales_days where orders <> 0 or revenue <> 0 order by 1, 2`)) as unknown as Rows;
  return result.rows;
}

describe('the kept sales days', () => {
  it('equal the orders and their items after new, late, refunded, changed, moved and removed orders and items', async () => {
    const random = randomFrom(32);
    const products: Awaited<ReturnType<typeof addProduct>>[] = [];
    for (const school of schools)
      for (let n = 0; n < 3; n += 1)
        products.push(await addProduct(ctx.db, school, { title: `Product ${school}-${n}`, price: 10 }));
    const ids: number[] = [];
    const itemIds: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      // Storefront orders of today and of the last year (a webhook delivered late), a few at once.
      const added = await ctx.db
        .insert(orders)
        .values(
          Array.from({ length: 15 }, (_, n) => ({
            organizationId: schools[random(2)],
            collectionId: 'Shopify',
            orderNumber: `#${round}-${n}`,
            customerName: 'Pat Parent',
            customerEmail: 'pat@example.com',
            total: (1 + random(20_000)) / 100,
            status: statuses[random(statuses.length)],
            createdAt: new Date(Date.now() - random(366) * day - random(day)),
          })),
        )
        .returning({ id: orders.id });
      ids.push(...added.map((row) => row.id));
      const items = await ctx.db
        .insert(orderItems)
        .values(
          added.flatMap((order) =>
            Array.from({ length: 1 + random(3) }, () => ({
              orderId: order.id,
              // An item the storefront sold that is none of our products has none.
              productId: random(5) === 0 ? null : products[random(products.length)].id,
              title: 'Item',
              quantity: 1 + random(4),
              unitPrice: 10,
            })),
          ),
        )
        .returning({ id: orderItems.id });
      itemIds.push(...items.map((row) => row.id));
      const pick = () => ids[random(ids.length)];
      await ctx.db.update(orders).set({ status: 'Refunded' }).where(eq(orders.id, pick()));
      await ctx.db.update(orders).set({ status: 'Paid' }).where(eq(orders.id, pick()));
      await ctx.db
        .update(orders)
        .set({ total: (1 + random(20_000)) / 100 })
        .where(eq(orders.id, pick()));
      await ctx.db
        .update(orders)
        .set({ organizationId: schools[random(2)], createdAt: new Date(Date.now() - random(400) * day) })
        .where(eq(orders.id, pick()));
      await ctx.db
        .update(orderItems)
        .set({ quantity: 1 + random(9) })
        .where(eq(orderItems.id, itemIds[random(itemIds.length)]));
      await ctx.db
        .update(orderItems)
        .set({ productId: null })
        .where(eq(orderItems.id, itemIds[random(itemIds.length)]));
      const removedItem = itemIds[random(itemIds.length)];
      await ctx.db.delete(orderItems).where(eq(orderItems.id, removedItem));
      itemIds.splice(itemIds.indexOf(removedItem), 1);
      // Its items go with it.
      const removed = pick();
      await ctx.db.delete(orders).where(inArray(orders.id, [removed]));
      ids.splice(ids.indexOf(removed), 1);
    }
    expect(await kept()).toEqual(await fromOrders());
    expect(await keptUnits()).toEqual(await unitsFromItems());
    expect(await keptOfEverySchoolAndMonth()).toEqual(await everySchoolAndMonthFromOrders());

    // Migration 0031 split the days of every school into shards, rebuilt from each school's days:
    // the rows its statements write are the ones the trigger keeps.
    const keptShards = await platformShards();
    await ctx.db.execute(sql`delete from platform_sales_days`);
    await ctx.db.execute(sql.raw(shardsFill));
    expect(await platformShards()).toEqual(keptShards);
  });

  it('give the sales card the same days, totals and top products as the orders, on random periods, for one school or all', async () => {
    const random = randomFrom(7);
    const products: Awaited<ReturnType<typeof addProduct>>[] = [];
    for (const school of schools)
      for (let n = 0; n < 4; n += 1)
        products.push(await addProduct(ctx.db, school, { title: `Product ${school}-${n}`, price: 10 }));
    // Webhooks delivered late (up to 400 days), cancelled and refunded orders among them.
    const added = await ctx.db
      .insert(orders)
      .values(
        Array.from({ length: 160 }, (_, n) => ({
          organizationId: schools[random(2)],
          collectionId: 'Shopify',
          orderNumber: `#${n}`,
          customerName: 'Pat Parent',
          customerEmail: 'pat@example.com',
          total: (1 + random(20_000)) / 100,
          status: statuses[random(statuses.length)],
          createdAt: new Date(Date.now() - random(400) * day - random(day)),
        })),
      )
      .returning({ id: orders.id, organizationId: orders.organizationId });
    await ctx.db.insert(orderItems).values(
      added.flatMap((order) =>
        Array.from({ length: 1 + random(3) }, () => {
          const own = products.filter((product) => product.organizationId === order.organizationId);
          return {
            orderId: order.id,
            productId: own[random(own.length)].id,
            title: 'Item',
            quantity: 1 + random(4),
            unitPrice: 10,
          };
        }),
      ),
    );
    await ctx.db
      .update(orders)
      .set({ status: 'Refunded' })
      .where(inArray(orders.id, [added[random(160)].id, added[random(160)].id]));
    const perDay = await fromOrders();
    const unitsPerDay = await unitsFromItems();
    const unitsOf = (school: number | undefined, productId: number, from: string, to: string) =>
      unitsPerDay
        .filter(
          (row) =>
            row.product_id === productId &&
            (school === undefined || row.organization_id === school) &&
            (row.day as string) >= from &&
            (row.day as string) <= to,
        )
        .reduce((sum, row) => sum + Number(row.units), 0);
    // Short and long periods, ending today or earlier, starting on any day of a month.
    for (let round = 0; round < 8; round += 1) {
      const to = new Date(Date.now() - (round < 2 ? 0 : random(60)) * day).toISOString().slice(0, 10);
      const from = new Date(Date.parse(to) - random(round % 3 === 0 ? 366 : 100) * day)
        .toISOString()
        .slice(0, 10);
      const school = round % 2 === 0 ? undefined : schools[random(2)];
      const response = await who.admin({
        url: `/api/dashboard/sales?period=custom&from=${from}&to=${to}${school ? `&organizationId=${school}` : ''}`,
      });
      expect(response.statusCode).toBe(200);
      const { days, topProducts, previous } = response.json().result as {
        days: { date: string; revenue: number; orders: number }[];
        topProducts: { productId: number; unitsSold: number; previousUnitsSold: number }[];
        previous: { from: string; to: string };
      };
      for (const shown of days) {
        const sold = perDay.filter(
          (row) => row.day === shown.date && (school === undefined || row.organization_id === school),
        );
        const cents = sold.reduce((sum, row) => sum + Math.round(Number(row.revenue) * 100), 0);
        expect({ date: shown.date, cents: Math.round(shown.revenue * 100), orders: shown.orders }).toEqual({
          date: shown.date,
          cents,
          orders: sold.reduce((sum, row) => sum + Number(row.orders), 0),
        });
      }
      const ranked = products
        .map((product) => ({ productId: product.id, unitsSold: unitsOf(school, product.id, from, to) }))
        .filter((product) => product.unitsSold > 0)
        .sort((a, b) => b.unitsSold - a.unitsSold || a.productId - b.productId)
        .slice(0, 5);
      expect(topProducts.map(({ productId, unitsSold }) => ({ productId, unitsSold }))).toEqual(ranked);
      for (const product of topProducts)
        expect(product.previousUnitsSold).toBe(
          unitsOf(school, product.productId, previous.from, previous.to),
        );
    }
  });

  // One PGlite connection runs one transaction at a time: only PostgreSQL writes at once.
  it.runIf(Boolean(inject('postgresUrl')))(
    "let two schools' orders of the same day be written at once: neither waits for the other's commit",
    async () => {
      const [first, second] = schools;
      expect(first % platformSalesShards).not.toBe(second % platformSalesShards);
      const orderOf = (organizationId: number, orderNumber: string) => ({
        organizationId,
        collectionId: 'Shopify',
        orderNumber,
        customerName: 'Pat Parent',
        customerEmail: 'pat@example.com',
        total: 25,
        status: 'Paid',
      });
      let commit!: () => void;
      const committed = new Promise<void>((resolve) => (commit = resolve));
      let inserted!: () => void;
      const firstInserted = new Promise<void>((resolve) => (inserted = resolve));
      const open = ctx.db.transaction(async (tx) => {
        await tx.insert(orders).values(orderOf(first, '#open'));
        inserted();
        await committed;
      });
      await firstInserted;
      // Bounded: with one kept row per day, this waited for the open transaction's commit.
      await ctx.db.transaction(async (tx) => {
        await (tx as unknown as Db).execute(sql`set local lock_timeout = '5s'`);
        await tx.insert(orders).values(orderOf(second, '#meanwhile'));
      });
      commit();
      await open;
      expect(await keptOfEverySchoolAndMonth()).toEqual(await everySchoolAndMonthFromOrders());
    },
  );
});
