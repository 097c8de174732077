import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { passwordHashingLoad } from '../auth/passwords';
import { emailOutbox, jobs } from '../db/schema';
import { mailStatuses } from '../../contract/definitions/mail';

/** Upper bounds (seconds) of the latency histogram: API answers take milliseconds, uploads seconds. */
const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Series {
  count: number;
  sum: number;
  buckets: number[];
}

const escape = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

function sameToken(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * `GET /metrics` in Prometheus's text format: requests by route (the route's pattern, never the
 * raw URL, so the series stay few), their latency, the job queue and the mail outbox by status
 * (read from the database: every process reports the same totals) and the connection pool.
 * Served only with METRICS_TOKEN set, to requests bearing it: queue sizes and routes are
 * nobody else's business.
 */
export function registerMetrics(app: FastifyInstance) {
  const token = app.config.metricsToken;
  const requests = new Map<string, number>();
  const latencies = new Map<string, Series>();

  // The label text of each method and route, built once rather than escaped on every response.
  const labels = new Map<string, string>();
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const labelKey = `${request.method} ${route}`;
    let base = labels.get(labelKey);
    if (base === undefined) {
      base = `method="${escape(request.method)}",route="${escape(route)}"`;
      labels.set(labelKey, base);
    }
    const key = `${base},status="${reply.statusCode}"`;
    requests.set(key, (requests.get(key) ?? 0) + 1);
    const seconds = reply.elapsedTime / 1000;
    const series = latencies.get(base) ?? { count: 0, sum: 0, buckets: buckets.map(() => 0) };
    series.count++;
    series.sum += seconds;
    buckets.forEach((bound, index) => {
      if (seconds <= bound) series.buckets[index]++;
    });
    latencies.set(base, series);
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (!token)
      return reply.status(404).send({ result: null, message: 'Metrics are off: set METRICS_TOKEN' });
    const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!sameToken(given, token)) {
      return reply
        .status(401)
        .header('WWW-Authenticate', 'Bearer')
        .send({ result: null, message: 'Metrics need the token' });
    }
    const lines: string[] = [];
    const family = (name: string, type: string, help: string) =>
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);

    family(
      'http_requests_total',
      'counter',
      'HTTP requests answered by this process, by route pattern and status.',
    );
    for (const [labels, value] of requests) lines.push(`http_requests_total{${labels}} ${value}`);
    family('http_request_duration_seconds', 'histogram', 'Time to answer, by route pattern.');
    for (const [labels, series] of latencies) {
      buckets.forEach((bound, index) =>
        lines.push(`http_request_duration_seconds_bucket{${labels},le="${bound}"} ${series.buckets[index]}`),
      );
      lines.push(`http_request_duration_seconds_bucket{${labels},le="+Inf"} ${series.count}`);
      lines.push(`http_request_duration_seconds_sum{${labels}} ${series.sum}`);
      lines.push(`http_request_duration_seconds_count{${labels}} ${series.count}`);
    }

    const [jobCounts, mailCounts] = await Promise.all([
      app.db
        .select({ status: jobs.status, n: sql<number>`count(*)::int` })
        .from(jobs)
        .groupBy(jobs.status),
      app.db
        .select({ status: emailOutbox.status, n: sql<number>`count(*)::int` })
        .from(emailOutbox)
        .groupBy(emailOutbox.status),
    ]);
    family(
      'spirit_jobs',
      'gauge',
      'Background jobs in the queue by status (failed: gave up after their last attempt).',
    );
    for (const status of ['queued', 'running', 'done', 'failed']) {
      lines.push(`spirit_jobs{status="${status}"} ${jobCounts.find((row) => row.status === status)?.n ?? 0}`);
    }
    family(
      'spirit_mail_outbox',
      'gauge',
      'E-mails by delivery status (failed: gave up after their last attempt).',
    );
    for (const status of mailStatuses) {
      lines.push(
        `spirit_mail_outbox{status="${status}"} ${mailCounts.find((row) => row.status === status)?.n ?? 0}`,
      );
    }

    const client = (app.db as unknown as { $client: unknown }).$client;
    if (client instanceof pg.Pool) {
      family('spirit_db_pool_connections', 'gauge', 'PostgreSQL connections of this process by state.');
      lines.push(`spirit_db_pool_connections{state="total"} ${client.totalCount}`);
      lines.push(`spirit_db_pool_connections{state="idle"} ${client.idleCount}`);
      family('spirit_db_pool_waiting', 'gauge', 'Queries waiting for a free connection.');
      lines.push(`spirit_db_pool_waiting ${client.waitingCount}`);
    }

    const hashing = passwordHashingLoad();
    family('spirit_password_hashing', 'gauge', 'Password hashes and checks of this process by state.');
    lines.push(`spirit_password_hashing{state="running"} ${hashing.running}`);
    lines.push(`spirit_password_hashing{state="queued"} ${hashing.queued}`);
    family(
      'spirit_password_hashing_refused_total',
      'counter',
      'Password hashes and checks refused with 503 because the bound and its queue were full.',
    );
    lines.push(`spirit_password_hashing_refused_total ${hashing.refused}`);

    family('process_resident_memory_bytes', 'gauge', 'Resident memory of this process.');
    lines.push(`process_resident_memory_bytes ${process.memoryUsage.rss()}`);
    family('process_start_time_seconds', 'gauge', 'Start of this process since the Unix epoch.');
    lines.push(`process_start_time_seconds ${Math.round(Date.now() / 1000 - process.uptime())}`);

    return reply.type('text/plain; version=0.0.4; charset=utf-8').send(`${lines.join('\n')}\n`);
  });
}
