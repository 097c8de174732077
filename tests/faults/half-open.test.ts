import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig, testConfig } from '../../server/config';
import { type Database, openDatabase } from '../../server/db/client';

/**
 * 2,100 requests from one client that sent part of their headers and then nothing held every
 * connection of a server with no proxy in front until the header limit (20 s): sign-ins and
 * `/readyz` failed meanwhile. Scaled down here: 150 half-open sockets against a limit of 60.
 */
const maxConnections = 60;
const perAddress = 20;
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let port: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  const config = testConfig({
    http: { ...testConfig().http, maxConnections, maxConnectionsPerAddress: perAddress },
  });
  database = await openDatabase(config);
  await database.migrate();
  app = await buildApp(config, { database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await app?.close();
  await database?.close();
});

/** A socket from `from` that sends the start of a request and then waits; resolves once sent. */
function halfOpen(from: string) {
  return new Promise<void>((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: from }, () => {
      socket.write('GET /readyz HTTP/1.1\r\nHost: portal\r\nX-Slow: ');
      resolve();
    });
    socket.on('error', () => resolve());
    sockets.push(socket);
  });
}

/** `/readyz` from another client's address, on a connection of its own. */
function readyzFrom(from: string) {
  return new Promise<number>((resolve, reject) => {
    httpRequest(
      { host: '127.0.0.1', port, path: '/readyz', localAddress: from, agent: false },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    )
      .on('error', reject)
      .end();
  });
}

describe('half-open connections from one client', () => {
  it(`leave another client's requests answered: one address holds at most ${perAddress}`, async () => {
    await Promise.all(Array.from({ length: 150 }, () => halfOpen('127.0.0.2')));
    await expect.poll(() => sockets.filter((socket) => !socket.destroyed).length).toBe(perAddress);
    expect(await readyzFrom('127.0.0.3')).toBe(200);
    expect(await readyzFrom('127.0.0.3')).toBe(200);
  });

  it('bounds one address by default without a proxy in front, and not behind one', () => {
    expect(loadConfig({}).http.maxConnectionsPerAddress).toBe(200);
    expect(loadConfig({ TRUST_PROXY: '1' }).http.maxConnectionsPerAddress).toBe(0);
    expect(loadConfig({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '50' }).http.maxConnectionsPerAddress).toBe(50);
  });
});
