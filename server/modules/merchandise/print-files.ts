import { and, eq } from 'drizzle-orm';
import { productReview } from '../../../contract/merchandise-review';
import type { Side } from '../../../contract/composition';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { merchandise } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { scopeCondition } from '../../engine/scope';
import { columnsOf } from '../../engine/tables';
import { printKeyOf } from './products';

const products = { definition: productReview, columns: columnsOf(merchandise) };

/** A product within the actor's reach: 404 when there is none, 403 when it is another's. */
async function reachedProduct(db: Db, actor: SessionUser, id: number) {
  const [row] = await db.select().from(merchandise).where(eq(merchandise.id, id));
  if (!row) throw notFound('Product');
  const [reached] = await db
    .select({ id: merchandise.id })
    .from(merchandise)
    .where(and(eq(merchandise.id, id), scopeCondition(products, actor)));
  if (!reached) throw forbidden();
  return row;
}

/**
 * A side's print file of a product the actor may see (archived ones too: orders are printed from
 * them): an Admin's, the owning school's, and its reviewers' (who judge what will be printed).
 */
export async function printFileKey(db: Db, actor: SessionUser, id: number, side: Side) {
  const row = await reachedProduct(db, actor, id);
  const key = printKeyOf(row, side);
  if (!key) throw notFound('Print file');
  return { key, fileName: `product-${row.id}-${side}-print.png` };
}

/** The preflight's JSON beside the print files, for whoever may download them. */
export async function printPreflightKey(db: Db, actor: SessionUser, id: number) {
  const row = await reachedProduct(db, actor, id);
  if (!row.preflightKey) throw notFound('Print file');
  return { key: row.preflightKey, fileName: `product-${row.id}-preflight.json` };
}
