import { z } from 'zod';
import { idParamsSchema, limits, optionalText, requiredText, resultOf, tableResultOf } from './common';
import { usStateCodes } from './us-states';

export const promoCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  organization: z.string(),
  state: z.string(),
  isActive: z.boolean(),
  description: z.string().nullable(),
});
export type PromoCode = z.infer<typeof promoCodeSchema>;

export const promoCodeMax = 50;
export const promoDescriptionMax = 500;

/** Name and organization are stored as shown: in uppercase. */
const upperText = (label: string) =>
  requiredText(label, limits.promoText).transform((text) => text.toUpperCase());

/** The fields of the create and update forms; an id in the body is never applied. */
export const promoCodeInputSchema = z.object({
  code: requiredText('Code', promoCodeMax).regex(
    /^[A-Za-z0-9_-]+$/,
    'Code may contain only letters, digits, - and _',
  ),
  name: upperText('Name'),
  organization: upperText('Organization'),
  state: z.enum(usStateCodes, { error: 'State is required' }),
  isActive: z.boolean({ error: 'Active is required' }),
  description: optionalText('Description', promoDescriptionMax),
});
export type PromoCodeInput = z.input<typeof promoCodeInputSchema>;

export const promoActiveStatusSchema = z.object({
  id: idParamsSchema.shape.id,
  isActive: z.boolean({ error: 'Active is required' }),
});

/** `DELETE promo-codes?id=5`: the id travels in the query, since proxies may drop DELETE bodies. */
export const promoDeleteQuerySchema = idParamsSchema;

export const promoCodeResponseSchema = resultOf(promoCodeSchema);
export const promoCodeTableResponseSchema = tableResultOf(promoCodeSchema);
