import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { databaseUnavailableMessage } from '../http/error-handler';

/** A load balancer's probe must not wait for a database that hangs instead of refusing. */
const readinessTimeoutMs = 2000;

async function databaseAnswers(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), readinessTimeoutMs);
  });
  const query = app.db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probes for a process manager or load balancer, outside `/api` and without a session:
 * `/healthz` says the process is alive (restart it if not), `/readyz` says it can serve
 * (send it traffic only if so). While shutting down Fastify answers 503 to both.
 */
export async function registerHealthRoutes(app: FastifyInstance) {
  const noStore = { 'Cache-Control': 'no-store' };
  app.get('/healthz', { schema: { hide: true } }, (_request, reply) =>
    reply.headers(noStore).send({ result: { status: 'alive' } }),
  );
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    reply.headers(noStore);
    if (!(await databaseAnswers(app))) {
      return reply.status(503).send({ result: null, message: databaseUnavailableMessage });
    }
    return reply.send({ result: { status: 'ready', database: 'reachable' } });
  });
}
