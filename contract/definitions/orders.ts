import { defineResource, field } from '../definition';
import { roles } from '../roles';

export const orderStatuses = ['Pending', 'Paid', 'Shipped', 'Refunded', 'Cancelled'] as const;

/**
 * Read-only in the portal: orders arrive from the storefront (`POST orders`, Admins only, its
 * body with the items in `order-items.ts`). The registry (`index.ts`) exports `orders`, this
 * definition joined with that body; this one is for what must load without zod.
 */
export const ordersWithoutSchemas = defineResource({
  name: 'orders',
  table: 'orders',
  label: { one: 'Order', many: 'Orders' },
  titleField: 'orderNumber',
  menu: { icon: 'Receipt', order: 60 },
  access: {
    list: [roles.admin, roles.athleticDirector],
    read: [roles.admin, roles.athleticDirector],
    create: [roles.admin],
    export: [roles.admin, roles.athleticDirector],
  },
  // The spec's Orders table has no create; `POST orders` is the storefront's call.
  notOffered: ['create'],
  organizationField: 'organizationId',
  fields: {
    organizationId: field.reference({
      label: 'Organization',
      to: 'organizations',
      show: 'name',
      required: true,
      list: false,
    }),
    orderNumber: field.text({ label: 'Order number', max: 100, required: true, search: true, sort: true }),
    collectionId: field.text({ label: 'Collection', max: 100, required: true, sort: true, filter: true }),
    customerName: field.text({ label: 'Customer name', max: 200, required: true, search: true, sort: true }),
    customerEmail: field.email({
      label: 'Customer email',
      max: 256,
      required: true,
      search: true,
      sort: true,
    }),
    total: field.money({ label: 'Total', required: true, sort: true, filter: true }),
    status: field.choice({
      label: 'Status',
      required: true,
      choices: orderStatuses.map((status) => ({ value: status, label: status })),
      search: true,
      sort: true,
      filter: true,
    }),
    createdAt: field.dateTime({ label: 'Created', readOnly: true, required: true, sort: true, filter: true }),
    // Which store window the order arrived in: the server decides it from the order's time.
    campaignId: field.reference({
      label: 'Campaign',
      to: 'campaigns',
      show: 'name',
      readOnly: true,
      filter: true,
    }),
    outsideWindow: field.boolean({ label: 'Outside any window', readOnly: true, filter: true }),
  },
  // The storefront's collection id means little to a reader; it is there for who looks for it.
  list: { sort: { field: 'createdAt', order: 'DESC' }, hidden: ['collectionId'] },
  audit: { entityType: 'order' },
  routes: { table: { path: 'organization/:organizationId/table', scopeParam: 'organizationId' } },
});

/** An amount in whole cents, so that sums of money do not drift. */
export const cents = (amount: number) => Math.round(amount * 100);

/** An order's total is what its items add up to, in whole cents. */
export const totalOf = (items: readonly { quantity: number; unitPrice: number }[]) =>
  items.reduce((sum, item) => sum + item.quantity * cents(item.unitPrice), 0) / 100;
