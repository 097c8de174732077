import { z } from 'zod';
import { resultOf, tableResultOf } from './common';

export const brandSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  isShowcased: z.boolean(),
});
export type Brand = z.infer<typeof brandSchema>;

export const brandShowcaseSchema = z.object({ isShowcased: z.boolean({ error: 'Showcased is required' }) });

export const brandResponseSchema = resultOf(brandSchema);
export const brandListResponseSchema = resultOf(z.array(brandSchema));
export const brandTableResponseSchema = tableResultOf(brandSchema);
