import { eq, like } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  baseApparel,
  campaignProducts,
  campaigns,
  merchandise,
  orderItems,
  orders,
} from '../../../server/db/schema';
import { seedDemoData, seedReferenceData } from '../../../server/seed';
import { demoSalesDays, seedDemoSales, seedDemoWindows } from '../../../server/seed/sales';
import { totalOf } from '../../../contract/definitions/orders';
import { createOrganization, resetDatabase, testDatabase } from '../helpers';

beforeEach(async () => resetDatabase(await testDatabase()));

describe('demo sales (SEED_DEMO=1)', () => {
  it('gives the demo schools months of orders whose items are their own products and add up to the total', async () => {
    const { db } = await testDatabase();
    for (const title of ['Classic Cotton Tee', 'Pullover Hoodie', 'Performance Tank'])
      await db
        .insert(baseApparel)
        .values({ title, description: title, price: 12, imageKey: `base-apparel/${title}` });
    const lincoln = await createOrganization(db, 'Lincoln High School');
    const riverside = await createOrganization(db, 'Riverside Rowing Club');
    const westfield = await createOrganization(db, 'Westfield Middle School');
    const now = new Date('2026-11-23T12:00:00Z');
    await seedDemoSales(db, [lincoln, riverside, westfield], now);

    const products = await db.select().from(merchandise);
    expect(products.map((product) => product.title).sort()).toEqual([
      'Lincoln Lions Hoodie',
      'Lincoln Lions Tee',
      'Riverside Crew Tank',
    ]);
    expect(products.every((product) => product.status === 'ready' && product.thumbnailKey)).toBe(true);

    const stored = await db.select().from(orders);
    const items = await db.select().from(orderItems);
    for (const organization of [lincoln, riverside]) {
      const own = stored.filter((order) => order.organizationId === organization.id);
      const oldest = Math.min(...own.map((order) => order.createdAt.getTime()));
      expect(own.length).toBeGreaterThan(20);
      expect(now.getTime() - oldest).toBeGreaterThan((demoSalesDays - 10) * 86_400_000);
    }
    expect(stored.some((order) => order.organizationId === westfield.id)).toBe(false);
    for (const order of stored) {
      const lines = items.filter((item) => item.orderId === order.id);
      expect(lines.length).toBeGreaterThan(0);
      expect(order.total).toBe(totalOf(lines));
      const owners = lines.map(
        (line) => products.find((product) => product.id === line.productId)?.organizationId,
      );
      expect(new Set(owners)).toEqual(new Set([order.organizationId]));
    }
    expect(await db.select().from(orders).where(eq(orders.orderNumber, '#2001'))).toHaveLength(1);
  });

  it("spreads the demo's other orders over the README's 90 days too, so the sales chart is no single spike today", async () => {
    const { db } = await testDatabase();
    await seedReferenceData(db);
    await seedDemoData(db, { info() {} } as unknown as FastifyBaseLogger);
    const seeded = await db.select().from(orders).where(like(orders.orderNumber, 'SO-%'));
    expect(seeded).toHaveLength(36);
    const daysAgo = seeded.map((order) => Math.floor((Date.now() - order.createdAt.getTime()) / 86_400_000));
    expect(Math.max(...daysAgo)).toBeGreaterThan(demoSalesDays - 10);
    expect(Math.max(...daysAgo)).toBeLessThan(demoSalesDays);
    // No day holds more than a school's share: at most three orders, one per school.
    const perDay = new Map<number, number>();
    for (const day of daysAgo) perDay.set(day, (perDay.get(day) ?? 0) + 1);
    expect(Math.max(...perDay.values())).toBeLessThanOrEqual(3);
  });

  it("fills the demo's store windows: what each sells, and the open one's orders since it opened, sized", async () => {
    const { db } = await testDatabase();
    for (const title of ['Classic Cotton Tee', 'Pullover Hoodie', 'Performance Tank'])
      await db
        .insert(baseApparel)
        .values({ title, description: title, price: 12, imageKey: `base-apparel/${title}` });
    const lincoln = await createOrganization(db, 'Lincoln High School');
    const riverside = await createOrganization(db, 'Riverside Rowing Club');
    const day = 86_400_000;
    const [open] = await db
      .insert(campaigns)
      .values({
        name: 'Spirit Week Store',
        organizationId: lincoln.id,
        opensAt: new Date(Date.now() - 10 * day),
        closesAt: new Date(Date.now() + 4 * day),
        state: 'open',
      })
      .returning();
    await db.insert(campaigns).values({
      name: 'Regatta Store',
      organizationId: riverside.id,
      opensAt: new Date(Date.now() + 5 * day),
      closesAt: new Date(Date.now() + 19 * day),
    });
    await seedDemoSales(db, [lincoln, riverside]);
    await seedDemoWindows(db, [lincoln, riverside]);

    const sold = await db
      .select({ title: merchandise.title, minimum: campaignProducts.minimum })
      .from(campaignProducts)
      .innerJoin(merchandise, eq(merchandise.id, campaignProducts.productId))
      .orderBy(merchandise.title);
    expect(sold).toEqual([
      { title: 'Lincoln Lions Hoodie', minimum: 12 },
      { title: 'Lincoln Lions Tee', minimum: 24 },
      { title: 'Riverside Crew Tank', minimum: 18 },
    ]);
    const inWindow = await db.select().from(orders).where(eq(orders.campaignId, open.id));
    expect(inWindow.length).toBeGreaterThan(0);
    expect(
      inWindow.every((order) => order.createdAt >= open.opensAt && order.organizationId === lincoln.id),
    ).toBe(true);
    const items = await db.select().from(orderItems);
    expect(items.every((item) => ['S', 'M', 'L', 'XL', '2XL'].includes(item.size!))).toBe(true);
  });
});
