/**
 * Live changes (`GET /api/changes`) at scale, on two real server processes on one PostgreSQL:
 * - p99 from a write to its event at 200 open streams split over both servers (target 250 ms);
 * - RSS growth of one server holding 1,000 idle streams (target under 50 MiB).
 * Run: `npx tsx bench/changes/streams.ts`, on a throwaway PostgreSQL it starts (Debian's
 * binaries required) or, with `DATABASE_URL` set, on that database (an empty one it may fill:
 * the servers migrate it and create their Admin, the bench adds settings and sessions).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { hashToken } from '../../server/auth/tokens';
import { startPostgres } from '../../tests/server/global-setup-postgres';
import { readServerSentEvents } from '../../tests/server/modules/changes/sse';
import { admin, Client, type ServerProcess, startServer } from '../../tests/scale-out/servers';

const targets = { p99Ms: 250, idleRssMiB: 50 };
const writes = 40;
const perSession = 4;

const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function until(check: () => boolean, what: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Sessions made in the database, each of an Admin of its own (a copy of the seeded one): sign-ins
 * are rate limited, rightly, and a user may hold only a few streams on a server.
 */
async function sessionCookies(sql: pg.Client, count: number) {
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = `bench-${randomBytes(6).toString('hex')}@scale-out.example`;
    const { rows } = await sql.query<{ id: number }>(
      `insert into users (email, normalized_email, username, roles, password_hash, security_stamp, email_confirmed)
       select $1, $1, $1, roles, password_hash, md5(random()::text), true from users where normalized_email = $2
       returning id`,
      [email, admin.email],
    );
    const token = randomBytes(32).toString('base64url');
    await sql.query(
      `insert into sessions (id, user_id, stage, expires_at) values ($1, $2, 'full', now() + interval '1 day')`,
      [hashToken(token), rows[0].id],
    );
    cookies.push(`sp_session=${token}`);
  }
  return cookies;
}

async function openStreams(server: ServerProcess, cookies: string[], count: number) {
  const streams: ReturnType<typeof readServerSentEvents>[] = [];
  const arrivals: Map<number, number>[] = [];
  for (let i = 0; i < count; i++) {
    const response = await fetch(`${server.url}/api/changes`, {
      headers: { cookie: cookies[Math.floor(i / perSession)] },
    });
    if (response.status !== 200) throw new Error(`stream ${i}: ${response.status}`);
    const read = readServerSentEvents(response);
    const seen = new Map<number, number>();
    const push = read.events.push.bind(read.events);
    // Timed as each event is parsed, not when the bench next looks.
    read.events.push = (...events) => {
      for (const event of events) {
        const data = event.data as { id?: number } | undefined;
        if (event.event === 'change' && data?.id) seen.set(data.id, performance.now());
      }
      return push(...events);
    };
    streams.push(read);
    arrivals.push(seen);
  }
  return { streams, arrivals };
}

/** The operator's database when given (left running), else a throwaway server of the bench's own. */
const database = async () =>
  process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, stop() {} } : startPostgres();

async function main() {
  const postgres = await database();
  // Keys of their own, so the bench runs again on a database it has already written to.
  const run = Date.now().toString(36);
  const servers: ServerProcess[] = [];
  const sql = new pg.Client({ connectionString: postgres.url });
  try {
    // Server B holds 1,100 streams below: its stream cap is half its connection limit.
    // Every bench client shares the loopback address, which the per-address bound would stop first.
    const env = { HTTP_MAX_CONNECTIONS: '2400', HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0' };
    servers.push(await startServer(postgres.url, env));
    servers.push(await startServer(postgres.url, env));
    const [a, b] = servers;
    await sql.connect();
    const writer = new Client();
    await writer.signIn(a);

    // 200 streams, 100 on each server; writes alternate between the servers.
    const cookies = await sessionCookies(sql, 50);
    const onA = await openStreams(a, cookies.slice(0, 25), 100);
    const onB = await openStreams(b, cookies.slice(25), 100);
    const arrivals = [...onA.arrivals, ...onB.arrivals];
    const latencies: number[] = [];
    // The first writes on each server compile the code paths: untimed.
    for (let i = -2; i < writes; i++) {
      const started = performance.now();
      const response = await writer.call(i % 2 ? b : a, 'POST', '/api/settings', {
        key: `bench-live-${run}-${i + 2}`,
        value: 'x',
        isEnabled: true,
      });
      if (response.status !== 200) throw new Error(`write ${i}: ${response.status}`);
      const id = response.body.result.id as number;
      await until(() => arrivals.every((seen) => seen.has(id)), `write ${i} on every stream`);
      if (i >= 0) for (const seen of arrivals) latencies.push(seen.get(id)! - started);
    }
    latencies.sort((x, y) => x - y);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
    console.log(`load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);
    console.log(
      `write to event, 200 streams over 2 servers, ${writes} writes (${latencies.length} deliveries): p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms; target p99 ${targets.p99Ms} ms: ${at(0.99) <= targets.p99Ms ? 'met' : 'missed'}`,
    );

    // 1,000 idle streams on server B, beside the 100 it holds.
    const before = rssMiB(b.child.pid!);
    const idle = await openStreams(b, await sessionCookies(sql, 250), 1000);
    await until(() => idle.streams.every((read) => read.state.text === ''), 'the idle streams to open');
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const after = rssMiB(b.child.pid!);
    console.log(
      `1,000 idle streams on one server: RSS ${before.toFixed(1)} MiB before, ${after.toFixed(1)} MiB after, +${(after - before).toFixed(1)} MiB; target under ${targets.idleRssMiB} MiB: ${after - before < targets.idleRssMiB ? 'met' : 'missed'}`,
    );
  } finally {
    await sql.end().catch(() => {});
    await Promise.all(servers.map((server) => server.stop()));
    postgres.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
