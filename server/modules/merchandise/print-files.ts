import { eq } from 'drizzle-orm';
import type { Side } from '../../../contract/composition';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { merchandise } from '../../db/schema';
import { notFound } from '../../http/errors';
import { scopedOrganizationId } from '../organizations/service';
import { printKeyOf } from './products';

/** A side's print file of a product the actor may see (archived ones too: orders are printed from them). */
export async function printFileKey(db: Db, actor: SessionUser, id: number, side: Side) {
  const [row] = await db.select().from(merchandise).where(eq(merchandise.id, id));
  if (!row) throw notFound('Product');
  scopedOrganizationId(actor, row.organizationId);
  const key = printKeyOf(row, side);
  if (!key) throw notFound('Print file');
  return { key, fileName: `product-${row.id}-${side}-print.png` };
}

/** The preflight's JSON beside the print files, for whoever may download them. */
export async function printPreflightKey(db: Db, actor: SessionUser, id: number) {
  const [row] = await db.select().from(merchandise).where(eq(merchandise.id, id));
  if (!row) throw notFound('Product');
  scopedOrganizationId(actor, row.organizationId);
  if (!row.preflightKey) throw notFound('Print file');
  return { key: row.preflightKey, fileName: `product-${row.id}-preflight.json` };
}
