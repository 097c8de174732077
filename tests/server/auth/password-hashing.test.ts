import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { passwordBusyRetryAfterSeconds, serverBusyMessage } from '../../../server/auth/passwords';
import { users } from '../../../server/db/schema';
import { createUser, signIn, strongPassword, testApp } from '../helpers';

/**
 * argon2's `verify` held at a gate the test opens, and counted while it runs: the flood stays
 * in flight as long as the test needs, and the count shows what the bound let through, with no
 * timing involved.
 */
const gate = vi.hoisted(() => {
  const state = { closed: false, inFlight: 0, peak: 0, open: () => {}, opened: Promise.resolve() };
  return {
    state,
    close() {
      state.closed = true;
      state.opened = new Promise<void>((resolve) => (state.open = resolve));
    },
    open() {
      state.closed = false;
      state.open();
    },
  };
});

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: vi.fn(async (...args: Parameters<typeof real.verify>) => {
      gate.state.inFlight++;
      gate.state.peak = Math.max(gate.state.peak, gate.state.inFlight);
      try {
        if (gate.state.closed) await gate.state.opened;
        return await real.verify(...args);
      } finally {
        gate.state.inFlight--;
      }
    }),
  };
});

const bound = { concurrency: 2, queue: 3 };
const flood = 12;

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
beforeEach(async () => {
  ctx = await testApp({ passwordHashing: bound });
  gate.state.peak = 0;
});
afterEach(async () => {
  gate.open();
  vi.mocked(verify).mockClear();
  await ctx.app.close();
});

const wrongSignIn = (email: string, address: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/account/login',
    remoteAddress: address,
    payload: { email, password: 'Wrong-Passw0rd!' },
  });

/**
 * Wrong-password sign-ins for unknown addresses (each a check against the dummy hash) from
 * several clients at once, while the gate holds every check: those the bound admits wait at
 * the gate, the rest are answered at once.
 */
function startFlood() {
  gate.close();
  const answered: LightMyRequestResponse[] = [];
  const all = Array.from({ length: flood }, (_, i) =>
    wrongSignIn(`nobody${i}@example.com`, `2001:db8:${i % 4}::${i + 1}`).then((response) => {
      answered.push(response);
      return response;
    }),
  );
  return { answered, all: Promise.all(all) };
}

const admitted = bound.concurrency + bound.queue;

describe('the process-wide bound on password hashing', () => {
  it('refuses a sign-in flood past its queue at once with 503 and Retry-After, while signed-in users and /readyz are served', async () => {
    await createUser(ctx.db, { email: 'director@example.com' });
    const cookie = await signIn(ctx.app, 'director@example.com');

    const { answered, all } = startFlood();
    await expect.poll(() => answered.length).toBe(flood - admitted);
    for (const refused of answered) {
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe(String(passwordBusyRetryAfterSeconds));
      expect(refused.json()).toEqual({ result: null, message: serverBusyMessage });
    }
    expect(gate.state.inFlight).toBe(bound.concurrency);

    const me = await ctx.app.inject({ url: '/api/account/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().result.email).toBe('director@example.com');
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);

    gate.open();
    const answers = await all;
    const checked = answers.filter((response) => response.statusCode === 200);
    expect(checked).toHaveLength(admitted);
    for (const response of checked) expect(response.json().result.status).toBe('Failed');
    expect(gate.state.peak).toBe(bound.concurrency);
    expect(vi.mocked(verify)).toHaveBeenCalledTimes(1 + admitted);

    // The flood over, sign-in works again.
    expect(await signIn(ctx.app, 'director@example.com')).toMatch(/^sp_session=/);
  });

  it("does not spend an account's failed sign-ins on a check it refused", async () => {
    const user = await createUser(ctx.db, { email: 'coach@example.com' });
    const { answered, all } = startFlood();
    await expect.poll(() => answered.length).toBe(flood - admitted);

    const refused = await wrongSignIn('coach@example.com', '203.0.113.9');
    expect(refused.statusCode).toBe(503);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row.failedLoginCount).toBe(0);
    gate.open();
    await all;
  });

  it('refuses a registration while the bound is full, and stores no account', async () => {
    const { answered, all } = startFlood();
    await expect.poll(() => answered.length).toBe(flood - admitted);

    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: {
        email: 'self@example.com',
        firstName: 'Sam',
        lastName: 'Self',
        password: strongPassword,
        confirmPassword: strongPassword,
      },
    });
    expect(registered.statusCode).toBe(503);
    expect(registered.headers['retry-after']).toBe(String(passwordBusyRetryAfterSeconds));
    gate.open();
    await all;
    await ctx.app.mailer.flush();
    expect(await ctx.db.select().from(users).where(eq(users.email, 'self@example.com'))).toEqual([]);
  });
});
