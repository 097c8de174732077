import { z } from 'zod';
import { optionSchema, requiredText, resultOf, tableResultOf } from './common';

export const organizationSchema = z.object({
  id: z.number().int(),
  guid: z.string(),
  name: z.string(),
  spiritShopAddress: z.string().nullable(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const organizationResponseSchema = resultOf(organizationSchema);
export const organizationOptionsResponseSchema = resultOf(z.array(optionSchema));

export const organizationNameMax = 200;
export const storefrontAddressMax = 2000;

/** The storefront link of the page header: an https address, or nothing. */
export const spiritShopAddressField = z
  .string({ error: 'Storefront address must be text' })
  .trim()
  .max(storefrontAddressMax, `Storefront address must be at most ${storefrontAddressMax} characters`)
  .nullish()
  .transform((value) => value || null)
  .refine((value) => {
    if (value === null) return true;
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && Boolean(url.hostname) && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'Storefront address must be an https:// address');

/** Create and update: an id in the body is never applied, the guid is the server's. */
export const organizationInputSchema = z.object({
  name: requiredText('Name', organizationNameMax),
  spiritShopAddress: spiritShopAddressField,
});
export type OrganizationInput = z.input<typeof organizationInputSchema>;

export const organizationTableResponseSchema = tableResultOf(organizationSchema);
