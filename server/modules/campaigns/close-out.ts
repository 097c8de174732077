import { and, asc, between, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type CloseOut, platformSharePercent } from '../../../contract/campaigns';
import { cents } from '../../../contract/definitions/orders';
import { bySize } from '../../../contract/sizes';
import type { JobType } from '../../../contract/definitions/jobs';
import type { Db } from '../../db/client';
import { campaignProducts, type campaigns, jobs, merchandise, orderItems, orders } from '../../db/schema';
import { counted, productsOf } from './products';

/** The job that builds a closed window's package, queued by its `close` step. */
export const closeOutJob: JobType = 'campaigns.close-out';

export const packageBeforeCloseMessage = 'The package is built once the window has closed';

type CampaignRow = typeof campaigns.$inferSelect;

/**
 * How far either side of a window an order flagged outside every window still counts as its
 * near miss: a buyer a few days late (or early) is who the director wants to hear of, not every
 * flagged order the school ever had (docs/decisions.md).
 */
const nearMissMs = 7 * 24 * 60 * 60_000;

/** The window's products with their units, their minimum met or not, and what each raised. */
async function productFigures(db: Db, campaignId: number) {
  return (await productsOf(db, campaignId)).map((product) => ({
    productId: product.productId,
    title: product.title,
    minimum: product.minimum,
    units: product.units,
    met: product.units >= product.minimum,
    fundraising: product.fundraising,
    raised: (cents(product.fundraising) * product.units) / 100,
  }));
}

/**
 * Units of each of the window's products in each colour and size, in the shop's order (title,
 * colour, size by `bySize`). An item without a colour or size counts under ''.
 */
