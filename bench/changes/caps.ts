/**
 * One user against the change-stream caps (issue 30): a server process on PostgreSQL, as
 * deployed, with the default connection limit. The user signs in 20 times and asks for 2,000
 * streams from those sessions, 50 at a time, as the athletic director of the issue did; while
 * they hold what the caps leave them, another user's sign-in and `/readyz` are timed (target:
 * every one within 1 s), against the same figures on the idle server.
 * Then the server-wide cap is filled by 130 more users (sessions made in SQL) and a further
 * stream is asked for: 503, and the same figures timed again.
 * Run: `npx tsx bench/changes/caps.ts` (PostgreSQL binaries required; `DATABASE_URL` set uses that database instead).
 */
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { changeStreamLimits } from '../../contract/changes';
import { hashToken } from '../../server/auth/tokens';
import { maxStreams } from '../../server/modules/changes/admission';
import { startPostgres } from '../../tests/server/global-setup-postgres';
import { admin, Client, startServer, type ServerProcess } from '../../tests/scale-out/servers';

const target = { ms: 1_000 };
const signIns = 20;
const streamRequests = 2_000;
const concurrency = 50;
const timedRounds = 20;
const maxConnections = 2_000;
const other = { email: 'other@scale-out.example' };

/** On a connection of its own, as another user's browser: none of the bench's kept-alive sockets. */
function timed(server: ServerProcess, method: string, path: string, body?: unknown) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise<{ status: number; ms: number }>((resolve) => {
    const sent = request(
      `${server.url}${path}`,
      {
        method,
        agent: false,
        headers: payload ? { 'content-type': 'application/json', origin: server.url } : {},
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode!, ms: performance.now() - started }));
      },
    );
    sent.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    sent.end(payload);
  });
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Sign-ins of the other user and `/readyz`, one after the other, `timedRounds` of each. */
async function latencies(server: ServerProcess, password: string) {
  const figures = { signIn: [] as number[], readyz: [] as number[], failed: 0 };
  for (let round = 0; round < timedRounds; round++) {
    const signIn = await timed(server, 'POST', '/api/account/login', { email: other.email, password });
    const ready = await timed(server, 'GET', '/readyz');
    if (signIn.status !== 200 || ready.status !== 200) figures.failed++;
    figures.signIn.push(signIn.ms);
    figures.readyz.push(ready.ms);
  }
  const line = (name: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${name} p50 ${percentile(sorted, 0.5).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`;
  };
  const worst = Math.max(...figures.signIn, ...figures.readyz);
  return `${line('sign-in', figures.signIn)}; ${line('/readyz', figures.readyz)}; ${figures.failed} of ${timedRounds} rounds failed; within ${target.ms} ms: ${figures.failed === 0 && worst <= target.ms ? 'met' : 'missed'}`;
}

/** Opens a stream; resolves with its status, the stream kept open (or closed when refused). */
async function openStream(server: ServerProcess, cookie: string, held: AbortController[]) {
  const controller = new AbortController();
  try {
    const response = await fetch(`${server.url}/api/changes`, {
      headers: { cookie },
      signal: controller.signal,
    });
    if (response.ok) held.push(controller);
    else await response.text();
    return response.status;
  } catch {
    return 0;
  }
}

async function main() {
  const postgres = process.env.DATABASE_URL ? undefined : await startPostgres();
  const databaseUrl = process.env.DATABASE_URL ?? postgres!.url;
  const sql = new pg.Client({ connectionString: databaseUrl });
  const held: AbortController[] = [];
  let server: ServerProcess | undefined;
  try {
    // Every bench client shares the loopback address, which the per-address bound would stop first.
    server = await startServer(databaseUrl, {
      HTTP_MAX_CONNECTIONS: String(maxConnections),
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0',
    });
    await sql.connect();
    await sql.query(
      `insert into users (email, normalized_email, username, first_name, last_name, roles, password_hash, security_stamp, email_confirmed)
       select $1, $1, $1, 'Other', 'User', roles, password_hash, md5(random()::text), true from users where normalized_email = $2
       on conflict do nothing`,
      [other.email, admin.email],
    );
    console.log(`load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);
    console.log(`idle server: ${await latencies(server, admin.password)}`);

    const cookies: string[] = [];
    for (let n = 0; n < signIns; n++) {
      const client = new Client();
      const { status } = await client.signIn(server);
      if (status !== 200) throw new Error(`sign-in ${n}: ${status}`);
      cookies.push(client.cookie);
    }
    const statuses = new Map<number, number>();
    for (let next = 0; next < streamRequests; next += concurrency) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(concurrency, streamRequests - next) }, (_, i) =>
          openStream(server!, cookies[(next + i) % cookies.length], held),
        ),
      );
      for (const status of batch) statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    const { rows } = await sql.query<{ count: number }>(
      `select count(*)::int as count from sessions s join users u on u.id = s.user_id where u.normalized_email = $1`,
      [admin.email],
    );
    console.log(
      `one user, ${signIns} sign-ins (${rows[0].count} sessions left), ${streamRequests} stream requests: ${[...statuses].map(([status, count]) => `${count} × ${status || 'no answer'}`).join(', ')}; at most ${changeStreamLimits.perUser} stay open`,
    );
    console.log(`while they hold them: ${await latencies(server, admin.password)}`);

    const { rows: user } = await sql.query<{ id: number }>(
      'select id from users where normalized_email = $1',
      [admin.email],
    );
    const cap = maxStreams(maxConnections);
    const fillers = Math.ceil(cap / changeStreamLimits.perUser) + 5;
    const fillerCookies: string[] = [];
    for (let n = 0; n < fillers; n++) {
      const { rows: made } = await sql.query<{ id: number }>(
        `insert into users (email, normalized_email, username, roles, password_hash, security_stamp, email_confirmed)
         select $1, $1, $1, roles, password_hash, md5(random()::text), true from users where id = $2 returning id`,
        [`filler${n}@scale-out.example`, user[0].id],
      );
      const token = randomBytes(32).toString('base64url');
      await sql.query(
        `insert into sessions (id, user_id, stage, expires_at) values ($1, $2, 'full', now() + interval '1 day')`,
        [hashToken(token), made[0].id],
      );
      fillerCookies.push(`sp_session=${token}`);
    }
    const filled = new Map<number, number>();
    for (const cookie of fillerCookies) {
      const batch = await Promise.all(
        Array.from({ length: changeStreamLimits.perUser }, () => openStream(server!, cookie, held)),
      );
      for (const status of batch) filled.set(status, (filled.get(status) ?? 0) + 1);
    }
    console.log(
      `server-wide cap ${cap} of ${maxConnections} connections, ${fillers} more users asking for ${changeStreamLimits.perUser} streams each: ${[...filled].map(([status, count]) => `${count} × ${status || 'no answer'}`).join(', ')}`,
    );
    console.log(`with the server's streams full: ${await latencies(server, admin.password)}`);
  } finally {
    for (const controller of held) controller.abort();
    await sql.end().catch(() => {});
    await server?.stop();
    postgres?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
