import { expect } from 'vitest';
import { resourceDefinitions } from '../../contract/definitions';
import { baseUrl, demo } from './browser';
import { walkEveryRole } from './every-role-walk';

/** Every registered resource walked as every role its `access` names (see every-role-walk.ts). */
walkEveryRole({
  definitions: resourceDefinitions,
  url: baseUrl,
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
