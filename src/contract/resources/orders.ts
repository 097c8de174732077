import { z } from 'zod';
import { requiredText } from '../common';
import { createSchemaOf, defineResource, field, fieldInputSchema, maxIntegerId } from '../resource';
import { roles } from '../roles';

export const orderStatuses = ['Pending', 'Paid', 'Shipped', 'Refunded', 'Cancelled'] as const;

const ordersDefinition = defineResource({
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
  },
  list: { sort: { field: 'createdAt', order: 'DESC' } },
  audit: { entityType: 'order' },
  routes: { table: { path: 'organization/:organizationId/table', scopeParam: 'organizationId' } },
});

const cents = (amount: number) => Math.round(amount * 100);

/** One line of `POST orders`: a product of ours (or none, for an item the storefront alone knows). */
export const orderItemInputSchema = z.object({
  productId: z
    .number({ error: 'Product must be a number' })
    .int('Product must be a whole number')
    .positive('Product must be positive')
    .max(maxIntegerId, 'Product does not exist')
    .nullish()
    .transform((value) => value ?? null),
  title: requiredText('Title', 200),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(10_000, 'Quantity must be at most 10000'),
  unitPrice: fieldInputSchema(
    field.money({ label: 'Unit price', required: true, min: 0, max: 1_000_000 }),
  ) as z.ZodType<number>,
});
export type OrderItemInput = z.output<typeof orderItemInputSchema>;

/** An order's total is what its items add up to, in whole cents. */
export const totalOf = (items: readonly { quantity: number; unitPrice: number }[]) =>
  items.reduce((sum, item) => sum + item.quantity * cents(item.unitPrice), 0) / 100;

/**
 * `POST orders`: the spec's body, plus `items`. With items the total may be left out and is
 * their sum; a total sent alongside must be that sum, so a stored order never disagrees with
 * its own lines.
 */
const itemsAndTotal = z.object({
  total: fieldInputSchema({ ...ordersDefinition.fields.total, required: false }) as z.ZodType<number | null>,
  items: z.array(orderItemInputSchema).min(1, 'Items must not be empty').max(500).optional(),
});
type ItemsAndTotal = z.output<typeof itemsAndTotal>;

export const orderCreateSchema = (createSchemaOf(ordersDefinition) as z.ZodObject)
  .extend(itemsAndTotal.shape)
  .superRefine((order, context) => {
    const { total, items } = order as ItemsAndTotal;
    if (!items) {
      if (total === null) context.addIssue({ code: 'custom', path: ['total'], message: 'Total is required' });
      return;
    }
    const sum = totalOf(items);
    if (total !== null && cents(total) !== cents(sum))
      context.addIssue({
        code: 'custom',
        path: ['total'],
        message: `Total must be the sum of the items (${sum.toFixed(2)})`,
      });
  })
  .transform((order) => {
    const { total, items } = order as ItemsAndTotal;
    return { ...order, total: items ? totalOf(items) : total };
  });

/** Read-only in the portal: orders arrive from the storefront (`POST orders`, Admins only). */
export const orders = defineResource({ ...ordersDefinition, schemas: { create: orderCreateSchema } });

/** A line of an order as its detail page shows it. */
export const orderItemSchema = z.object({
  id: z.number().int(),
  productId: z.number().int().nullable(),
  title: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  thumbnailUrl: z.string().nullable(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;
export const orderItemsResponseSchema = z.object({ result: z.array(orderItemSchema) });
