import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Order, orderCreateSchema } from '../../../src/contract/orders';
import { isAdmin } from '../../../src/contract/roles';
import { audit } from '../../audit';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { orders, organizations } from '../../db/schema';
import { badRequest, forbidden } from '../../http/errors';
import { type ParsedTableQuery, tablePage } from '../../http/table';
import { scopedOrganizationId } from '../organizations/service';

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

type OrderRow = Omit<Order, 'createdAt'> & { createdAt: Date };
const toOrder = (row: OrderRow): Order => ({ ...row, createdAt: row.createdAt.toISOString() });

/** The orders of one organization; a non-admin only ever gets their own organization's. */
export async function organizationOrdersTable(
  db: Db,
  actor: SessionUser,
  organizationId: number,
  query: ParsedTableQuery,
) {
  const scoped = scopedOrganizationId(actor, organizationId);
  if (scoped === null) throw forbidden();
  const page = await tablePage<OrderRow>(
    db,
    {
      table: orders,
      searchColumn: orders.searchText,
      sortable: {
        orderNumber: orders.orderNumber,
        customerName: orders.customerName,
        customerEmail: orders.customerEmail,
        total: orders.total,
        status: orders.status,
        collectionId: orders.collectionId,
        createdAt: orders.createdAt,
      },
      defaultSort: { column: orders.createdAt, order: 'DESC' },
      tieBreaker: orders.id,
      scope: eq(orders.organizationId, scoped),
    },
    query,
    columns,
  );
  return { data: page.data.map(toOrder), totalFilteredRecords: page.totalFilteredRecords };
}

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
  return rows.map(toOrder);
}

export async function createOrder(
  db: Db,
  actor: SessionUser,
  input: z.output<typeof orderCreateSchema>,
): Promise<Order> {
  const [organization] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, input.organizationId));
  if (!organization) throw badRequest('organizationId', 'Organization does not exist');
  const [row] = await db.insert(orders).values(input).returning(columns);
  await audit(db, actor.id, 'create', 'order', row.id, {
    organizationId: row.organizationId,
    orderNumber: row.orderNumber,
  });
  return toOrder(row);
}
