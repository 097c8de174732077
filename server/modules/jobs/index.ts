import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, resultOf } from '../../../contract/common';
import { rowSchemaOf } from '../../../contract/resource';
import { jobs as jobsResource } from '../../../contract/definitions/jobs';
import { audit } from '../../audit';
import { currentUser } from '../../auth/guards';
import type { Db } from '../../db/client';
import { jobs, merchandise } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { ResourceEngine } from '../../engine/engine';
import { resourceGuard } from '../../engine/guard';
import { resourceSchema } from '../../engine/openapi';
import { jobsServer } from './resource';
import { processMerchandiseJob } from '../merchandise/products';

/**
 * Requeues a failed job with a fresh set of attempts, audited. A failed product's processing
 * shows as processing again, as its own 'Try again' does.
 */
export async function retryJob(db: Db, actorId: number, id: number) {
  await db.transaction(async (tx) => {
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, id)).for('update');
    if (!job) throw notFound(jobsResource.label.one);
    if (job.status !== 'failed') throw badRequest('status', 'Only a failed job can be retried');
    await tx
      .update(jobs)
      .set({ status: 'queued', attempts: 0, runAt: sql`now()`, finishedAt: null, updatedAt: sql`now()` })
      .where(eq(jobs.id, id));
    const { merchandiseId } = (job.payload ?? {}) as { merchandiseId?: unknown };
    if (job.type === processMerchandiseJob && typeof merchandiseId === 'number')
      await tx
        .update(merchandise)
        .set({ status: 'processing' })
        .where(and(eq(merchandise.id, merchandiseId), eq(merchandise.status, 'failed')));
    await audit(tx as unknown as Db, actorId, 'retry', 'job', id, { type: job.type });
  });
}

/** `POST jobs/{id}/retry`, for Admins; the table comes from the definition. */
const jobsModule: FastifyPluginAsyncZod = async (app) => {
  const engine = new ResourceEngine(jobsResource, jobsServer);
  app.post(
    '/:id/retry',
    {
      // Whoever may see the queue may set a failed job going again: Admins only.
      onRequest: resourceGuard(jobsResource, 'list'),
      schema: resourceSchema(jobsResource, {
        description: 'Requeues a failed job; 400 for a job that has not failed.',
        params: idParamsSchema,
        response: { 200: resultOf(rowSchemaOf(jobsResource)) },
      }),
    },
    async (request) => {
      const actor = currentUser(request);
      await retryJob(app.db, actor.id, request.params.id);
      app.jobs.wakeUp();
      return { result: await engine.getOne(app.db, actor, eq(jobs.id, request.params.id)) };
    },
  );
};

export default jobsModule;
