import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Order } from '../../../contract/orders';
import { isAdmin } from '../../../contract/roles';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { forbidden } from '../../errors';

const columns = {
  id: orders.id,
  organizationId: orders.organizationId,
  collectionId: orders.collectionId,
  orderNumber: orders.orderNumber,
  customerName: orders.customerName,
  customerEmail: orders.customerEmail,
  total: orders.total,
  status: orders.status,
  createdAt: orders.createdAt,
};

/** Orders of a collection: every organization's for an Admin, only their own for anyone else. */
export async function ordersByCollection(db: Db, actor: SessionUser, collectionId: string): Promise<Order[]> {
  let scope: SQL | undefined;
  if (!isAdmin(actor.roles)) {
    if (actor.organizationId === null) throw forbidden();
    scope = eq(orders.organizationId, actor.organizationId);
  }
  const rows = await db
    .select(columns)
    .from(orders)
    .where(and(eq(orders.collectionId, collectionId), scope))
    .orderBy(desc(orders.createdAt))
    .limit(1000);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
