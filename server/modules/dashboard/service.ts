import { count } from 'drizzle-orm';
import type { DashboardElement } from '../../../contract/dashboard';
import { maxDashboardCards } from '../../../contract/dashboard';
import { isAdmin } from '../../../contract/roles';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { fullNameOf } from '../account/service';

/** The cards of the signed-in user's dashboard, in the spec's fixed order; User Count is Admin only. */
export async function dashboardFor(db: Db, user: SessionUser): Promise<DashboardElement[]> {
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
    const [row] = await db.select({ n: count() }).from(users);
    elements.push({ dashboardDataType: 'UserCount', numberOfUsers: row.n });
  }
  return elements.slice(0, maxDashboardCards);
}
