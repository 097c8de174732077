import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyServerFactory } from 'fastify';
import type { Config } from '../config';

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
        connectionsCheckingInterval: Math.min(5000, headersTimeout / 2),
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
