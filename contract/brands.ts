import { z } from 'zod';
import { resultOf } from './common';

const brandSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  isShowcased: z.boolean(),
});
export type Brand = z.infer<typeof brandSchema>;

export const brandListResponseSchema = resultOf(z.array(brandSchema));
