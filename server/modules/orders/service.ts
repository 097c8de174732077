import { and, desc, eq } from 'drizzle-orm';
import type { Order } from '../../../contract/orders';
import { orders as orderDefinition } from '../../../contract/definitions';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { scopeCondition } from '../../engine/scope';
import { columnsOf } from '../../engine/tables';

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

/** The orders an actor reaches, by the engine's scope of the orders' table. */
const scopedOrders = { definition: orderDefinition, columns: columnsOf(orders) };

/** Orders of a collection: every organization's for an Admin, only their own for anyone else. */
export async function ordersByCollection(db: Db, actor: SessionUser, collectionId: string): Promise<Order[]> {
  const scope = scopeCondition(scopedOrders, actor);
  const rows = await db
    .select(columns)
    .from(orders)
    .where(and(eq(orders.collectionId, collectionId), scope))
    .orderBy(desc(orders.createdAt))
    .limit(1000);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
