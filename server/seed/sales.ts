import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { totalOf } from '../../contract/definitions/orders';
import type { BlobStore } from '../storage';
import type { Db } from '../db/client';
import { variantsOf } from '../modules/orders/windows';
import { dressDemoProduct, seedDemoCrest } from './crests';
import { baseApparel, campaignProducts, campaigns, merchandise, orderItems, orders } from '../db/schema';

/** What each demo school sells, on which seeded apparel (by title), at what price. */
export const demoProducts: Record<string, { title: string; apparel: string; price: number }[]> = {
  'Lincoln High School': [
    { title: 'Lincoln Lions Tee', apparel: 'Classic Cotton Tee', price: 22 },
    { title: 'Lincoln Lions Hoodie', apparel: 'Pullover Hoodie', price: 44.5 },
    { title: 'Lincoln Lions Long Sleeve', apparel: 'Long Sleeve Tee', price: 28 },
    { title: 'Lincoln Lions Polo', apparel: 'Sport Polo', price: 34 },
  ],
  'Riverside Rowing Club': [
    { title: 'Riverside Crew Tank', apparel: 'Performance Tank', price: 24 },
    { title: 'Riverside Crew Sweatshirt', apparel: 'Crewneck Sweatshirt', price: 39 },
  ],
};

export const demoSalesDays = 90;
const customers = ['Pat Parent', 'Sam Student', 'Alex Alum', 'Casey Coach', 'Jordan Fan', 'Morgan Booster'];

/**
 * A few months of storefront sales for the demo schools' products, so the orders' details and
 * the dashboard have something to show. Deterministic, so every demo install looks the same.
 * With the blob store each school gets its crest as a design logo and its products wear it,
 * in two or three colours each; without it they show their apparel's picture.
 */
export async function seedDemoSales(
  db: Db,
  organizations: { id: number; name: string }[],
  now = new Date(),
  storage?: BlobStore,
) {
  const apparel = await db.select().from(baseApparel).orderBy(asc(baseApparel.id));
  // Without the blob store no apparel was seeded; there is nothing to sell then.
  if (apparel.length === 0) return;
  const generator = (start: number) => {
    let seed = start;
    return (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
  };
  const next = generator(14);
  // Sizes and colours draw from their own sequence: the orders and their totals stay the ones
  // the demo has always had, which the README's and the tests' figures name.
  const pick = generator(41);
  let number = 2001;
  for (const organization of organizations) {
    const plan = demoProducts[organization.name] ?? [];
    const products: (typeof merchandise.$inferSelect)[] = [];
    const crest = storage ? await seedDemoCrest(db, storage, organization) : null;
    for (const [index, product] of plan.entries()) {
      const base = apparel.find((row) => row.title === product.apparel);
      if (!base) continue;
      const [row] = await db
        .insert(merchandise)
        .values({
          organizationId: organization.id,
          baseApparelId: base.id,
          title: product.title,
          description: `${product.title} in school colours`,
          price: product.price,
          status: 'ready',
          reviewState: 'published',
          imageKey: base.imageKey,
          thumbnailKey: base.imageKey,
        })
        .returning();
      if (storage && crest) await dressDemoProduct(db, storage, row, base, crest, 2 + (index % 2));
      products.push(row);
    }
    if (products.length === 0) continue;
    const variants = await variantsOf(
      db,
      products.map((product) => product.id),
    );
    // What a buyer chose: a size and a colour the product is sold in, as the shop's orders are checked.
    const variant = (product: (typeof products)[number]) => {
      const { sizes, colours } = variants.get(product.id) ?? { sizes: [], colours: [] };
      return {
        size: sizes.length > 0 ? sizes[pick(sizes.length)] : null,
        colour: colours.length > 0 ? colours[pick(colours.length)] : null,
      };
    };
    for (let daysAgo = demoSalesDays - 1; daysAgo >= 0; daysAgo -= 1) {
      // Busier towards the present, and none on some days.
      const count = next(100) < 35 + (demoSalesDays - daysAgo) / 3 ? 1 + next(2) : 0;
      for (let n = 0; n < count; n += 1) {
        const items = Array.from({ length: 1 + next(3) }, () => products[next(products.length)])
          .filter((product, index, all) => all.indexOf(product) === index)
          .map((product) => ({
            productId: product.id,
            title: product.title,
            quantity: 1 + next(3),
            unitPrice: product.price,
            ...variant(product),
          }));
        const customer = customers[next(customers.length)];
        const createdAt = new Date(now.getTime() - daysAgo * 86_400_000 - next(36_000) * 1000);
        const [order] = await db
          .insert(orders)
          .values({
            organizationId: organization.id,
            collectionId: 'Shopify',
            orderNumber: `#${number}`,
            customerName: customer,
            customerEmail: `${customer.toLowerCase().replace(' ', '.')}@example.com`,
            total: totalOf(items),
            status: daysAgo < 3 ? 'Paid' : next(20) === 0 ? 'Refunded' : 'Shipped',
            createdAt,
          })
          .returning({ id: orders.id });
        number += 1;
        await db.insert(orderItems).values(items.map((item) => ({ ...item, orderId: order.id })));
      }
    }
  }
}

/** What each demo school's store window sells: a product by title, its minimum and fundraising. */
const demoWindowProducts: Record<string, { title: string; minimum: number; fundraising: number }[]> = {
  'Lincoln High School': [
    { title: 'Lincoln Lions Tee', minimum: 24, fundraising: 5 },
    { title: 'Lincoln Lions Hoodie', minimum: 12, fundraising: 12.5 },
  ],
  'Riverside Rowing Club': [{ title: 'Riverside Crew Tank', minimum: 18, fundraising: 6 }],
};

/**
 * Fills the demo schools' store windows: their products, and an open window's share of the
 * demo's recent orders of them (those placed since it opened), so its page and the dashboard's
 * card show units against minimums and money raised.
 */
export async function seedDemoWindows(db: Db, organizations: { id: number; name: string }[]) {
  for (const organization of organizations) {
    const [window] = await db.select().from(campaigns).where(eq(campaigns.organizationId, organization.id));
    const plan = demoWindowProducts[organization.name] ?? [];
    if (!window || plan.length === 0) continue;
    const products = await db
      .select({ id: merchandise.id, title: merchandise.title })
      .from(merchandise)
      .where(eq(merchandise.organizationId, organization.id));
    const sold = plan.flatMap((entry) => {
      const product = products.find((row) => row.title === entry.title);
      return product ? [{ campaignId: window.id, productId: product.id, ...entry }] : [];
    });
    if (sold.length === 0) continue;
    await db.insert(campaignProducts).values(sold.map(({ title: _title, ...row }) => row));
    if (window.state !== 'open') continue;
    const inWindow = await db
      .selectDistinct({ id: orders.id })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(
        and(
          eq(orders.organizationId, organization.id),
          gte(orders.createdAt, window.opensAt),
          inArray(
            orderItems.productId,
            sold.map((row) => row.productId),
          ),
        ),
      );
    if (inWindow.length > 0)
      await db
        .update(orders)
        .set({ campaignId: window.id })
        .where(
          inArray(
            orders.id,
            inWindow.map((row) => row.id),
          ),
        );
  }
}
