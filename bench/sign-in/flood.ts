/**
 * A sign-in flood against signed-in users (issue 44): a server process behind one proxy
 * (`TRUST_PROXY=1`), 600 wrong-password sign-ins for unknown e-mails sent at once, 50 from each
 * of 12 IPv6 /64s (inside the per-/64 and per-account limits, so every one reaches the password
 * check). While they are answered, a signed-in user's `GET /api/account/me` and `/readyz` are
 * timed one after the other on connections of their own; their p95 is the figure (target: under
 * 1 s). On PGlite (the embedded default) and on a throwaway PostgreSQL (or `DATABASE_URL`).
 * Run: `npx tsx bench/sign-in/flood.ts`; `BENCH_FLOOD_DRIVERS=pglite` or `=pg` runs one.
 */
import { request } from 'node:http';
import os from 'node:os';
import { startPostgres } from '../../tests/server/global-setup-postgres';
import { Client, startServer, type ServerProcess } from '../../tests/scale-out/servers';

const target = { ms: 1_000 };
const prefixes = 12;
const perPrefix = 50;

interface Answer {
  status: number;
  ms: number;
  retryAfter?: string;
}

/** On a connection of its own, as another browser: none of the flood's sockets. */
function timed(
  server: ServerProcess,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
) {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const started = performance.now();
  return new Promise<Answer>((resolve) => {
    const sent = request(
      `${server.url}${path}`,
      {
        method,
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json', origin: server.url } : {}),
          ...options.headers,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode!,
            ms: performance.now() - started,
            retryAfter: response.headers['retry-after'],
          }),
        );
      },
    );
    sent.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    sent.end(payload);
  });
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

function summary(name: string, values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return `${name} p50 ${ms(percentile(sorted, 0.5))}, p95 ${ms(percentile(sorted, 0.95))}, max ${ms(sorted.at(-1)!)} (${values.length} requests)`;
}

const counts = (answers: Answer[]) => {
  const by = new Map<string, number>();
  for (const answer of answers) {
    const key = answer.retryAfter
      ? `${answer.status} (Retry-After ${answer.retryAfter})`
      : String(answer.status || 'no answer');
    by.set(key, (by.get(key) ?? 0) + 1);
  }
  return [...by].map(([status, count]) => `${count} × ${status}`).join(', ');
};

async function flood(server: ServerProcess) {
  const client = new Client();
  const signedIn = await client.signIn(server);
  if (signedIn.status !== 200) throw new Error(`sign-in: ${signedIn.status}`);
  const me = await timed(server, 'GET', '/api/account/me', { headers: { cookie: client.cookie } });
  if (me.status !== 200) throw new Error(`/me: ${me.status}`);

  let done = false;
  const started = performance.now();
  const attempts = Promise.all(
    Array.from({ length: prefixes * perPrefix }, (_, i) =>
      timed(server, 'POST', '/api/account/login', {
        body: { email: `nobody${i}@flood.example`, password: 'Wrong-Passw0rd!' },
        headers: { 'x-forwarded-for': `2001:db8:${(i % prefixes).toString(16)}::${(i + 1).toString(16)}` },
      }),
    ),
  ).finally(() => (done = true));
  const figures = { me: [] as number[], readyz: [] as number[], failed: 0 };
  while (!done) {
    const mine = await timed(server, 'GET', '/api/account/me', { headers: { cookie: client.cookie } });
    const ready = await timed(server, 'GET', '/readyz');
    if (mine.status !== 200 || ready.status !== 200) figures.failed++;
    figures.me.push(mine.ms);
    figures.readyz.push(ready.ms);
  }
  const answers = await attempts;
  const seconds = (performance.now() - started) / 1000;
  const p95 = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      0.95,
    );
  const met = figures.failed === 0 && Math.max(p95(figures.me), p95(figures.readyz)) < target.ms;
  return [
    `flood of ${answers.length} (${perPrefix} from each of ${prefixes} /64s) answered in ${seconds.toFixed(1)} s: ${counts(answers)}`,
    `during it: ${summary('signed-in /me', figures.me)}; ${summary('/readyz', figures.readyz)}; ${figures.failed} rounds failed; p95 under ${target.ms} ms: ${met ? 'met' : 'missed'}`,
  ];
}

async function main() {
  const drivers = (process.env.BENCH_FLOOD_DRIVERS ?? 'pglite,pg').split(',');
  console.log(`load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);
  for (const driver of drivers) {
    const postgres = driver === 'pg' && !process.env.DATABASE_URL ? await startPostgres() : undefined;
    const databaseUrl = driver === 'pg' ? (process.env.DATABASE_URL ?? postgres!.url) : '';
    const server = await startServer(databaseUrl, { TRUST_PROXY: '1' });
    try {
      console.log(`${driver === 'pg' ? 'PostgreSQL' : 'PGlite'}:`);
      for (const line of await flood(server)) console.log(`  ${line}`);
    } finally {
      await server.stop();
      postgres?.stop();
    }
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
