import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyServerFactory } from 'fastify';
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
