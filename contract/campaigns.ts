import { z } from 'zod';
import { resultOf } from './common';
import { field, fieldInputSchema, maxIntegerId } from './resource';

/** Most products one store window sells. */
const maxCampaignProducts = 50;

/**
 * What the platform keeps of the money a window raises for its school, in percent: a store
 * window's fundraising report states both, as team-store vendors' reports do (docs/decisions.md).
 */
export const platformSharePercent = 10;

const productId = z
  .number({ error: 'Product must be a number' })
  .int('Product must be a whole number')
  .positive('Product must be positive')
  .max(maxIntegerId, 'Product does not exist');

/** One product a window sells, as its director sets it. */
const campaignProductInputSchema = z.object({
  productId,
  minimum: z
    .number({ error: 'Minimum must be a number' })
    .int('Minimum must be a whole number')
    .min(1, 'Minimum must be at least 1')
    .max(10_000, 'Minimum must be at most 10000'),
  fundraising: fieldInputSchema(
    field.money({ label: 'Fundraising', required: true, min: 0, max: 1_000 }),
  ) as z.ZodType<number>,
});
export type CampaignProductInput = z.output<typeof campaignProductInputSchema>;

/** `PUT campaigns/{id}/products`: the whole list at once, each product once. */
export const campaignProductsInputSchema = z.object({
  products: z
    .array(campaignProductInputSchema)
    .max(maxCampaignProducts, `At most ${maxCampaignProducts} products`)
    .superRefine((products, context) => {
      products.forEach((product, index) => {
        const first = products.findIndex((other) => other.productId === product.productId);
        if (first !== index)
          context.addIssue({
            code: 'custom',
            path: [index, 'productId'],
            message: `The product is listed twice (also line ${first + 1})`,
          });
      });
    }),
});

/** A product a window sells, with what it has sold so far (orders neither cancelled nor refunded). */
const campaignProductSchema = z.object({
  productId: z.number().int(),
  title: z.string(),
  thumbnailUrl: z.string().nullable(),
  price: z.number(),
  minimum: z.number().int(),
  fundraising: z.number(),
  /** What a buyer pays during the window: the price and the fundraising amount. */
  salePrice: z.number(),
  units: z.number().int(),
});
export type CampaignProduct = z.infer<typeof campaignProductSchema>;
export const campaignProductsResponseSchema = resultOf(z.array(campaignProductSchema));

/** A product of the window's school that it may sell: approved or published. */
export const campaignCandidateSchema = z.object({
  productId: z.number().int(),
  title: z.string(),
  thumbnailUrl: z.string().nullable(),
  price: z.number(),
});
export const campaignCandidatesResponseSchema = resultOf(z.array(campaignCandidateSchema));

/** `failed`: its job's last attempt failed and no package was built; it can be built again. */
const packageStatuses = ['none', 'building', 'ready', 'failed'] as const;

/** What the close-out says of one product: its units against its minimum and what it raised. */
const closeOutProductSchema = z.object({
  productId: z.number().int(),
  title: z.string(),
  minimum: z.number().int(),
  units: z.number().int(),
  met: z.boolean(),
  fundraising: z.number(),
  raised: z.number(),
});

/** Units of one product in one colour and size: the line a print shop produces from. */
const closeOutCountSchema = z.object({
  productId: z.number().int(),
  title: z.string(),
  colour: z.string(),
  size: z.string(),
  units: z.number().int(),
});

/**
 * `GET campaigns/{id}/close-out`: the window's figures as they stand (final once it is closed) and
 * its package, built by a job when the window closes and downloaded from
 * `GET campaigns/{id}/close-out/package`.
 */
const closeOutSchema = z.object({
  orders: z.number().int(),
  units: z.number().int(),
  products: z.array(closeOutProductSchema),
  counts: z.array(closeOutCountSchema),
  raised: z.number(),
  platformShare: z.number(),
  /** Orders of the school that arrived while no window of its products was open: kept, flagged. */
  outsideWindow: z.number().int(),
  package: z.object({
    status: z.enum(packageStatuses),
    builtAt: z.string().nullable(),
    bytes: z.number().int().nullable(),
    /** Why the last build failed, when it did. */
    error: z.string().nullable(),
  }),
});
export type CloseOut = z.infer<typeof closeOutSchema>;
export const closeOutResponseSchema = resultOf(closeOutSchema);

/** The dashboard's campaign card: a director's open window, or an Admin's windows closing this week. */
const campaignCardSchema = z.object({
  campaigns: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      organizationName: z.string(),
      state: z.string(),
      opensAt: z.string(),
      closesAt: z.string(),
      /** Whole days until it closes, 0 on its last day. */
      daysLeft: z.number().int(),
      products: z.array(closeOutProductSchema),
      raised: z.number(),
    }),
  ),
});
export type CampaignCard = z.infer<typeof campaignCardSchema>;
export const campaignCardResponseSchema = resultOf(campaignCardSchema);
