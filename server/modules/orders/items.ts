import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OrderItem, OrderItemInput } from '../../../contract/definitions/order-items';
import { orders as orderDefinition } from '../../../contract/definitions';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { merchandise, orderItems, orders } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { scopeCondition } from '../../engine/scope';
import { columnsOf } from '../../engine/tables';
import { mediaUrl } from '../merchandise/media';
import { checkVariants } from './windows';

/**
 * Stores an order's lines. A product named by a line must be one of the order's organization:
 * a line pointing at another school's product would show that school's sales on this order.
 */
export async function storeOrderItems(
  tx: Db,
  orderId: number,
  organizationId: number,
  items: readonly OrderItemInput[],
) {
  const productIds = [...new Set(items.map((item) => item.productId).filter((id) => id !== null))];
  if (productIds.length > 0) {
    const known = await tx
      .select({ id: merchandise.id })
      .from(merchandise)
      .where(and(inArray(merchandise.id, productIds), eq(merchandise.organizationId, organizationId)));
    const index = items.findIndex(
      (item) => item.productId !== null && !known.some((product) => product.id === item.productId),
    );
    if (index >= 0) throw badRequest(`items.${index}.productId`, 'Product does not exist');
  }
  const checked = await checkVariants(tx, items);
  if (!('items' in checked)) throw badRequest(checked.path, checked.message);
  if (items.length > 0)
    await tx.insert(orderItems).values(checked.items.map((item) => ({ ...item, orderId })));
}

/** An order's lines, for the roles that may read the order: other organizations' orders are not found. */
export async function itemsOfOrder(db: Db, actor: SessionUser, orderId: number): Promise<OrderItem[]> {
  const scope = scopeCondition({ definition: orderDefinition, columns: columnsOf(orders) }, actor);
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), scope));
  if (!order) throw notFound('Order');
  const rows = await db
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      title: orderItems.title,
      quantity: orderItems.quantity,
      unitPrice: orderItems.unitPrice,
      size: orderItems.size,
      colour: orderItems.colour,
      thumbnailKey: merchandise.thumbnailKey,
    })
    .from(orderItems)
    .leftJoin(merchandise, eq(merchandise.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  return rows.map(({ thumbnailKey, ...item }) => ({
    ...item,
    thumbnailUrl: thumbnailKey ? mediaUrl(thumbnailKey) : null,
  }));
}
