import { expect } from 'vitest';
import { access } from '../../contract/access';
import { definitionOf, resourceDefinitions } from '../../contract/definitions';
import { roles } from '../../contract/roles';
import { baseUrl, demo } from './browser';
import { walkEveryRole } from './every-role-walk';

const signedIn = [roles.admin, roles.athleticDirector, roles.reviewer];

/**
 * Every registered resource walked as every role its `access` names (see every-role-walk.ts), and
 * the screens that are no resource's: the admin pages as `access` lists them, the notifications
 * and the account pages, which every signed-in role opens.
 */
walkEveryRole({
  definitions: resourceDefinitions,
  url: baseUrl,
  roles: signedIn,
  pages: [
    ...Object.entries(access)
      .filter(([area]) => !definitionOf(area))
      .map(([area, allowed]) => ({ path: `/admin/${area}`, roles: allowed })),
    ...['/admin/notifications', '/account/change-password', '/account/two-factor-authentication'].map(
      (path) => ({ path, roles: signedIn }),
    ),
  ],
  // Rows no definition makes: a promo code's audit entry, and a reset e-mail's outbox row and its
  // delivery job (taken already when another file made the promo code first).
  prepare: async (context) => {
    const promo = await context.request.post(`${baseUrl()}/api/promo-codes`, {
      data: { code: 'WALK1', name: 'Walk', organization: 'Lincoln High', state: 'OH', isActive: true },
    });
    expect([200, 400], await promo.text()).toContain(promo.status());
    const reset = await context.request.post(`${baseUrl()}/api/account/forgotpassword`, {
      data: { email: demo.directorEmail },
    });
    expect(reset.status(), await reset.text()).toBe(200);
  },
});
