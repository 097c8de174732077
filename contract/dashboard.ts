import { z } from 'zod';
import { idParamsSchema, resultOf } from './common';
import { maxDashboardCards } from './limits';

export { maxDashboardCards };

const dashboardElementSchema = z.discriminatedUnion('dashboardDataType', [
  z.object({
    dashboardDataType: z.literal('UserDetails'),
    id: z.number().int(),
    fullName: z.string().nullable(),
    email: z.string().nullable(),
  }),
  z.object({ dashboardDataType: z.literal('UserRoles'), roles: z.array(z.string()) }),
  z.object({ dashboardDataType: z.literal('UserCount'), numberOfUsers: z.number().int() }),
]);
export type DashboardElement = z.infer<typeof dashboardElementSchema>;

export const dashboardResponseSchema = resultOf(
  z.object({ dataElements: z.array(dashboardElementSchema).max(maxDashboardCards) }),
);
export type Dashboard = z.infer<typeof dashboardResponseSchema>['result'];

/**
 * `GET dashboard/sales`: one organization's sales (or, for an Admin, all) over a period, with
 * the period of the same length just before it. Periods are whole UTC days ending today; the
 * school year starts on August 1; a custom range names its first and last day.
 */
const salesPeriods = ['7', '30', '90', 'school-year', 'custom'] as const;
export type SalesPeriod = (typeof salesPeriods)[number];
/** A custom range, or a school year, covers at most this many days. */
const maxSalesDays = 366;
/** August, counted from 0: the month US school years start. */
export const schoolYearStartMonth = 7;

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const day = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .regex(dayPattern, `${label} must be a date (YYYY-MM-DD)`)
    .refine(
      (value) =>
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      `${label} must be a date (YYYY-MM-DD)`,
    );
const dayCount = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The organization the header has chosen, whose accounts User Count counts; none counts all. */
export const dashboardQuerySchema = z.object({ organizationId: idParamsSchema.shape.id.optional() });

export const salesQuerySchema = z
  .object({
    organizationId: idParamsSchema.shape.id.optional(),
    period: z.enum(salesPeriods, { error: `Period must be one of ${salesPeriods.join(', ')}` }).default('30'),
    from: day('From').optional(),
    to: day('To').optional(),
  })
  .superRefine((query, context) => {
    if (query.period !== 'custom') return;
    if (!query.from)
      context.addIssue({ code: 'custom', path: ['from'], message: 'From is required for a custom period' });
    if (!query.to)
      context.addIssue({ code: 'custom', path: ['to'], message: 'To is required for a custom period' });
    if (!query.from || !query.to) return;
    if (query.from > query.to)
      context.addIssue({ code: 'custom', path: ['to'], message: 'To must not be before From' });
    else if (dayCount(query.from, query.to) > maxSalesDays)
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `A period covers at most ${maxSalesDays} days`,
      });
  });

const salesTotalsSchema = z.object({
  /** First and last day (UTC, inclusive). */
  from: z.string(),
  to: z.string(),
  revenue: z.number(),
  orders: z.number().int(),
});

const salesSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** One entry per UTC day, oldest first, zeros included; cancelled and refunded orders left out. */
  days: z.array(z.object({ date: z.string(), revenue: z.number(), orders: z.number().int() })),
  /** The period of the same length just before, to compare with. */
  previous: salesTotalsSchema,
  topProducts: z.array(
    z.object({
      productId: z.number().int(),
      title: z.string(),
      thumbnailUrl: z.string().nullable(),
      unitsSold: z.number().int(),
      /** Units of the same product in the previous period. */
      previousUnitsSold: z.number().int(),
    }),
  ),
  /** Admins only: what is stuck or waiting in the background. */
  operations: z
    .object({
      productsProcessing: z.number().int(),
      productsFailed: z.number().int(),
      jobsWaiting: z.number().int(),
      jobsFailed: z.number().int(),
    })
    .nullable(),
});
export type Sales = z.infer<typeof salesSchema>;
export const salesResponseSchema = resultOf(salesSchema);
