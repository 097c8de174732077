import { verify } from '@node-rs/argon2';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../server/auth/passwords';
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
 *   one check exactly like a known one, against a hash made with the same parameters, so
 *   the same cost; no stopwatch, whose ratio flaked on a busy machine.
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
  const attempt = (email: string) => post('/api/account/login', { email, password: 'Wr0ng-Passw0rd!' });
  /** The argon2 parameters a hash was made with (`$argon2id$v=19$m=19456,t=2,p=1$...`): its cost. */
  const costOf = (hash: string) => hash.split('$').slice(1, 4).join('$');

  it('checks a password hash for an unknown address as for a known one', async () => {
    for (const email of addresses) {
      vi.mocked(verify).mockClear();
      const answer = await attempt(email);
      expect(answer.statusCode, email).toBe(200);
      expect(answer.json().result.status, email).toBe('Failed');
      expect(vi.mocked(verify), email).toHaveBeenCalledTimes(1);
    }
  });

  it('checks it against a hash of the same cost, and answers with the same body', async () => {
    const bodies = new Set<string>();
    const costs = new Set<string>();
    for (const email of addresses) {
      vi.mocked(verify).mockClear();
      bodies.add((await attempt(email)).body);
      costs.add(costOf(String(vi.mocked(verify).mock.calls[0][0])));
    }
    expect(bodies.size).toBe(1);
    expect([...costs]).toEqual([costOf(await hashPassword('any'))]);
  });
});
