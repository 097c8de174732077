import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyServerFactory } from 'fastify';
import { clientOf } from '../auth/rate-limit';
import type { Config } from '../config';

/** How often Node looks for requests past their deadlines. */
const checkingIntervalMs = (limits: Config['http']) =>
  Math.min(5000, (limits.headersTimeoutSeconds * 1000) / 2);

/**
 * When a slow client is cut off at the latest, in seconds: a deadline is noticed at the next
 * check, so up to one checking interval after it. Headers trickled a byte at a time end by
 * `headers`; a body trickled so (bytes move, so the idle timeout never fires) only by `request`.
 * The README states these for the defaults.
 */
export const slowClientCutOff = (limits: Config['http']) => ({
  headers: limits.headersTimeoutSeconds + checkingIntervalMs(limits) / 1000,
  request: limits.requestTimeoutSeconds + checkingIntervalMs(limits) / 1000,
});

/**
 * The Node HTTP server under Fastify, with bounds on slow clients: without them a client
 * trickling one byte every few seconds holds a socket (and its memory) for ever, and enough
 * of them exhaust the process. Node checks the request and header deadlines on an interval,
 * so that interval is kept well below them.
 */
export function boundedHttpServer(limits: Config['http']): FastifyServerFactory {
  return (handler) => {
    const headersTimeout = limits.headersTimeoutSeconds * 1000;
    const server = http.createServer(
      {
        requestTimeout: limits.requestTimeoutSeconds * 1000,
        headersTimeout,
        keepAliveTimeout: limits.keepAliveTimeoutSeconds * 1000,
        connectionsCheckingInterval: checkingIntervalMs(limits),
      },
      handler,
    );
    server.setTimeout(limits.idleTimeoutSeconds * 1000);
    server.maxConnections = limits.maxConnections;
    const perClient = limits.maxConnectionsPerAddress;
    // One client's half-open sockets would otherwise hold every connection for the header limit.
    const heldBy = new Map<string, number>();
    if (perClient > 0) {
      server.on('connection', (socket: Socket) => {
        if (!socket.remoteAddress) return;
        const client = clientOf(socket.remoteAddress);
        const held = heldBy.get(client) ?? 0;
        if (held >= perClient) {
          socket.destroy();
          return;
        }
        heldBy.set(client, held + 1);
        socket.once('close', () => {
          const left = (heldBy.get(client) ?? 1) - 1;
          if (left > 0) heldBy.set(client, left);
          else heldBy.delete(client);
        });
      });
    }
    // Node's header deadline starts with the first byte, and once its checker has run, a
    // socket's idle timer is gone too: a client that connects and never sends would hold its
    // socket for ever.
    server.on('connection', (socket: Socket) => {
      const silent = setTimeout(() => {
        if (socket.bytesRead === 0) socket.destroy();
      }, headersTimeout);
      socket.once('close', () => clearTimeout(silent));
    });
    return server;
  };
}
