import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { databaseUnavailableMessage } from '../http/error-handler';
import { fileStoreUnavailableMessage } from '../storage/unavailable';
import { registerMetrics } from './metrics';

/** A load balancer's probe must not wait for a database or store that hangs instead of refusing. */
const readinessTimeoutMs = 2000;

async function answersInTime(probe: () => Promise<unknown>) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), readinessTimeoutMs);
  });
  const answered = probe().then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probes for a process manager or load balancer, outside `/api` and without a session:
 * `/healthz` says the process is alive (restart it if not), `/readyz` says it can serve
 * (send it traffic only if so): the database answers and so does the file store (a lookup of
 * a key that does not exist). While shutting down Fastify answers 503 to both.
 */
export async function registerHealthRoutes(app: FastifyInstance) {
  registerMetrics(app);
  const noStore = { 'Cache-Control': 'no-store' };
  // Probes come every few seconds from each balancer and orchestrator: two info lines each
  // would drown the log, so only what goes wrong is logged.
  const quiet = { schema: { hide: true }, logLevel: 'warn' as const };
  app.get('/healthz', quiet, (_request, reply) =>
    reply.headers(noStore).send({ result: { status: 'alive' } }),
  );
  app.get('/readyz', quiet, async (request, reply) => {
    reply.headers(noStore);
    const [database, fileStore] = await Promise.all([
      answersInTime(() => app.db.execute(sql`select 1`)),
      answersInTime(() => app.storage.exists(`readyz/${randomUUID()}`)),
    ]);
    const down = !database
      ? databaseUnavailableMessage
      : !fileStore
        ? fileStoreUnavailableMessage
        : undefined;
    if (down) {
      request.log.warn(`not ready: ${down}`);
      return reply.status(503).send({ result: null, message: down });
    }
    return reply.send({ result: { status: 'ready', database: 'reachable', fileStore: 'reachable' } });
  });
}
