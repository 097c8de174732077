import { z } from 'zod';
import { resultOf } from './common';

/** `GET brands/showcased`: the spec's own call, answered without the table's version. */
const showcasedBrandSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  isShowcased: z.boolean(),
});
export type ShowcasedBrand = z.infer<typeof showcasedBrandSchema>;

export const brandListResponseSchema = resultOf(z.array(showcasedBrandSchema));
