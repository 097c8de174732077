import { createServer, type Server, type Socket, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { workerDatabaseUrl } from '../server/helpers';
import pg from 'pg';
import { admin, Client, type ServerProcess, startServer } from './servers';

/** What the database sends to server B arrives this much later: a slow network, a busy host. */
const delayMs = 400;

/**
 * A TCP relay in front of PostgreSQL whose answers (notices included) reach the client late.
 * Server B's session cache then hears of a logout on server A after A has answered it.
 */
function delayingRelay(target: URL): Promise<{ url: (database: string) => string; close: () => void }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => {
      setTimeout(() => client.writable && client.write(chunk), delayMs);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        url(databaseUrl) {
          const url = new URL(databaseUrl);
          url.host = `127.0.0.1:${port}`;
          return url.toString();
        },
        close() {
          for (const socket of sockets) socket.destroy();
          server.close();
        },
      });
    }),
  );
}

let a: ServerProcess;
let b: ServerProcess;
let relay: Awaited<ReturnType<typeof delayingRelay>>;
let sql: pg.Client;

beforeAll(async () => {
  const databaseUrl = await workerDatabaseUrl(inject('postgresUrl'), `logout_fence_${Date.now()}`);
  a = await startServer(databaseUrl);
  relay = await delayingRelay(new URL(databaseUrl));
  b = await startServer(relay.url(databaseUrl));
  sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
}, 120_000);

afterAll(async () => {
  await sql?.end();
  await Promise.all([a?.stop(), b?.stop()]);
  relay?.close();
});

describe('a logout on one server, while the other hears of it late', () => {
  it('is seen by the other server before its 200 returns, though its cache held the session', async () => {
    const client = new Client();
    await client.signIn(a);
    // B validates the session once and keeps it in memory.
    expect((await client.call(b, 'GET', '/api/account/me')).status).toBe(200);
    expect((await client.call(b, 'GET', '/api/account/me')).status).toBe(200);
    const cookie = client.cookie;
    expect((await client.call(a, 'POST', '/api/account/logout')).body).toEqual({ result: true });
    client.cookie = cookie;
    expect((await client.call(b, 'GET', '/api/account/me')).status).toBe(401);
  });

  it('is seen by the other server before the lock of the account returns', async () => {
    const adminClient = new Client();
    await adminClient.signIn(a);
    const { rows } = await sql.query<{ id: number }>(
      `insert into users (email, normalized_email, username, first_name, last_name, roles, password_hash, security_stamp, email_confirmed)
       select 'fenced@scale-out.example', 'fenced@scale-out.example', 'fenced@scale-out.example', 'Fen', 'Ced',
              '{Admin}', password_hash, 'stamp', true from users where normalized_email = $1 returning id`,
      [admin.email],
    );
    const user = new Client();
    expect((await user.signIn(b, 'fenced@scale-out.example', admin.password)).body).toEqual({
      result: { status: 'Succeeded' },
    });
    expect((await user.call(b, 'GET', '/api/account/me')).status).toBe(200);
    expect((await adminClient.call(a, 'PATCH', `/api/users/${rows[0].id}/lock`)).status).toBe(200);
    expect((await user.call(b, 'GET', '/api/account/me')).status).toBe(401);
  });
});
