import { afterEach, describe, expect, it } from 'vitest';
import { limits } from '../../server/auth/rate-limit';
import { loadConfig } from '../../server/config';
import { emailOutbox } from '../../server/db/schema';
import { createUser, testApp } from '../server/helpers';

/**
 * Behind nginx (`$proxy_add_x_forwarded_for`) X-Forwarded-For is whatever the client sent,
 * followed by the address each proxy was reached from. Only the proxies' part may be believed:
 * a client rotating a forged first address must still be counted as the one address it is.
 */
type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx | undefined;
afterEach(async () => {
  await ctx?.app.mailer.flush();
  await ctx?.app.close();
  ctx = undefined;
});

const client = '203.0.113.7';
/** `inject` connects from here: the proxy nearest the server. */
const nearestProxy = '127.0.0.1';

const setups = [
  { TRUST_PROXY: '1', via: [] as string[], peer: nearestProxy },
  { TRUST_PROXY: '2', via: ['10.0.0.2'], peer: nearestProxy },
  { TRUST_PROXY: '127.0.0.1,10.0.0.0/8', via: ['10.0.0.2'], peer: nearestProxy },
  // A client reaching the server directly is no proxy, whatever it writes.
  { TRUST_PROXY: '10.0.0.0/8', via: [] as string[], peer: client },
];

/** What the server receives for the `i`th request, whose first address the client made up. */
function forged(setup: (typeof setups)[number], i: number) {
  const claimed = `198.51.100.${i + 1}`;
  const forwardedFor = setup.peer === client ? claimed : [claimed, client, ...setup.via].join(', ');
  return { headers: { 'x-forwarded-for': forwardedFor }, remoteAddress: setup.peer };
}

describe.each(setups)('with TRUST_PROXY=$TRUST_PROXY, a forged first X-Forwarded-For address', (setup) => {
  const start = async () => {
    ctx = await testApp({ trustProxy: loadConfig({ TRUST_PROXY: setup.TRUST_PROXY }).trustProxy });
    return ctx;
  };

  it('does not buy more self-registrations (nor confirmation e-mails)', async () => {
    const { app, db } = await start();
    const statuses: number[] = [];
    for (let i = 0; i < limits.registerPerAddress.max + 2; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/account/register',
        ...forged(setup, i),
        payload: {
          email: `chosen${i}@victims.example`,
          firstName: 'Fake',
          lastName: 'Person',
          password: 'Str0ng-Passw0rd!',
          confirmPassword: 'Str0ng-Passw0rd!',
        },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, limits.registerPerAddress.max).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(limits.registerPerAddress.max)).toEqual([429, 429]);
    await app.mailer.flush();
    expect(await db.select().from(emailOutbox)).toHaveLength(limits.registerPerAddress.max);
  });

  it('does not buy more wrong sign-ins spread over several accounts', async () => {
    const { app, db } = await start();
    const accounts = 8;
    for (let a = 0; a < accounts; a++) await createUser(db, { email: `user${a}@example.com` });
    const statuses: number[] = [];
    for (let i = 0; i < limits.loginPerAddress.max + 1; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/account/login',
        ...forged(setup, i),
        payload: { email: `user${i % accounts}@example.com`, password: `Wrong-Passw0rd-${i}` },
      });
      statuses.push(response.statusCode);
    }
    // Fewer than the per-account limit on each account: only the address budget can refuse.
    expect(Math.ceil(statuses.length / accounts)).toBeLessThanOrEqual(limits.loginPerAccount.max);
    expect(statuses.slice(0, limits.loginPerAddress.max).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
