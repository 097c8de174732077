import { z } from 'zod';
import { resultOf } from './common';
import { maxIntegerId } from './resource';

/** The composed product image is a png of at most this size; the server checks it by content. */
export const productImageMaxBytes = 20 * 1024 * 1024;
export const productTextLimits = { title: 100, description: 2000 } as const;
export const maxPrice = 100_000;

export const mediaSchema = z.object({ imageUrl: z.string(), thumbnailUrl: z.string().nullable() });

export const productStatuses = ['processing', 'ready', 'failed'] as const;

export const merchandiseProductSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  /** Empty while the product is still being processed. */
  media: z.array(mediaSchema),
  createdAt: z.string(),
  baseApparelId: z.number().int(),
  logoId: z.number().int().nullable(),
  organizationId: z.number().int(),
  status: z.enum(productStatuses),
});
export type MerchandiseProduct = z.infer<typeof merchandiseProductSchema>;

export const merchandiseByOrganizationQuerySchema = z.object({
  organizationGuid: z.uuid('organizationGuid must be an organization guid'),
  maxProductCount: z.coerce
    .number({ error: 'maxProductCount must be a number' })
    .int('maxProductCount must be a whole number')
    .min(1, 'maxProductCount must be at least 1')
    .max(500, 'maxProductCount must be at most 500')
    .default(100),
});

export const merchandiseByOrganizationResponseSchema = resultOf(
  z.object({ products: z.array(merchandiseProductSchema), spiritShopAddress: z.string().nullable() }),
);

export const baseApparelSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  brand: z.string().nullable(),
  media: z.array(mediaSchema),
  /** Logos of the current organization already combined with this apparel. */
  usedLogoIds: z.array(z.number().int()),
});
export type BaseApparel = z.infer<typeof baseApparelSchema>;

export const baseApparelQuerySchema = z.object({
  organizationId: z.coerce
    .number({ error: 'organizationId must be a number' })
    .int('organizationId must be a whole number')
    .positive('organizationId must be positive')
    .max(maxIntegerId, 'organizationId does not exist')
    .optional(),
});

export const baseApparelResponseSchema = resultOf(z.object({ products: z.array(baseApparelSchema) }));

const idField = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .positive(`${label} is required`)
    .max(maxIntegerId, `${label} does not exist`);

/** The text fields of the create form (multipart, so every value arrives as text). */
export const createMerchandiseFieldsSchema = z.object({
  Title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(productTextLimits.title, `Title must be at most ${productTextLimits.title} characters`),
  Description: z
    .string()
    .trim()
    .max(
      productTextLimits.description,
      `Description must be at most ${productTextLimits.description} characters`,
    )
    .default(''),
  Price: z
    .string({ error: 'Price is required' })
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, 'Price must be a number of dollars with at most two decimals, not negative')
    .transform(Number)
    .pipe(z.number().max(maxPrice, `Price must be at most ${maxPrice}`)),
  LogoId: idField('LogoId'),
  BaseApparelId: idField('BaseApparelId'),
  OrganizationId: idField('OrganizationId').optional(),
});

export const createMerchandiseResponseSchema = resultOf(merchandiseProductSchema);
export const uploadImageResponseSchema = resultOf(z.object({ imageUrl: z.string() }));

export const combinationExistsMessage = 'Merchandise featuring this combination already exists';
