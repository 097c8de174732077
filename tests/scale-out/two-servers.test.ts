import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { workerDatabaseUrl } from '../server/helpers';
import { admin, Client, type ServerProcess, startServer } from './servers';

let a: ServerProcess;
let b: ServerProcess;
let sql: pg.Client;

beforeAll(async () => {
  const databaseUrl = await workerDatabaseUrl(inject('postgresUrl'), `two_servers_${Date.now()}`);
  // Both start at once on the empty database, as a deployment's replicas do: one migrates
  // and seeds, the other waits for it.
  // B logs each request as it arrives, so the shutdown test can signal while one is in flight.
  [a, b] = await Promise.all([startServer(databaseUrl), startServer(databaseUrl, { LOG_LEVEL: 'info' })]);
  sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
}, 120_000);

afterAll(async () => {
  await sql?.end();
  await Promise.all([a?.stop(), b?.stop()]);
});

describe('two server processes on one PostgreSQL', () => {
  it('accepts on either server a session started on the other, request after request', async () => {
    const client = new Client();
    expect((await client.signIn(a)).body).toEqual({ result: { status: 'Succeeded' } });
    for (const server of [b, a, b, a, b]) {
      const me = await client.call(server, 'GET', '/api/account/me');
      expect(me.status).toBe(200);
      expect(me.body.result.email).toBe(admin.email);
    }
  });

  it('ends the session on both servers at once when it is logged out on one', async () => {
    const client = new Client();
    await client.signIn(b);
    // Both servers now hold the validated session in memory.
    expect((await client.call(a, 'GET', '/api/account/me')).status).toBe(200);
    expect((await client.call(b, 'GET', '/api/account/me')).status).toBe(200);
    const oldCookie = client.cookie;
    expect((await client.call(a, 'POST', '/api/account/logout')).body).toEqual({ result: true });
    client.cookie = oldCookie;
    expect((await client.call(b, 'GET', '/api/account/me')).status).toBe(401);
    expect((await client.call(a, 'GET', '/api/account/me')).status).toBe(401);
  });

  it('ends the session on the other server at once when the account is locked on one', async () => {
    const adminClient = new Client();
    await adminClient.signIn(a);
    const { rows } = await sql.query<{ id: number }>(
      `insert into users (email, normalized_email, username, first_name, last_name, roles, password_hash, security_stamp, email_confirmed)
       select 'locked@scale-out.example', 'locked@scale-out.example', 'locked@scale-out.example', 'Lee', 'Locked',
              '{Admin}', password_hash, 'stamp', true from users where normalized_email = $1 returning id`,
      [admin.email],
    );
    const user = new Client();
    await user.signIn(b, 'locked@scale-out.example', admin.password);
    expect((await user.call(b, 'GET', '/api/account/me')).status).toBe(200);
    expect((await adminClient.call(a, 'PATCH', `/api/users/${rows[0].id}/lock`)).status).toBe(200);
    expect((await user.call(b, 'GET', '/api/account/me')).status).toBe(401);
  });

  it("keeps a user's 10 newest sessions whichever server they signed in on, even signing in on both at once", async () => {
    const email = 'many-tabs@scale-out.example';
    await sql.query(
      `insert into users (email, normalized_email, username, roles, password_hash, security_stamp, email_confirmed)
       select $1, $1, $1, '{Admin}', password_hash, 'stamp', true from users where normalized_email = $2`,
      [email, admin.email],
    );
    const first = new Client();
    await first.signIn(a, email, admin.password);
    expect((await first.call(b, 'GET', '/api/account/me')).status).toBe(200);
    // Two at a time, one on each server: more at once would meet the account's sign-in rate limit.
    for (let pair = 0; pair < 6; pair++) {
      const signedIn = await Promise.all(
        [a, b].map((server) => new Client().signIn(server, email, admin.password)),
      );
      expect(signedIn.map((response) => response.body)).toEqual(
        Array(2).fill({ result: { status: 'Succeeded' } }),
      );
    }
    const { rows } = await sql.query<{ count: number }>(
      `select count(*)::int as count from sessions s join users u on u.id = s.user_id where u.normalized_email = $1`,
      [email],
    );
    expect(rows[0].count).toBe(10);
    await expect.poll(async () => (await first.call(b, 'GET', '/api/account/me')).status).toBe(401);
    expect((await first.call(a, 'GET', '/api/account/me')).status).toBe(401);
  });

  it('loses none of 200 concurrent writes spread over both servers', async () => {
    const client = new Client();
    await client.signIn(a);
    const writes = Array.from({ length: 200 }, (_, i) => ({
      key: `scale-out-${String(i).padStart(3, '0')}`,
      value: `value ${i} written through ${i % 2 ? 'B' : 'A'}`,
      isEnabled: i % 3 === 0,
    }));
    const responses = await Promise.all(
      writes.map((setting, i) => client.call(i % 2 ? b : a, 'POST', '/api/settings', setting)),
    );
    expect(responses.filter((r) => r.status !== 200)).toEqual([]);
    const ids = new Set(responses.map((r) => r.body.result.id));
    expect(ids.size).toBe(200);
    const stored = await sql.query<{ key: string; value: string; is_enabled: boolean }>(
      `select key, value, is_enabled from settings where key like 'scale-out-%' order by key`,
    );
    expect(stored.rows.map((r) => ({ key: r.key, value: r.value, isEnabled: r.is_enabled }))).toEqual(writes);
    const table = await client.call(b, 'POST', '/api/settings/table', {
      skip: 0,
      take: 10,
      allSearch: 'scale-out-',
    });
    expect(table.body.result.totalFilteredRecords).toBe(200);
  });

  it('on SIGTERM stops taking requests but finishes the one in flight, then exits cleanly', async () => {
    const client = new Client();
    // A sign-in spends tens of milliseconds hashing: the signal goes once B has logged its
    // arrival, so it is in flight rather than not yet sent.
    const arrivals = () => b.output().split('incoming request').length;
    const before = arrivals();
    const inFlight = client.signIn(b);
    await expect.poll(arrivals, { timeout: 10_000, interval: 1 }).toBeGreaterThan(before);
    b.kill('SIGTERM');
    expect((await inFlight).body).toEqual({ result: { status: 'Succeeded' } });
    expect(await b.exited, b.output()).toBe(0);
    await expect(fetch(`${b.url}/healthz`)).rejects.toThrow();
    // The other server carries on, and the session started on the stopped one is valid there.
    expect((await client.call(a, 'GET', '/api/account/me')).status).toBe(200);
  });
});
