import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { readFileSync } from 'node:fs';
import { loadConfig, testConfig } from '../../server/config';
import { slowClientCutOff } from '../../server/ops/http-server';
import { type Database, openDatabase } from '../../server/db/client';

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let port: number;
let limits: ReturnType<typeof testConfig>['http'];

beforeAll(async () => {
  const config = testConfig({
    http: {
      requestTimeoutSeconds: 2,
      headersTimeoutSeconds: 1,
      idleTimeoutSeconds: 2,
      keepAliveTimeoutSeconds: 1,
      maxConnections: 5,
      maxConnectionsPerAddress: 0,
    },
  });
  limits = config.http;
  database = await openDatabase(config);
  await database.migrate();
  app = await buildApp(config, { database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});

const sockets: Socket[] = [];

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await app?.close();
  await database?.close();
});

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    sockets.push(socket);
    socket.on('error', reject);
  });
}

/** Sends `text` one byte every 200 ms (until the server hangs up); resolves when the socket closes. */
function trickle(socket: Socket, text: string) {
  let index = 0;
  const timer = setInterval(() => {
    if (index < text.length && !socket.destroyed) socket.write(text[index++]);
  }, 200);
  return new Promise<void>((resolve) =>
    socket.once('close', () => {
      clearInterval(timer);
      resolve();
    }),
  );
}

/** Resolves with the time until `closed` settles; fails the test past `limitMs`. */
async function within(closed: Promise<void>, limitMs: number) {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`connection still open after ${limitMs} ms`)), limitMs);
  });
  try {
    await Promise.race([closed, late]);
  } finally {
    clearTimeout(timer);
  }
  return Date.now() - started;
}

describe('slow and idle clients', () => {
  it('closes a connection whose headers trickle in a byte at a time', async () => {
    const socket = await open();
    socket.on('error', () => {});
    const endless = `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ${'a'.repeat(10_000)}`;
    await within(trickle(socket, endless), 15_000);
  });

  it('closes a connection whose body trickles in a byte at a time', async () => {
    const socket = await open();
    socket.on('error', () => {});
    socket.write(
      'POST /api/account/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n',
    );
    const elapsed = await within(trickle(socket, 'x'.repeat(5000)), 15_000);
    // Bytes keep moving, so only the request deadline ends it, noticed at the next check.
    expect(elapsed).toBeGreaterThanOrEqual(limits.requestTimeoutSeconds * 1000 - 100);
    expect(elapsed).toBeLessThan(slowClientCutOff(limits).request * 1000 + 2000);
  });

  it('closes a connection that sends nothing', async () => {
    const socket = await open();
    socket.on('error', () => {});
    await within(new Promise<void>((resolve) => socket.once('close', () => resolve())), 15_000);
  });

  it('refuses connections beyond the configured number', async () => {
    const sockets = await Promise.all(Array.from({ length: 5 }, open));
    for (const socket of sockets) socket.on('error', () => {});
    const extra = await open();
    extra.on('error', () => {});
    await within(new Promise<void>((resolve) => extra.once('close', () => resolve())), 5_000);
    for (const socket of sockets) expect(socket.destroyed).toBe(false);
    for (const socket of sockets) socket.destroy();
  });
});

describe('the README on slow clients', () => {
  it('states the cut-off times the default timeouts give', () => {
    const cutOff = slowClientCutOff(loadConfig({}).http);
    const readme = readFileSync('README.md', 'utf8');
    expect(readme).toContain(
      `trickling its body a byte at a time, which the idle timeout never ends, is cut off within ${cutOff.request} s with the defaults`,
    );
    expect(readme).toContain(`trickling its headers is cut off within ${cutOff.headers} s with the defaults`);
  });
});
