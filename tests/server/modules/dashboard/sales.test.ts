import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobs, merchandise, orderItems, orders } from '../../../../server/db/schema';
import { salesRange } from '../../../../server/modules/dashboard/sales';
import { createOrganization, testApp } from '../../helpers';
import { addProduct } from '../orders/fixtures';
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

const day = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
let number = 0;

async function sale(
  organizationId: number,
  daysAgo: number,
  lines: { productId: number | null; quantity: number; unitPrice: number }[],
  status = 'Paid',
) {
  number += 1;
  const total = lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
  const [order] = await ctx.db
    .insert(orders)
    .values({
      organizationId,
      collectionId: 'Shopify',
      orderNumber: `#${number}`,
      customerName: 'Pat Parent',
      customerEmail: 'pat@example.com',
      total,
      status,
      createdAt: new Date(Date.now() - daysAgo * day),
    })
    .returning();
  await ctx.db
    .insert(orderItems)
    .values(lines.map((line) => ({ ...line, orderId: order.id, title: `Item ${line.productId}` })));
}

const sales = (call: typeof who.admin, query = '') => call({ url: `/api/dashboard/sales${query}` });

describe('GET dashboard/sales', () => {
  it('gives revenue and orders per day for 30 days, the top 5 products and, for Admins, what is stuck', async () => {
    const products = [];
    for (let n = 1; n <= 6; n += 1)
      products.push(
        await addProduct(ctx.db, who.organization.id, {
          title: `Product ${n}`,
          price: 10,
          thumbnailKey: `merchandise-thumbnails/${n}.webp`,
        }),
      );
    const [p1, p2, p3, p4, p5, p6] = products;
    await sale(who.organization.id, 0, [
      { productId: p1.id, quantity: 5, unitPrice: 10 },
      { productId: null, quantity: 9, unitPrice: 1 },
    ]);
    await sale(who.organization.id, 0, [{ productId: p2.id, quantity: 4, unitPrice: 10 }]);
    await sale(who.organization.id, 3, [
      { productId: p3.id, quantity: 3, unitPrice: 10 },
      { productId: p4.id, quantity: 2, unitPrice: 10 },
      { productId: p5.id, quantity: 1, unitPrice: 10 },
    ]);
    await sale(who.organization.id, 1, [{ productId: p6.id, quantity: 50, unitPrice: 10 }], 'Refunded');
    await sale(who.organization.id, 40, [{ productId: p6.id, quantity: 50, unitPrice: 10 }]);
    await sale(otherId, 0, [{ productId: null, quantity: 1, unitPrice: 100 }]);
    await ctx.db.update(merchandise).set({ status: 'failed' }).where(eq(merchandise.id, p6.id));
    await ctx.db.update(merchandise).set({ status: 'processing' }).where(eq(merchandise.id, p5.id));
    await ctx.db.insert(jobs).values([
      { type: 'merchandise.process', payload: {}, status: 'queued' },
      { type: 'merchandise.process', payload: {}, status: 'failed' },
      { type: 'mail.send', payload: {}, status: 'done' },
    ]);

    const own = await sales(who.admin, `?organizationId=${who.organization.id}`);
    expect(own.statusCode).toBe(200);
    const result = own.json().result;
    expect(result.days).toHaveLength(30);
    expect(result.days.at(-1)).toEqual({ date: today(), revenue: 99, orders: 2 });
    expect(result.days.at(-4)).toMatchObject({ revenue: 60, orders: 1 });
    expect(result.days.reduce((n: number, d: { orders: number }) => n + d.orders, 0)).toBe(3);
    expect(result.topProducts).toEqual([
      {
        productId: p1.id,
        title: 'Product 1',
        thumbnailUrl: '/api/merchandise/media/merchandise-thumbnails/1.webp',
        unitsSold: 5,
        previousUnitsSold: 0,
      },
      expect.objectContaining({ productId: p2.id, unitsSold: 4 }),
      expect.objectContaining({ productId: p3.id, unitsSold: 3 }),
      expect.objectContaining({ productId: p4.id, unitsSold: 2 }),
      expect.objectContaining({ productId: p5.id, unitsSold: 1 }),
    ]);
    expect(result.operations).toEqual({
      productsProcessing: 1,
      productsFailed: 1,
      jobsWaiting: 1,
      jobsFailed: 1,
    });

    // The 30 days before: the sale of 40 days ago.
    expect(result.previous).toMatchObject({ revenue: 500, orders: 1 });
    expect(result.from).toBe(result.days[0].date);
    expect(result.to).toBe(today());

    const everyone = (await sales(who.admin)).json().result;
    expect(everyone.days.at(-1)).toEqual({ date: today(), revenue: 199, orders: 3 });
  });

  it("holds an AthleticDirector to their own organization's sales, without the operations", async () => {
    await sale(who.organization.id, 0, [{ productId: null, quantity: 2, unitPrice: 10 }]);
    await sale(otherId, 0, [{ productId: null, quantity: 1, unitPrice: 100 }]);
    const own = (await sales(who.director)).json().result;
    expect(own.days.at(-1)).toEqual({ date: today(), revenue: 20, orders: 1 });
    expect(own.operations).toBeNull();
    expect((await sales(who.director, `?organizationId=${otherId}`)).statusCode).toBe(403);
    expect((await sales(who.visitor)).statusCode).toBe(401);
    expect((await sales(who.admin, '?organizationId=abc')).statusCode).toBe(400);
  });
});

