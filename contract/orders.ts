import { z } from 'zod';
import { requiredText, resultOf } from './common';

const orderSchema = z.object({
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

export const byCollectionQuerySchema = z.object({ collectionId: requiredText('Collection', 100) });

export const orderListResponseSchema = resultOf(z.array(orderSchema));
