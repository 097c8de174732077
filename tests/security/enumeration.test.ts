import { performance } from 'node:perf_hooks';
import { verify } from '@node-rs/argon2';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emailOutbox, userTokens } from '../../server/db/schema';
import { type Ctx, closeUploadTestApp, uploadTestApp } from '../server/modules/design-logos/fixtures';
import { createUser } from '../server/helpers';
import { snapshot } from './support';

/**
 * Whether an e-mail address has an account must not show, neither in what the forgotten
 * password and sign-in routes answer nor in how long they take.
 *
 * Timing is tested by what the server does rather than by stopwatch alone, since a
 * stopwatch on a shared 2-core machine either flakes or tests nothing:
 * - forgotten password: the answer is given before the account is even looked up (the
 *   lookup and mail run in `mailer.background`), so it cannot depend on the account. The
 *   test holds the background work back and checks that both answers were complete and had
 *   touched nothing by then.
 * - sign-in: the expensive part is the argon2 check (tens of milliseconds, against about a
 *   millisecond for the rest). A spy on argon2's `verify` shows an unknown address costs
 *   one check exactly like a known one; a generous comparison of median durations then
 *   confirms that nothing else makes one path several times slower than the other.
 */
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});

let ctx: Ctx;
beforeEach(async () => {
  ctx = await uploadTestApp({ publicUrl: 'https://portal.example' });
  await createUser(ctx.db, { email: 'known@example.com' });
  await createUser(ctx.db, { email: 'locked@example.com', isLocked: true });
  await createUser(ctx.db, { email: 'unconfirmed@example.com', emailConfirmed: false });
  vi.mocked(verify).mockClear();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await closeUploadTestApp(ctx);
});

const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, payload });

const addresses = [
  'known@example.com',
  'nobody@example.com',
  'locked@example.com',
  'unconfirmed@example.com',
];

describe('user enumeration by the forgotten-password answer', () => {
  it('answers every address with the same status, headers and body', async () => {
    const answers = [];
    for (const email of addresses) {
      const response = await post('/api/account/forgotpassword', { email });
      answers.push({
        status: response.statusCode,
        body: response.body,
        type: response.headers['content-type'],
        cookies: response.cookies,
      });
    }
    expect(answers[0]).toEqual({
      status: 200,
      body: '{"result":true}',
      type: expect.any(String),
      cookies: [],
    });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  it('gives its answer before looking the address up, so its timing cannot tell either', async () => {
    const held: (() => Promise<unknown>)[] = [];
    vi.spyOn(ctx.app.mailer, 'background').mockImplementation((task) => {
      held.push(task);
    });
    const before = await snapshot(ctx);
    for (const email of addresses) {
      expect((await post('/api/account/forgotpassword', { email })).json()).toEqual({ result: true });
    }
    // Each answer was complete with the same, account-independent work done, and no trace.
    expect(held).toHaveLength(addresses.length);
    expect(await snapshot(ctx)).toEqual(before);

    for (const task of held) await task();
    await ctx.app.mailer.flush();
    const mails = await ctx.db.select().from(emailOutbox);
    expect(mails.map((mail) => mail.to).sort()).toEqual(['known@example.com', 'unconfirmed@example.com']);
    expect(await ctx.db.select().from(userTokens)).toHaveLength(2);
  });
});

describe('user enumeration by sign-in timing', () => {
  const attempt = async (email: string) => {
    const start = performance.now();
    const response = await post('/api/account/login', { email, password: 'Wr0ng-Passw0rd!' });
    const ms = performance.now() - start;
    return { ms, body: response.body, status: response.statusCode };
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

  it('checks a password hash for an unknown address as for a known one', async () => {
    for (const email of addresses) {
      vi.mocked(verify).mockClear();
      const answer = await attempt(email);
      expect(answer.status, email).toBe(200);
      expect(JSON.parse(answer.body).result.status, email).toBe('Failed');
      expect(vi.mocked(verify), email).toHaveBeenCalledTimes(1);
    }
  });

  it('answers a known and an unknown address in comparable time, with the same body', async () => {
    // Warm-up: the unknown path hashes its stand-in password once per process.
    await attempt('known@example.com');
    await attempt('nobody@example.com');
    const known: number[] = [];
    const unknown: number[] = [];
    const bodies = new Set<string>();
    // Interleaved, so a burst of load from other processes slows both sides alike. Seven
    // each stays under the per-account limit of ten failed sign-ins.
    for (let i = 0; i < 7; i++) {
      const a = await attempt('known@example.com');
      const b = await attempt('nobody@example.com');
      known.push(a.ms);
      unknown.push(b.ms);
      bodies.add(a.body).add(b.body);
    }
    expect(bodies.size).toBe(1);
    // Without the stand-in check an unknown address answers over ten times faster; a factor
    // of three either way leaves room for a noisy machine and still catches that.
    const ratio = median(unknown) / median(known);
    expect(ratio, `median unknown ${median(unknown)} ms, known ${median(known)} ms`).toBeGreaterThan(1 / 3);
    expect(ratio, `median unknown ${median(unknown)} ms, known ${median(known)} ms`).toBeLessThan(3);
  });
});
