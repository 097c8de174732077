import { and, eq } from 'drizzle-orm';
import type { PendingChanges } from '../../../contract/merchandise-review';
import type { MerchandiseUpdate } from '../../../contract/merchandise';
import { audit } from '../../audit';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { merchandise, organizations } from '../../db/schema';
import { nextVersion, versionMatches } from '../../engine/versions';
import type { Values } from '../../engine/types';
import { tellOfStep } from './review-notices';

type Row = typeof merchandise.$inferSelect;

/**
 * Whether a director's new title, description and price wait for a reviewer rather than reach
 * the product: its school reviews text changes and the product is approved or published, or a
 * change of it already waits (the newer one replaces it, whatever the setting says now).
 */
export async function waitsForReview(db: Db, row: Row, fields: MerchandiseUpdate) {
  if (row.pendingChanges && row.reviewState === 'submitted') return true;
  if (row.reviewState !== 'approved' && row.reviewState !== 'published') return false;
  // Nothing new to judge: saving the same values again is no change.
  if (row.title === fields.title && row.description === fields.description && row.price === fields.price)
    return false;
  const [school] = await db
    .select({ reviewTextChanges: organizations.reviewTextChanges })
    .from(organizations)
    .where(eq(organizations.id, row.organizationId));
  return school?.reviewTextChanges === true;
}

/**
 * Keeps the change aside and puts the product back in review: its school's reviewers hear of it
 * as of a submitted design, while the product keeps its own title, description and price, and
 * stays on sale with them, until one decides. Undefined when the version is stale.
 */
export async function proposeChanges(tx: Db, actor: SessionUser, row: Row, fields: MerchandiseUpdate) {
  const pending: PendingChanges = {
    title: fields.title,
    description: fields.description,
    price: fields.price,
    returnTo: row.pendingChanges?.returnTo ?? (row.reviewState as PendingChanges['returnTo']),
  };
  const [changed] = await tx
    .update(merchandise)
    .set({
      pendingChanges: pending,
      reviewState: 'submitted',
      reviewComment: null,
      version: nextVersion(merchandise.version),
    })
    .where(and(eq(merchandise.id, row.id), versionMatches(merchandise.version, fields.version)))
    .returning();
  if (!changed) return undefined;
  await audit(tx, actor.id, 'propose', 'merchandise', row.id, {
    before: { title: row.title, description: row.description, price: row.price },
    proposed: { title: fields.title, description: fields.description, price: fields.price },
  });
  // Told once per wait: a second edit before the decision replaces the first silently.
  if (!row.pendingChanges) await tellOfStep(tx, 'submit', changed, actor);
  return changed;
}

/**
 * A reviewer's decision on waiting changes, in the step's transaction: approval puts them on the
 * product, a request for changes drops them (the comment says why); either way the product goes
 * back to the state it left, so a published product stays published and on sale. `written` is the
 * step's row, brought up to date so the answer and the announcement say where the product is.
 * True when the product's text or price changed.
 */
export async function decidePendingChanges(tx: Db, actor: SessionUser, step: string, written: Values) {
  const id = written.id as number;
  const [row] = await tx.select().from(merchandise).where(eq(merchandise.id, id));
  const pending = row?.pendingChanges;
  if (!pending || (step !== 'approve' && step !== 'requestChanges')) return false;
  const applied =
    step === 'approve'
      ? { title: pending.title, description: pending.description, price: pending.price }
      : {};
  await tx
    .update(merchandise)
    .set({ ...applied, reviewState: pending.returnTo, pendingChanges: null })
    .where(eq(merchandise.id, id));
  Object.assign(written, applied, { reviewState: pending.returnTo });
  if (step === 'approve')
    await audit(tx, actor.id, 'update', 'merchandise', id, {
      before: { title: row.title, description: row.description, price: row.price },
      after: applied,
    });
  return step === 'approve';
}
