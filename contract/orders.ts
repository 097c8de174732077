import { z } from 'zod';
import { emailField, idParamsSchema, requiredText, resultOf, tableResultOf } from './common';

export const orderStatuses = ['Pending', 'Paid', 'Shipped', 'Refunded', 'Cancelled'] as const;

export const orderSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  collectionId: z.string(),
  orderNumber: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  total: z.number(),
  status: z.string(),
  /** ISO 8601 with a zone designator. */
  createdAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderCreateSchema = z.object({
  organizationId: idParamsSchema.shape.id,
  collectionId: requiredText('Collection', 100),
  orderNumber: requiredText('Order number', 100),
  customerName: requiredText('Customer name', 200),
  customerEmail: emailField('Customer email'),
  total: z
    .number({ error: 'Total must be a number' })
    .min(-1_000_000_000, 'Total is out of range')
    .max(1_000_000_000, 'Total is out of range')
    .multipleOf(0.01, 'Total must have at most two decimals'),
  status: z.enum(orderStatuses, { error: `Status must be one of ${orderStatuses.join(', ')}` }),
});
export type OrderCreate = z.input<typeof orderCreateSchema>;

export const organizationOrdersParamsSchema = z.object({ organizationId: idParamsSchema.shape.id });

export const byCollectionQuerySchema = z.object({ collectionId: requiredText('Collection', 100) });

export const orderResponseSchema = resultOf(orderSchema);
export const orderListResponseSchema = resultOf(z.array(orderSchema));
export const orderTableResponseSchema = tableResultOf(orderSchema);
