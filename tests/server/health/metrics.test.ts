import { afterEach, describe, expect, it } from 'vitest';
import { emailOutbox, jobs } from '../../../server/db/schema';
import { testApp } from '../helpers';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function appWithMetrics(metricsToken?: string) {
  const ctx = await testApp({ metricsToken });
  closers.push(() => ctx.app.close());
  return ctx;
}

/** The value of one sample line of a Prometheus text exposition. */
function sample(text: string, name: string, labels = '') {
  const line = text.split('\n').find((entry) => entry.startsWith(`${name}${labels} `));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe('GET /metrics', () => {
  it('is not served without METRICS_TOKEN', async () => {
    const { app } = await appWithMetrics();
    const response = await app.inject({ url: '/metrics' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).not.toContain('text/html');
  });

  it('asks for the token', async () => {
    const { app } = await appWithMetrics('scrape-secret');
    expect((await app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect(
      (await app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode,
    ).toBe(401);
  });

  it('counts requests by route and status, and reports jobs and mail by status', async () => {
    const { app, db } = await appWithMetrics('scrape-secret');
    await app.inject({ url: '/healthz' });
    await app.inject({ url: '/healthz' });
    await app.inject({ method: 'POST', url: '/api/account/login', payload: {} });
    await db.insert(jobs).values([
      { type: 'a', payload: {} },
      { type: 'b', payload: {}, status: 'failed' },
    ]);
    await db.insert(emailOutbox).values({ to: 'a@example.com', subject: 's', html: 'b', status: 'failed' });

    const response = await app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer scrape-secret' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
    const text = response.body;
    expect(sample(text, 'http_requests_total', '{method="GET",route="/healthz",status="200"}')).toBe(2);
    expect(
      sample(text, 'http_requests_total', '{method="POST",route="/api/account/login",status="400"}'),
    ).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', '{method="GET",route="/healthz"}')).toBe(2);
    expect(sample(text, 'spirit_jobs', '{status="queued"}')).toBe(1);
    expect(sample(text, 'spirit_jobs', '{status="failed"}')).toBe(1);
    expect(sample(text, 'spirit_mail_outbox', '{status="failed"}')).toBe(1);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});
