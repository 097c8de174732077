import { z } from 'zod';
import { requiredText } from '../common';
import { createSchemaOf, field, fieldInputSchema, maxIntegerId } from '../resource';
import { cents, ordersWithoutSchemas, totalOf } from './orders';

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
  // Checked against the product's garment and colours by the server, which knows them.
  size: fieldInputSchema(field.text({ label: 'Size', max: 20 })) as z.ZodType<string | null>,
  colour: fieldInputSchema(field.text({ label: 'Colour', max: 50 })) as z.ZodType<string | null>,
});
export type OrderItemInput = z.output<typeof orderItemInputSchema>;

/**
 * `POST orders`: the spec's body, plus `items`. With items the total may be left out and is
 * their sum; a total sent alongside must be that sum, so a stored order never disagrees with
 * its own lines.
 */
const optionalTotal = { ...ordersWithoutSchemas.fields.total, required: false };
const itemsAndTotal = z.object({
  total: fieldInputSchema(optionalTotal) as z.ZodType<number | null>,
  items: z.array(orderItemInputSchema).min(1, 'Items must not be empty').max(500).optional(),
});
type ItemsAndTotal = z.output<typeof itemsAndTotal>;

const totalSchema = fieldInputSchema(ordersWithoutSchemas.fields.total);

/**
 * Why items cannot make one order's total, if they cannot: 500 lines of 10000 at the largest
 * price add up to more than the total's column holds, though each line is within its limits.
 */
export const itemsTotalFailure = (items: readonly { quantity: number; unitPrice: number }[]) => {
  const checked = totalSchema.safeParse(totalOf(items));
  return checked.success ? undefined : checked.error.issues[0].message;
};

export const orderCreateSchema = (createSchemaOf(ordersWithoutSchemas) as z.ZodObject)
  .extend(itemsAndTotal.shape)
  .superRefine((order, context) => {
    const { total, items } = order as ItemsAndTotal;
    if (!items) {
      if (total === null) context.addIssue({ code: 'custom', path: ['total'], message: 'Total is required' });
      return;
    }
    const outOfRange = itemsTotalFailure(items);
    if (outOfRange) {
      context.addIssue({ code: 'custom', path: ['items'], message: outOfRange });
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

/** A line of an order as its detail page shows it. */
export const orderItemSchema = z.object({
  id: z.number().int(),
  productId: z.number().int().nullable(),
  title: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  size: z.string().nullable(),
  colour: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;
export const orderItemsResponseSchema = z.object({ result: z.array(orderItemSchema) });
