import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, resultOf } from '../../../contract/common';
import { rowSchemaOf } from '../../../contract/resource';
import { jobs as jobsResource } from '../../../contract/definitions/jobs';
import { audit } from '../../audit';
import { currentUser } from '../../auth/guards';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { jobs, merchandise } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { displayNameOf } from '../../engine/change-feed';
import { ResourceEngine } from '../../engine/engine';
import { resourceGuard } from '../../engine/guard';
import { resourceSchema } from '../../engine/openapi';
import { announceJobs } from '../../jobs';
import { jobsServer } from './resource';
import { processMerchandiseJob } from '../merchandise/products';

/**
 * Requeues a failed job with a fresh set of attempts, audited. A failed product's processing
 * shows as processing again, as its own 'Try again' does.
 */
export async function retryJob(
  db: Db,
  actor: Pick<SessionUser, 'id' | 'firstName' | 'lastName' | 'email'>,
  id: number,
) {
  await db.transaction(async (tx) => {
    const [job] = await tx.select().from(jobs).where(eq(jobs.id, id)).for('update');
    if (!job) throw notFound(jobsResource.label.one);
    if (job.status !== 'failed') throw badRequest('status', 'Only a failed job can be retried');
    const [queued] = await tx
      .update(jobs)
      .set({
        status: 'queued',
        attempts: 0,
        runAt: sql`now()`,
        finishedAt: null,
        updatedAt: sql`now()`,
        version: sql`${jobs.version} + 1`,
      })
      .where(eq(jobs.id, id))
      .returning();
    const { merchandiseId } = (job.payload ?? {}) as { merchandiseId?: unknown };
    if (job.type === processMerchandiseJob && typeof merchandiseId === 'number')
      await tx
        .update(merchandise)
        .set({ status: 'processing' })
        .where(and(eq(merchandise.id, merchandiseId), eq(merchandise.status, 'failed')));
    await audit(tx as unknown as Db, actor.id, 'retry', 'job', id, { type: job.type });
    // Last: the change log's lock is held from the announcement to the commit.
    await announceJobs(tx, [queued], 'updated', { id: actor.id, name: displayNameOf(actor) });
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
      await retryJob(app.db, actor, request.params.id);
      app.jobs.wakeUp();
      return { result: await engine.getOne(app.db, actor, eq(jobs.id, request.params.id)) };
    },
  );
};

export default jobsModule;
