import { and, count, desc, eq, gte, inArray, isNotNull, notInArray, sql, sum, type SQL } from 'drizzle-orm';
import { type Sales, salesDays } from '../../../contract/dashboard';
import { isAdmin } from '../../../contract/roles';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { jobs, merchandise, orderItems, orders } from '../../db/schema';
import { forbidden } from '../../http/errors';
import { mediaUrl } from '../merchandise/media';

/** Money that did not stay with the school is no sale. */
const notSold = ['Cancelled', 'Refunded'];

const dayKey = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Revenue and orders per UTC day over the last 30 days, the five products sold most in them,
 * and for Admins what waits or failed in the background. An AthleticDirector sees their own
 * organization only; an Admin the one asked for, or all.
 */
export async function salesFor(
  db: Db,
  actor: SessionUser,
  requested: number | undefined,
  now = new Date(),
): Promise<Sales> {
  const admin = isAdmin(actor.roles);
  let organizationId = requested;
  if (!admin) {
    if (actor.organizationId === null || (requested !== undefined && requested !== actor.organizationId))
      throw forbidden();
    organizationId = actor.organizationId;
  }
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const since = new Date(today.getTime() - (salesDays - 1) * 86_400_000);
  const sold: SQL | undefined = and(
    gte(orders.createdAt, since),
    notInArray(orders.status, notSold),
    organizationId === undefined ? undefined : eq(orders.organizationId, organizationId),
  );

  const day = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const perDay = await db
    .select({ date: day, revenue: sum(orders.total).mapWith(Number), orders: count() })
    .from(orders)
    .where(sold)
    .groupBy(day);
  const days = Array.from({ length: salesDays }, (_, index) => {
    const date = dayKey(new Date(since.getTime() + index * 86_400_000));
    const found = perDay.find((row) => row.date === date);
    return { date, revenue: found?.revenue ?? 0, orders: found?.orders ?? 0 };
  });

  const units = sum(orderItems.quantity).mapWith(Number);
  const top = await db
    .select({
      productId: merchandise.id,
      title: merchandise.title,
      thumbnailKey: merchandise.thumbnailKey,
      unitsSold: units,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(merchandise, eq(merchandise.id, orderItems.productId))
    .where(and(sold, isNotNull(orderItems.productId)))
    .groupBy(merchandise.id)
    .orderBy(desc(units), merchandise.id)
    .limit(5);
  const topProducts = top.map(({ thumbnailKey, ...product }) => ({
    ...product,
    thumbnailUrl: thumbnailKey ? mediaUrl(thumbnailKey) : null,
  }));

  if (!admin) return { days, topProducts, operations: null };
  const productStates = await db
    .select({ status: merchandise.status, n: count() })
    .from(merchandise)
    .where(
      and(
        inArray(merchandise.status, ['processing', 'failed']),
        organizationId === undefined ? undefined : eq(merchandise.organizationId, organizationId),
      ),
    )
    .groupBy(merchandise.status);
  // Jobs belong to no organization: the queue is the whole installation's.
  const jobStates = await db
    .select({ status: jobs.status, n: count() })
    .from(jobs)
    .where(inArray(jobs.status, ['queued', 'failed']))
    .groupBy(jobs.status);
  const countOf = (rows: { status: string; n: number }[], status: string) =>
    rows.find((row) => row.status === status)?.n ?? 0;
  return {
    days,
    topProducts,
    operations: {
      productsProcessing: countOf(productStates, 'processing'),
      productsFailed: countOf(productStates, 'failed'),
      jobsWaiting: countOf(jobStates, 'queued'),
      jobsFailed: countOf(jobStates, 'failed'),
    },
  };
}
