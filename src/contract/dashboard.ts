import { z } from 'zod';
import { resultOf } from './common';
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
