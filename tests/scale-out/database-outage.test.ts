import { createServer, type Server, type Socket, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { type Database, openDatabase } from '../../server/db/client';
import { databaseUnavailableMessage } from '../../server/http/error-handler';
import { createUser, signIn, workerDatabaseUrl } from '../server/helpers';
import { freePort } from './servers';

/** A TCP hop between the server and PostgreSQL that the test can cut and restore. */
class CuttableLink {
  private server?: Server;
  private readonly sockets = new Set<Socket>();

  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async up() {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
  }

  async down() {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }
}

let link: CuttableLink;
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  const direct = new URL(await workerDatabaseUrl(inject('postgresUrl'), `outage_${Date.now()}`));
  link = new CuttableLink(await freePort(), { host: direct.hostname, port: Number(direct.port) });
  await link.up();
  const viaLink = new URL(direct);
  viaLink.port = String(link.port);
  database = await openDatabase({ ...testConfig(), databaseUrl: viaLink.toString() });
  await database.migrate();
  app = await buildApp(testConfig(), { database });
  await app.ready();
  await app.sessions.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await link?.down();
});

describe('the database going away and coming back', () => {
  it('answers 503 with a clear message while it is away, and recovers without a restart', async () => {
    await createUser(database.db, { email: 'admin@example.com' });
    const cookie = await signIn(app, 'admin@example.com');
    const me = () => app.inject({ url: '/api/account/me', headers: { cookie } });
    expect((await me()).statusCode).toBe(200);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);

    await link.down();
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ result: null, message: databaseUnavailableMessage });
    const during = await me();
    expect(during.statusCode).toBe(503);
    expect(during.json()).toEqual({ result: null, message: databaseUnavailableMessage });
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);

    await link.up();
    await expect
      .poll(async () => (await app.inject({ url: '/readyz' })).statusCode, { timeout: 15_000, interval: 200 })
      .toBe(200);
    const after = await me();
    expect(after.statusCode).toBe(200);
    expect(after.json().result.email).toBe('admin@example.com');
  });
});
