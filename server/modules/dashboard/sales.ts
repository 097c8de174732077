import { and, count, desc, eq, gte, inArray, lt, sql, sum, type SQL } from 'drizzle-orm';
import { type Sales, type SalesPeriod, schoolYearStartMonth } from '../../../contract/dashboard';
import { isAdmin } from '../../../contract/roles';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { jobs, merchandise, productDays, salesDays } from '../../db/schema';
import { forbidden } from '../../http/errors';
import { mediaUrl } from '../merchandise/media';

const dayMs = 86_400_000;
const dayKey = (date: Date) => date.toISOString().slice(0, 10);
const dayOf = (key: string) => new Date(`${key}T00:00:00Z`);

export interface SalesQuery {
  organizationId?: number;
  period?: SalesPeriod;
  from?: string;
  to?: string;
}

/**
 * The period's first day and its length in days (UTC): the last 7, 30 or 90 days with today,
 * the school year so far (from August 1), or the custom range as asked.
 */
export function salesRange(query: SalesQuery, now: Date) {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const period = query.period ?? '30';
  if (period === 'custom' && query.from && query.to) {
    const since = dayOf(query.from);
    return { since, days: Math.round((dayOf(query.to).getTime() - since.getTime()) / dayMs) + 1 };
  }
  if (period === 'school-year') {
    const year =
      today.getUTCMonth() >= schoolYearStartMonth ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
    const since = new Date(Date.UTC(year, schoolYearStartMonth, 1));
    return { since, days: Math.round((today.getTime() - since.getTime()) / dayMs) + 1 };
  }
  const days = Number(period);
  return { since: new Date(today.getTime() - (days - 1) * dayMs), days };
}

/**
 * The statements of a period's sales (whole UTC days from `since`, before `until`) and of the
 * period as long just before it, for one organization or all; built apart so that tests can read
 * their plans: all of them read the kept days (`sales_days`, `product_days`), not the orders.
 * Money that did not stay with the school (cancelled or refunded orders) is no sale: the
 * triggers that keep the days (migration 0027) leave those orders out.
 */
export function salesQueries(db: Db, organizationId: number | undefined, since: Date, until: Date) {
  const previousSince = new Date(2 * since.getTime() - until.getTime());
  const daysBetween = (table: typeof salesDays | typeof productDays, from: Date, to: Date): SQL | undefined =>
    and(
      gte(table.day, dayKey(from)),
      lt(table.day, dayKey(to)),
      organizationId === undefined ? undefined : eq(table.organizationId, organizationId),
    );
  const day = sql<string>`to_char(${salesDays.day}, 'YYYY-MM-DD')`;
  const units = sum(productDays.units).mapWith(Number);
  const totals = {
    revenue: sum(salesDays.revenue).mapWith(Number),
    orders: sum(salesDays.orders).mapWith(Number),
  };
  return {
    perDay: db
      .select({ date: day, ...totals })
      .from(salesDays)
      .where(daysBetween(salesDays, since, until))
      .groupBy(salesDays.day),
    topProducts: db
      .select({
        productId: merchandise.id,
        title: merchandise.title,
        thumbnailKey: merchandise.thumbnailKey,
        unitsSold: units,
      })
      .from(productDays)
      .innerJoin(merchandise, eq(merchandise.id, productDays.productId))
      .where(daysBetween(productDays, since, until))
      .groupBy(merchandise.id)
      // A product whose sales of the period were all refunded keeps its days, at zero.
      .having(sql`${units} > 0`)
      .orderBy(desc(units), merchandise.id)
      .limit(5),
    unitsBefore: (productIds: number[]) =>
      db
        .select({ productId: productDays.productId, unitsSold: units })
        .from(productDays)
        .where(
          and(daysBetween(productDays, previousSince, since), inArray(productDays.productId, productIds)),
        )
        .groupBy(productDays.productId),
    previousTotals: db
      .select(totals)
      .from(salesDays)
      .where(daysBetween(salesDays, previousSince, since)),
  };
}

/**
 * Revenue and orders per UTC day over the period, the five products sold most in it, the
 * totals of the period as long just before it, and for Admins what waits or failed in the
 * background. An AthleticDirector sees their own organization only; an Admin the one asked
 * for, or all.
 */
export async function salesFor(
  db: Db,
  actor: SessionUser,
  query: SalesQuery,
  now = new Date(),
): Promise<Sales> {
  const admin = isAdmin(actor.roles);
  const requested = query.organizationId;
  let organizationId = requested;
  if (!admin) {
    if (actor.organizationId === null || (requested !== undefined && requested !== actor.organizationId))
      throw forbidden();
    organizationId = actor.organizationId;
  }
  const { since, days: length } = salesRange(query, now);
  const until = new Date(since.getTime() + length * dayMs);
  const previousSince = new Date(since.getTime() - length * dayMs);
  const statements = salesQueries(db, organizationId, since, until);
  // Independent reads: on PostgreSQL they run side by side on the pool's connections.
  const [perDay, top, [previousTotals]] = await Promise.all([
    statements.perDay,
    statements.topProducts,
    statements.previousTotals,
  ]);
  const days = Array.from({ length }, (_, index) => {
    const date = dayKey(new Date(since.getTime() + index * dayMs));
    const found = perDay.find((row) => row.date === date);
    return { date, revenue: found?.revenue ?? 0, orders: found?.orders ?? 0 };
  });

  const before =
    top.length === 0 ? [] : await statements.unitsBefore(top.map((product) => product.productId));
  const topProducts = top.map(({ thumbnailKey, ...product }) => ({
    ...product,
    thumbnailUrl: thumbnailKey ? mediaUrl(thumbnailKey) : null,
    previousUnitsSold: before.find((row) => row.productId === product.productId)?.unitsSold ?? 0,
  }));
  const period = {
    from: dayKey(since),
    to: dayKey(new Date(until.getTime() - dayMs)),
    previous: {
      from: dayKey(previousSince),
      to: dayKey(new Date(since.getTime() - dayMs)),
      revenue: previousTotals?.revenue ?? 0,
      orders: previousTotals?.orders ?? 0,
    },
  };

  if (!admin) return { ...period, days, topProducts, operations: null };
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
    ...period,
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
