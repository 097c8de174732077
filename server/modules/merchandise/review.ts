import { and, asc, eq, isNull } from 'drizzle-orm';
import { productReview } from '../../../contract/merchandise-review';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { merchandise, organizations } from '../../db/schema';
import { decidePendingChanges } from './pending-changes';
import { tellOfStep } from './review-notices';
import { ResourceEngine } from '../../engine/engine';
import { scopeCondition } from '../../engine/scope';
import type { ChangeContext, ResourceServer, Values } from '../../engine/types';
import { badRequest, notFound } from '../../errors';
import type { JobQueue } from '../../jobs';
import { coloursOf, publishMerchandiseJob, syncMerchandiseJob, toProduct } from './products';

/**
 * What the review's transitions mean for a product beyond its state: a design is submitted once
 * its pictures are ready (a reviewer judges what will be printed), a reviewer's comment is kept
 * for the director, and publishing or retiring reaches the storefront through the job queue, in
 * the transition's transaction, so the shop never receives a design no reviewer approved. A
 * decision on waiting text changes (`pending-changes.ts`) returns the product where it was.
 */
function reviewServer(jobs: JobQueue): ResourceServer {
  return {
    async beforeChange(values, { tx, id, transition }: ChangeContext) {
      const [row] = await tx.select().from(merchandise).where(eq(merchandise.id, id!));
      if (!row || row.archivedAt) throw notFound('Product');
      if (transition?.transition === 'submit' && row.status !== 'ready')
        throw badRequest('reviewState', 'A product is submitted once its pictures are ready');
      return values;
    },
    async afterChange(row: Values, { tx, actor, transition }: ChangeContext) {
      const id = row.id as number;
      const step = transition?.transition;
      if (step) await tellOfStep(tx, step, row, actor, transition?.comment);
      if (step === 'approve' || step === 'requestChanges' || step === 'submit')
        await tx
          .update(merchandise)
          .set({ reviewComment: step === 'submit' ? null : (transition?.comment ?? null) })
          .where(eq(merchandise.id, id));
      const textChanged = step ? await decidePendingChanges(tx, actor, step, row) : false;
      if (step !== 'publish' && step !== 'retire' && !textChanged) return;
      const [product] = await tx.select().from(merchandise).where(eq(merchandise.id, id));
      const options = { organizationId: product.organizationId };
      // A retired product the shop has goes off sale; one published again comes back on sale; one
      // whose waiting text or price was approved sells with it.
      if (product.externalId) await jobs.enqueue(syncMerchandiseJob, { merchandiseId: id }, tx, options);
      // A ready product never sent to the shop is sent now; one still processing is sent when ready.
      else if (step === 'publish' && product.status === 'ready')
        await jobs.enqueue(publishMerchandiseJob, { merchandiseId: id }, tx, options);
    },
  };
}

/** The engine of the products' review: their transitions, scope, audit and announcements. */
export const productReviewEngine = (jobs: JobQueue) => new ResourceEngine(productReview, reviewServer(jobs));

/**
 * The designs waiting for a decision that the actor may review, oldest first (first come, first
 * reviewed): an Admin's are every school's, a Reviewer's those of the schools assigned to them.
 */
export async function reviewQueue(db: Db, engine: ResourceEngine, actor: SessionUser) {
  const rows = await db
    .select({ product: merchandise, organizationName: organizations.name })
    .from(merchandise)
    .innerJoin(organizations, eq(organizations.id, merchandise.organizationId))
    .where(
      and(
        eq(merchandise.reviewState, 'submitted'),
        isNull(merchandise.archivedAt),
        scopeCondition(engine, actor),
      ),
    )
    .orderBy(asc(merchandise.createdAt), asc(merchandise.id))
    .limit(200);
  const colours = await coloursOf(
    db,
    rows.map((row) => row.product.id),
  );
  return rows.map((row) => ({ ...toProduct(row.product, colours), organizationName: row.organizationName }));
}
