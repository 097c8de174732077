import { and, count, desc, eq, gt, gte, inArray, lt, sql, sum } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Sales, type SalesPeriod, schoolYearStartMonth } from '../../../contract/dashboard';
import { isAdmin } from '../../../contract/roles';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { jobs, merchandise, platformSalesDays, productDays, productMonths, salesDays } from '../../db/schema';
import { forbidden } from '../../errors';
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

/** Whole UTC days from `from`, before `to` (day keys). */
export interface DaySpan {
  from: string;
  to: string;
}

/**
 * How a period's units are summed from the kept rows: its whole calendar months from
 * `product_months`, plus or minus days from `product_days` at its edges. A month the period
 * covers mostly is read whole, less the days outside the period; a month it touches little, day
 * by day. Days after today have no sales yet, so they cost nothing to take back: a period that
 * ends today reads its last month whole.
 */
export interface UnitBuckets {
  months: DaySpan[];
  addDays: DaySpan[];
  takeDays: DaySpan[];
}

function unitBuckets(since: Date, until: Date, now: Date): UnitBuckets {
  const tomorrow = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  const daysToRead = (from: number, to: number) => Math.max(0, Math.min(to, tomorrow) - from) / dayMs;
  const buckets: UnitBuckets = { months: [], addDays: [], takeDays: [] };
  const add = (spans: DaySpan[], from: number, to: number) => {
    if (from >= to) return;
    const span = { from: dayKey(new Date(from)), to: dayKey(new Date(to)) };
    const last = spans.at(-1);
    if (last?.to === span.from) last.to = span.to;
    else spans.push(span);
  };
  const start = since.getTime();
  const end = until.getTime();
  for (
    let month = Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), 1);
    month < end;
    month = Date.UTC(new Date(month).getUTCFullYear(), new Date(month).getUTCMonth() + 1, 1)
  ) {
    const monthEnd = Date.UTC(new Date(month).getUTCFullYear(), new Date(month).getUTCMonth() + 1, 1);
    const from = Math.max(start, month);
    const to = Math.min(end, monthEnd);
    if (daysToRead(month, from) + daysToRead(to, monthEnd) < daysToRead(from, to)) {
      add(buckets.months, month, monthEnd);
      add(buckets.takeDays, month, from);
      add(buckets.takeDays, to, monthEnd);
    } else add(buckets.addDays, from, to);
  }
  return buckets;
}

/**
 * The statements of a period's sales (whole UTC days from `since`, before `until`) and of the
 * period as long just before it, for one organization or all; built apart so that tests can read
 * their plans: all of them read kept rows, not the orders, and only as many as the period has
 * days (sales) or products times months and edge days (units), whatever the number of orders or
 * of schools. Money that did not stay with the school (cancelled or refunded orders) is no sale:
 * the triggers that keep these rows (migrations 0027 and 0028) leave those orders out.
 */
export function salesQueries(
  db: Db,
  organizationId: number | undefined,
  since: Date,
  until: Date,
  now = new Date(),
) {
  const previousSince = new Date(2 * since.getTime() - until.getTime());
  const salesOf = (from: Date, to: Date) => {
    const days = organizationId === undefined ? platformSalesDays : salesDays;
    return {
      days,
      where: and(
        gte(days.day, dayKey(from)),
        lt(days.day, dayKey(to)),
        organizationId === undefined ? undefined : eq(salesDays.organizationId, organizationId),
      ),
    };
  };
  /** Units per product over a period, of the given products or all. */
  const unitsOver = (from: Date, to: Date, productIds?: number[]) => {
    type Kept = { organizationId: AnyPgColumn; productId: AnyPgColumn; units: AnyPgColumn };
    const fields = (table: Kept, sign: 1 | -1) => ({
      productId: sql<number>`${table.productId}`.as('product_id'),
      units: (sign === 1 ? sql<number>`${table.units}` : sql<number>`-${table.units}`).as('units'),
    });
    const within = (table: Kept, date: AnyPgColumn, span: DaySpan) =>
      and(
        gte(date, span.from),
        lt(date, span.to),
        organizationId === undefined ? undefined : eq(table.organizationId, organizationId),
        productIds === undefined ? undefined : inArray(table.productId, productIds),
      );
    const days = (span: DaySpan, sign: 1 | -1) =>
      db
        .select(fields(productDays, sign))
        .from(productDays)
        .where(within(productDays, productDays.day, span));
    const buckets = unitBuckets(from, to, now);
    const parts = [
      ...buckets.months.map((span) =>
        db
          .select(fields(productMonths, 1))
          .from(productMonths)
          .where(within(productMonths, productMonths.month, span)),
      ),
      ...buckets.addDays.map((span) => days(span, 1)),
      ...buckets.takeDays.map((span) => days(span, -1)),
    ];
    return db
      .select({
        productId: sql<number>`kept.product_id`.as('product_id'),
        unitsSold: sql<number>`sum(kept.units)`.mapWith(Number).as('units_sold'),
      })
      .from(sql`(${sql.join(parts, sql` union all `)}) as kept`)
      .groupBy(sql`kept.product_id`);
  };
  const current = unitsOver(since, until).as('sold');
  const shown = salesOf(since, until);
  const before = salesOf(previousSince, since);
  return {
    perDay: db
      .select({
        date: sql<string>`to_char(${shown.days.day}, 'YYYY-MM-DD')`,
        revenue: sum(shown.days.revenue).mapWith(Number),
        orders: sum(shown.days.orders).mapWith(Number),
      })
      .from(shown.days)
      .where(shown.where)
      .groupBy(shown.days.day),
    topProducts: db
      .select({
        productId: merchandise.id,
        title: merchandise.title,
        thumbnailKey: merchandise.thumbnailKey,
        unitsSold: current.unitsSold,
      })
      .from(current)
      .innerJoin(merchandise, eq(merchandise.id, current.productId))
      // A product whose sales of the period were all refunded keeps its rows, at zero.
      .where(gt(current.unitsSold, 0))
      .orderBy(desc(current.unitsSold), merchandise.id)
      .limit(5),
    unitsBefore: (productIds: number[]) => unitsOver(previousSince, since, productIds),
    previousTotals: db
      .select({
        revenue: sum(before.days.revenue).mapWith(Number),
        orders: sum(before.days.orders).mapWith(Number),
      })
      .from(before.days)
      .where(before.where),
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
  const statements = salesQueries(db, organizationId, since, until, now);
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
