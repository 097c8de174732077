import { z } from 'zod';
import { optionSchema, resultOf } from './common';

export const organizationSchema = z.object({
  id: z.number().int(),
  guid: z.string(),
  name: z.string(),
  spiritShopAddress: z.string().nullable(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const organizationResponseSchema = resultOf(organizationSchema);
export const organizationOptionsResponseSchema = resultOf(z.array(optionSchema));
