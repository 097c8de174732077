import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeStreamLimits } from '../../../../contract/changes';
import { testConfig } from '../../../../server/config';
import { maxStreams } from '../../../../server/modules/changes/admission';
import { createUser, signIn, strongPassword, testApp } from '../../helpers';
import { readServerSentEvents } from './sse';

/** Small enough that one user's streams could fill it, as 2,000 did the default. */
const maxConnections = 40;

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
let port: number;
const open: AbortController[] = [];
beforeEach(async () => {
  ctx = await testApp({ http: { ...testConfig().http, maxConnections } });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterEach(async () => {
  for (const controller of open.splice(0)) controller.abort();
  await ctx.app.close();
});

/** Opens a stream; a refused one (status, or a connection the server would not take) is ended. */
async function stream(cookie: string) {
  const controller = new AbortController();
  open.push(controller);
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/changes`, {
      headers: { cookie },
      signal: controller.signal,
    });
    const read = response.ok ? readServerSentEvents(response) : { state: { ended: true } };
    if (!response.ok) await response.text();
    return { response, state: read.state };
  } catch {
    return { response: undefined, state: { ended: true } };
  }
}

/** A request on a connection of its own, as another user's browser makes: no socket of the test's pool. */
function separately(
  method: string,
  path: string,
  { body, cookie }: { body?: unknown; cookie?: string } = {},
) {
  const started = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<{ status: number; setCookie: string[]; ms: number }>((resolve, reject) => {
    const sent = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` } : {}),
          ...(cookie ? { cookie } : {}),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            setCookie: response.headers['set-cookie'] ?? [],
            ms: performance.now() - started,
          }),
        );
      },
    );
    sent.on('error', reject);
    sent.end(payload);
  });
}

const stillOpen = (streams: { state: { ended: boolean } }[]) =>
  streams.filter((opened) => !opened.state.ended).length;

describe('GET /api/changes: caps per user and per server', () => {
  it('one user streaming from many sessions cannot keep another user from signing in and reading their account, nor /readyz from answering', async () => {
    await createUser(ctx.db, { email: 'director@example.com', roles: ['AthleticDirector'] });
    await createUser(ctx.db, { email: 'admin@example.com', roles: ['Admin'] });
    const streams: Awaited<ReturnType<typeof stream>>[] = [];
    for (let session = 0; session < 15; session++) {
      const cookie = await signIn(ctx.app, 'director@example.com');
      for (let n = 0; n < 4; n++) streams.push(await stream(cookie));
    }
    expect(streams.length).toBeGreaterThan(maxConnections);

    const [signedIn, ready] = await Promise.all([
      separately('POST', '/api/account/login', {
        body: { email: 'admin@example.com', password: strongPassword },
      }),
      separately('GET', '/readyz'),
    ]);
    expect(signedIn.status).toBe(200);
    expect(signedIn.ms).toBeLessThan(1_000);
    expect(ready.status).toBe(200);
    expect(ready.ms).toBeLessThan(1_000);
    const session = signedIn.setCookie.find((cookie) => cookie.startsWith('sp_session='))!.split(';')[0];
    const me = await separately('GET', '/api/account/me', { cookie: session });
    expect(me.status).toBe(200);
    expect(me.ms).toBeLessThan(1_000);
    await expect.poll(() => stillOpen(streams)).toBe(changeStreamLimits.perUser);
  });

  it(`keeps at most ${changeStreamLimits.perUser} streams per user across their sessions, ending the oldest`, async () => {
    await createUser(ctx.db, { email: 'admin@example.com', roles: ['Admin'] });
    const streams: Awaited<ReturnType<typeof stream>>[] = [];
    for (let n = 0; n <= changeStreamLimits.perUser; n++) {
      streams.push(await stream(await signIn(ctx.app, 'admin@example.com')));
    }
    await expect
      .poll(() => streams.map((opened) => opened.state.ended))
      .toEqual([true, ...Array(changeStreamLimits.perUser).fill(false)]);
  });

  it('gives no stream to an account that may read no resource (125 such accounts filled the pool)', async () => {
    await createUser(ctx.db, { email: 'nobody@example.com', roles: [] });
    const refused = await stream(await signIn(ctx.app, 'nobody@example.com'));
    expect(refused.response?.status).toBe(403);
    await createUser(ctx.db, { email: 'director@example.com', roles: ['AthleticDirector'] });
    const admitted = await stream(await signIn(ctx.app, 'director@example.com'));
    expect(admitted.response?.status).toBe(200);
  });

  it('ends the streams of a session that a further sign-in ended (its user had too many)', async () => {
    await createUser(ctx.db, { email: 'admin@example.com', roles: ['Admin'] });
    const first = await stream(await signIn(ctx.app, 'admin@example.com'));
    for (let n = 0; n < testConfig().sessionsPerUser; n++) await signIn(ctx.app, 'admin@example.com');
    await expect
      .poll(() => first.state.ended, { timeout: 1_000 + changeStreamLimits.sessionCheckMs })
      .toBe(true);
  });

  it(`refuses a stream with 503 and Retry-After once the server holds ${maxStreams(maxConnections)}, yet lets a user at their own cap replace their oldest, and admits again once one has ended`, async () => {
    const full = maxStreams(maxConnections);
    const users = Math.ceil(full / changeStreamLimits.perUser);
    const cookies: string[] = [];
    for (let n = 0; n <= users; n++) {
      await createUser(ctx.db, { email: `admin${n}@example.com`, roles: ['Admin'] });
      cookies.push(await signIn(ctx.app, `admin${n}@example.com`));
    }
    const held: Awaited<ReturnType<typeof stream>>[] = [];
    for (let n = 0; n < full; n++) {
      const opened = await stream(cookies[Math.floor(n / changeStreamLimits.perUser)]);
      expect(opened.response?.status).toBe(200);
      held.push(opened);
    }

    const refused = await stream(cookies[users]);
    expect(refused.response?.status).toBe(503);
    expect(Number(refused.response?.headers.get('retry-after'))).toBeGreaterThan(0);
    const replaced = await stream(cookies[0]);
    expect(replaced.response?.status).toBe(200);
    await expect.poll(() => held[0].state.ended).toBe(true);

    await ctx.app.inject({
      method: 'POST',
      url: '/api/account/logout',
      headers: { cookie: cookies[users - 1] },
    });
    await expect.poll(() => held.at(-1)!.state.ended).toBe(true);
    expect((await stream(cookies[users])).response?.status).toBe(200);
  });
});
