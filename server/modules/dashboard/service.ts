import { count, eq } from 'drizzle-orm';
import type { DashboardElement } from '../../../contract/dashboard';
import { maxDashboardCards } from '../../../contract/dashboard';
import { isAdmin } from '../../../contract/roles';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { tableCountsFor } from '../../http/table-counts';
import { fullNameOf } from '../account/service';

/**
 * The cards of the signed-in user's dashboard, in the spec's fixed order; User Count is Admin
 * only, and counts the accounts of the organization the header has chosen, or all of them.
 */
export async function dashboardFor(
  db: Db,
  user: SessionUser,
  organizationId?: number,
): Promise<DashboardElement[]> {
  const elements: DashboardElement[] = [
    {
      dashboardDataType: 'UserDetails',
      id: user.id,
      fullName: fullNameOf(user) || null,
      email: user.email || null,
    },
    { dashboardDataType: 'UserRoles', roles: user.roles },
  ];
  if (isAdmin(user.roles)) {
    // Counting 200,000 accounts on every dashboard load was most of its cost: the count is kept
    // until the users table changes, as the tables' counts are (docs/decisions.md).
    const countNow = async () =>
      (
        await db
          .select({ n: count() })
          .from(users)
          .where(organizationId === undefined ? undefined : eq(users.organizationId, organizationId))
      )[0].n;
    const counts = tableCountsFor(db);
    const numberOfUsers = counts
      ? await counts.count('users', `dashboard:users:${organizationId ?? 'all'}`, countNow)
      : await countNow();
    elements.push({ dashboardDataType: 'UserCount', numberOfUsers });
  }
  return elements.slice(0, maxDashboardCards);
}