describe('GET dashboard/sales over a period, compared with the one before', () => {
  it('takes the last 7 or 90 days, and compares with as many days before', async () => {
    const [product] = [await addProduct(ctx.db, who.organization.id, { title: 'Hoodie', price: 10 })];
    await sale(who.organization.id, 2, [{ productId: product.id, quantity: 3, unitPrice: 10 }]);
    await sale(who.organization.id, 9, [{ productId: product.id, quantity: 2, unitPrice: 10 }]);
    await sale(who.organization.id, 60, [{ productId: null, quantity: 1, unitPrice: 7 }]);

    const week = (await sales(who.director, '?period=7')).json().result;
    expect(week.days).toHaveLength(7);
    expect(week.days.reduce((n: number, d: { revenue: number }) => n + d.revenue, 0)).toBe(30);
    expect(week.previous).toMatchObject({ revenue: 20, orders: 1 });
    expect(week.topProducts).toEqual([expect.objectContaining({ unitsSold: 3, previousUnitsSold: 2 })]);

    const quarter = (await sales(who.director, '?period=90')).json().result;
    expect(quarter.days).toHaveLength(90);
    expect(quarter.days.reduce((n: number, d: { orders: number }) => n + d.orders, 0)).toBe(3);
    expect(quarter.previous).toMatchObject({ revenue: 0, orders: 0 });
  });

  it('takes a custom range by its first and last day', async () => {
    await sale(who.organization.id, 1, [{ productId: null, quantity: 1, unitPrice: 12 }]);
    const yesterday = new Date(Date.now() - day).toISOString().slice(0, 10);
    const result = (await sales(who.director, `?period=custom&from=${yesterday}&to=${yesterday}`)).json()
      .result;
    expect(result).toMatchObject({
      from: yesterday,
      to: yesterday,
      days: [{ date: yesterday, revenue: 12, orders: 1 }],
    });
    expect(result.previous.to).toBe(new Date(Date.now() - 2 * day).toISOString().slice(0, 10));
  });

  it('refuses a custom range without both days, backwards, or over 366 days, and an unknown period', async () => {
    const failures = async (query: string) => {
      const response = await sales(who.director, query);
      expect(response.statusCode).toBe(400);
      return response.json().validationFailures;
    };
    expect(await failures('?period=custom')).toEqual([
      { propertyName: 'from', errorMessage: 'From is required for a custom period' },
      { propertyName: 'to', errorMessage: 'To is required for a custom period' },
    ]);
    expect(await failures('?period=custom&from=2026-03-02&to=2026-03-01')).toEqual([
      { propertyName: 'to', errorMessage: 'To must not be before From' },
    ]);
    expect(await failures('?period=custom&from=2024-01-01&to=2025-01-01')).toEqual([
      { propertyName: 'to', errorMessage: 'A period covers at most 366 days' },
    ]);
    expect(await failures('?period=custom&from=2026-02-30&to=2026-03-01')).toEqual([
      { propertyName: 'from', errorMessage: 'From must be a date (YYYY-MM-DD)' },
    ]);
    expect(await failures('?period=12')).toEqual([
      { propertyName: 'period', errorMessage: 'Period must be one of 7, 30, 90, school-year, custom' },
    ]);
  });

  it('starts the school year on August 1 (this year from August on, else last year)', () => {
    expect(salesRange({ period: 'school-year' }, new Date('2026-11-25T15:00:00Z'))).toEqual({
      since: new Date('2026-08-01T00:00:00Z'),
      days: 117,
    });
    expect(salesRange({ period: 'school-year' }, new Date('2027-03-01T01:00:00Z')).since).toEqual(
      new Date('2026-08-01T00:00:00Z'),
    );
    expect(salesRange({ period: 'school-year' }, new Date('2026-08-01T00:00:00Z')).days).toBe(1);
  });
});