async function countsOf(db: Db, campaignId: number) {
  const colour = sql<string>`coalesce(${orderItems.colour}, '')`;
  const size = sql<string>`coalesce(${orderItems.size}, '')`;
  const rows = await db
    .select({
      productId: campaignProducts.productId,
      title: merchandise.title,
      colour,
      size,
      units: sql<number>`sum(${orderItems.quantity})::int`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(
      campaignProducts,
      and(eq(campaignProducts.campaignId, campaignId), eq(campaignProducts.productId, orderItems.productId)),
    )
    .innerJoin(merchandise, eq(merchandise.id, campaignProducts.productId))
    .where(and(eq(orders.campaignId, campaignId), counted))
    .groupBy(campaignProducts.productId, merchandise.title, colour, size);
  return rows
    .map((row) => ({ ...row, units: Number(row.units) }))
    .sort(
      (a, b) =>
        a.title.localeCompare(b.title) ||
        a.productId - b.productId ||
        a.colour.localeCompare(b.colour) ||
        bySize(a.size, b.size),
    );
}

/**
 * The window's package as its row and its latest job have it: being built, built, failed for
 * good (and never built), or neither. Finished jobs are pruned after a week: a failure older than
 * that reads as none, and the package can be built again either way.
 */
export async function packageOf(db: Db, campaign: CampaignRow): Promise<CloseOut['package']> {
  const [latest] = await db
    .select({ status: jobs.status, lastError: jobs.lastError })
    .from(jobs)
    .where(and(eq(jobs.type, closeOutJob), sql`${jobs.payload}->>'campaignId' = ${String(campaign.id)}`))
    .orderBy(desc(jobs.id))
    .limit(1);
  const building = latest?.status === 'queued' || latest?.status === 'running';
  const failed = latest?.status === 'failed' && !campaign.packageKey;
  return {
    status: building ? 'building' : campaign.packageKey ? 'ready' : failed ? 'failed' : 'none',
    builtAt: campaign.packageBuiltAt?.toISOString() ?? null,
    bytes: campaign.packageBytes,
    error: failed ? latest.lastError : null,
  };
}

/**
 * A window's close-out figures, summed by the database (a window of 15,000 items never comes
 * into this process as rows): its counted orders, the units each product sold against its
 * minimum, the counts the shop prints from, the fundraising and the platform's share of it, the
 * school's orders that arrived just outside it, and its package.
 */
export async function closeOutOf(db: Db, campaign: CampaignRow): Promise<CloseOut> {
  // One statement after another: on one connection (or PGlite) they would queue anyway.
  const products = await productFigures(db, campaign.id);
  const counts = await countsOf(db, campaign.id);
  const [ordered] = await db
    .select({ orders: count() })
    .from(orders)
    .where(and(eq(orders.campaignId, campaign.id), counted));
  const [nearMisses] = await db
    .select({ orders: count() })
    .from(orders)
    .where(
      and(
        eq(orders.organizationId, campaign.organizationId),
        eq(orders.outsideWindow, true),
        between(
          orders.createdAt,
          new Date(campaign.opensAt.getTime() - nearMissMs),
          new Date(campaign.closesAt.getTime() + nearMissMs),
        ),
      ),
    );
  const raisedCents = products.reduce((sum, product) => sum + cents(product.raised), 0);
  return {
    orders: ordered?.orders ?? 0,
    units: products.reduce((sum, product) => sum + product.units, 0),
    products,
    counts,
    raised: raisedCents / 100,
    platformShare: Math.round((raisedCents * platformSharePercent) / 100) / 100,
    outsideWindow: nearMisses?.orders ?? 0,
    package: await packageOf(db, campaign),
  };
}

/** The window's products, in title order, with the keys of their print files. */
export async function printFilesOf(db: Db, campaignId: number) {
  return db
    .select({
      productId: merchandise.id,
      title: merchandise.title,
      printKey: merchandise.printKey,
      backPrintKey: merchandise.backPrintKey,
      preflightKey: merchandise.preflightKey,
    })
    .from(campaignProducts)
    .innerJoin(merchandise, eq(merchandise.id, campaignProducts.productId))
    .where(eq(campaignProducts.campaignId, campaignId))
    .orderBy(asc(merchandise.title), asc(merchandise.id));
}

/** Orders read per statement by the package's long lists: the package never holds a window's orders. */
const pageSize = 500;

export interface OrderWithItems {
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  items: { title: string; colour: string; size: string; quantity: number; unitPrice: number }[];
}

/**
 * The window's counted orders that bought any of `productIds`, by buyer's name, with their items
 * of those products, a page of orders at a time: a buyer's bag (the products printed) or what is
 * refunded to them (the products whose minimum was not met).
 */
export async function* orderPages(
  db: Db,
  campaignId: number,
  productIds: readonly number[],
): AsyncGenerator<OrderWithItems[]> {
  if (productIds.length === 0) return;
  const ofThese = inArray(orderItems.productId, [...productIds]);
  let after: { name: string; id: number } | null = null;
  for (;;) {
    const page: { id: number; orderNumber: string; customerName: string; customerEmail: string }[] = await db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        customerName: orders.customerName,
        customerEmail: orders.customerEmail,
      })
      .from(orders)
      .where(
        and(
          eq(orders.campaignId, campaignId),
          counted,
          sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${ofThese})`,
          after ? sql`(${orders.customerName}, ${orders.id}) > (${after.name}, ${after.id})` : undefined,
        ),
      )
      .orderBy(asc(orders.customerName), asc(orders.id))
      .limit(pageSize);
    if (page.length === 0) return;
    const items = await db
      .select({
        orderId: orderItems.orderId,
        title: merchandise.title,
        colour: sql<string>`coalesce(${orderItems.colour}, '')`,
        size: sql<string>`coalesce(${orderItems.size}, '')`,
        quantity: orderItems.quantity,
        unitPrice: orderItems.unitPrice,
      })
      .from(orderItems)
      .innerJoin(merchandise, eq(merchandise.id, orderItems.productId))
      .where(
        and(
          inArray(
            orderItems.orderId,
            page.map((order) => order.id),
          ),
          ofThese,
        ),
      );
    const byOrder = new Map<number, typeof items>();
    for (const item of items) {
      const ofOrder = byOrder.get(item.orderId);
      if (ofOrder) ofOrder.push(item);
      else byOrder.set(item.orderId, [item]);
    }
    yield page.map((order): OrderWithItems => ({
      orderNumber: order.orderNumber,
      customerName: order.customerName,
      customerEmail: order.customerEmail,
      items: (byOrder.get(order.id) ?? [])
        .map(({ orderId: _, ...item }) => item)
        .sort(
          (a, b) =>
            a.title.localeCompare(b.title) || a.colour.localeCompare(b.colour) || bySize(a.size, b.size),
        ),
    }));
    const last = page.at(-1)!;
    after = { name: last.customerName, id: last.id };
  }
}
