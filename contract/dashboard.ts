import { z } from 'zod';
import { idParamsSchema, resultOf } from './common';
import { maxDashboardCards } from './limits';

export const dashboardDataTypes = ['UserDetails', 'UserRoles', 'UserCount'] as const;
export type DashboardDataType = (typeof dashboardDataTypes)[number];

export { maxDashboardCards };

export const dashboardElementSchema = z.discriminatedUnion('dashboardDataType', [
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

/** `GET dashboard/sales`: the last 30 days of one organization (or, for an Admin, of all). */
export const salesDays = 30;
export const salesQuerySchema = z.object({ organizationId: idParamsSchema.shape.id.optional() });
export const salesSchema = z.object({
  /** One entry per UTC day, oldest first, zeros included; cancelled and refunded orders left out. */
  days: z.array(z.object({ date: z.string(), revenue: z.number(), orders: z.number().int() })),
  topProducts: z.array(
    z.object({
      productId: z.number().int(),
      title: z.string(),
      thumbnailUrl: z.string().nullable(),
      unitsSold: z.number().int(),
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
