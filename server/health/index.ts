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
  app.get('/healthz', { schema: { hide: true } }, (_request, reply) =>
    reply.headers(noStore).send({ result: { status: 'alive' } }),
  );
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    reply.headers(noStore);
    const [database, fileStore] = await Promise.all([
      answersInTime(() => app.db.execute(sql`select 1`)),
      answersInTime(() => app.storage.exists(`readyz/${randomUUID()}`)),
    ]);
    if (!database) return reply.status(503).send({ result: null, message: databaseUnavailableMessage });
    if (!fileStore) return reply.status(503).send({ result: null, message: fileStoreUnavailableMessage });
    return reply.send({ result: { status: 'ready', database: 'reachable', fileStore: 'reachable' } });
  });
}
