import { z } from 'zod';
import { pendingChangesSchema, reviewStates } from './merchandise-review';
import { minLogoWidth, sides } from './composition';
import { resultOf, versionInput, versionOutput } from './common';
import { organizationIdField } from './design-logos';
import { preflightRules } from './preflight';
import { maxIntegerId } from './resource';
import {
  type Layer,
  layerMessage,
  maxArcDegrees,
  maxOutlineInches,
  maxTextLength,
  textFontIds,
  textSizeInches,
} from './text';
import { trashRowFields } from './trash';

export {
  apparelColourExists,
  combinationExistsMessage,
  printDpiTooLow,
  productHasOrdersMessage,
} from './merchandise-messages';

/** The composed product image is a png of at most this size; the server checks it by content. */
export const productImageMaxBytes = 20 * 1024 * 1024;
const productTextLimits = { title: 100, description: 2000 } as const;
const maxPrice = 100_000;

const mediaSchema = z.object({ imageUrl: z.string(), thumbnailUrl: z.string().nullable() });

const productStatuses = ['processing', 'ready', 'failed'] as const;

const placementSchema = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number(),
  rotation: z.number(),
});

const printAreaSchema = z.object({
  left: z.number(),
  top: z.number(),
  width: z.number(),
  height: z.number(),
  widthInches: z.number(),
  heightInches: z.number(),
});

const printAreasSchema = z.object({ front: printAreaSchema, back: printAreaSchema.nullable() });

/** Most colours one product is sold in. */
const maxProductColours = 8;

/** Most layers a design may have besides its main logo. */
const maxLayers = 10;

const boundedNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

const logoLayerSchema = z.object({
  kind: z.literal('logo'),
  side: z.enum(sides, { error: 'side must be front or back' }),
  logoId: z.number().int().positive().max(maxIntegerId),
  placement: z.object({
    x: boundedNumber('x', 0, 1),
    y: boundedNumber('y', 0, 1),
    width: boundedNumber('width', minLogoWidth, 1),
    rotation: boundedNumber('rotation', -360, 360),
  }),
});

const hexColour = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .regex(/^#[0-9a-fA-F]{6}$/, `${label} must be a colour such as #1f2a44`);

const textLayerSchema = z.object({
  kind: z.literal('text'),
  side: z.enum(sides, { error: 'side must be front or back' }),
  text: z
    .string({ error: 'The text is required' })
    .refine((text) => text.trim().length > 0, 'The text is required')
    // Counted in characters as a person counts them, not UTF-16 units.
    .refine(
      (text) => [...text].length <= maxTextLength,
      `The text must be at most ${maxTextLength} characters`,
    ),
  font: z.enum(textFontIds, { error: `font must be one of ${textFontIds.join(', ')}` }),
  colour: hexColour('colour'),
  outline: z
    .object({
      colour: hexColour('outline colour'),
      width: boundedNumber('outline width', 0.01, maxOutlineInches),
    })
    .optional(),
  size: boundedNumber('size', textSizeInches.min, textSizeInches.max),
  rotation: boundedNumber('rotation', -360, 360),
  arc: boundedNumber('arc', -maxArcDegrees, maxArcDegrees).default(0),
  placement: z.object({ x: boundedNumber('x', 0, 1), y: boundedNumber('y', 0, 1) }),
});

const layerSchema = z.discriminatedUnion('kind', [logoLayerSchema, textLayerSchema], {
  error: 'kind must be logo or text',
});

/** The preflight's result as stored with a product (contract/preflight.ts `PreflightResult`). */
const preflightResultSchema = z.object({
  passes: z.boolean(),
  issues: z.array(
    z.object({
      rule: z.enum(preflightRules),
      severity: z.enum(['error', 'warning', 'note']),
      field: z.string().nullable(),
      side: z.enum(sides),
      values: z.record(z.string(), z.union([z.string(), z.number()])),
      message: z.string(),
    }),
  ),
  sides: z.array(
    z.object({
      side: z.enum(sides),
      colours: z.array(z.string()),
      gradient: z.boolean(),
      underbaseOn: z.array(z.string()),
      screenColours: z.number(),
      method: z.enum(['screen', 'dtg']),
    }),
  ),
});

export const merchandiseProductSchema = z.object({
  id: z.number().int(),
  version: versionOutput,
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
  /** Where the design stands in review; only a published one is on sale. */
  reviewState: z.enum(reviewStates),
  /** The reviewer's comment on the last decision, for the director. */
  reviewComment: z.string().nullable(),
  /** A title, description and price waiting for a reviewer; null when none is. */
  pendingChanges: pendingChangesSchema.nullable(),
  placement: placementSchema,
  /** Artwork beyond the main front logo. */
  layers: z.array(layerSchema),
  /** The colours it is sold in, each with its picture once processed; empty for the catalogue colour only. */
  colours: z.array(
    z.object({
      name: z.string(),
      hex: z.string(),
      imageUrl: z.string().nullable(),
      thumbnailUrl: z.string().nullable(),
    }),
  ),
  /** The print files, one per printed side, for Admins and the organization's users; empty until processed. */
  printFiles: z.array(z.object({ side: z.enum(sides), url: z.string() })),
  /** The preflight at create: its warnings and advice; null for products made before it. */
  preflight: preflightResultSchema.nullable(),
  /** The preflight as a JSON file beside the print files, for the print shop; null until processed. */
  preflightUrl: z.string().nullable(),
});
export type MerchandiseProduct = z.infer<typeof merchandiseProductSchema>;

/** `GET merchandise/review-queue`: the submitted designs a reviewer may decide on, with their school. */
export const reviewQueueResponseSchema = resultOf(
  z.array(merchandiseProductSchema.extend({ organizationName: z.string() })),
);
export type ReviewQueueItem = z.infer<typeof reviewQueueResponseSchema>['result'][number];

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

const apparelColourSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  hex: z.string(),
  imageUrl: z.string(),
});
export type ApparelColour = z.infer<typeof apparelColourSchema>;

const apparelColourNameMax = 40;

/** An Admin's new colour variant (multipart text fields, with the garment's png as ImageFile). */
export const apparelColourFieldsSchema = z.object({
  Name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(apparelColourNameMax, `Name must be at most ${apparelColourNameMax} characters`),
  Hex: z
    .string({ error: 'Hex is required' })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Hex must be a colour such as #1f2a44')
    .transform((hex) => hex.toLowerCase()),
});

const baseApparelSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  price: z.number(),
  brand: z.string().nullable(),
  media: z.array(mediaSchema),
  /** Logos of the current organization already combined with this apparel, in any placement. */
  usedLogoIds: z.array(z.number().int()),
  printAreas: printAreasSchema,
  /**
   * Whether its pictures are shaded as cloth (a garment drawn from an outline, whose shading
   * the studio's preview reads); an uploaded garment's are flat.
   */
  fabric: z.boolean(),
  /** The colours it comes in, the first the one its own image shows. */
  colours: z.array(apparelColourSchema),
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

const titleField = z
  .string({ error: 'Title is required' })
  .trim()
  .min(1, 'Title is required')
  .max(productTextLimits.title, `Title must be at most ${productTextLimits.title} characters`);

const descriptionField = z
  .string()
  .trim()
  .max(
    productTextLimits.description,
    `Description must be at most ${productTextLimits.description} characters`,
  )
  .default('');

const priceText = z
  .string({ error: 'Price is required' })
  .trim()
  .regex(/^\d+(\.\d{1,2})?$/, 'Price must be a number of dollars with at most two decimals, not negative')
  .transform(Number)
  .pipe(z.number().max(maxPrice, `Price must be at most ${maxPrice}`));

/** A decimal number sent as multipart text, within bounds. */
const fractionField = (label: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, `${label} must be a number`)
    .transform(Number)
    .pipe(z.number().min(min, `${label} must be at least ${min}`).max(max, `${label} must be at most ${max}`))
    .optional();

/** The optional `Layers` field: a JSON list of layers, sent as multipart text. */
const layersField = z
  .string()
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'Layers must be a JSON list of layers' });
      return z.NEVER;
    }
  })
  .pipe(z.array(z.unknown()).max(maxLayers, `At most ${maxLayers} layers`))
  .transform((items, context) =>
    // Each layer on its own, so a failure names it as the server's later checks do.
    items.flatMap((item, index): Layer[] => {
      const parsed = layerSchema.safeParse(item);
      if (parsed.success) return [parsed.data];
      const { kind, side } = (item ?? {}) as { kind?: unknown; side?: unknown };
      context.addIssue({
        code: 'custom',
        path: [index],
        message: layerMessage(
          index,
          { kind: String(kind ?? 'layer'), side: String(side ?? 'unknown side') },
          parsed.error.issues[0].message,
        ),
      });
      return [];
    }),
  )
  .optional();

/**
 * The text fields of the create form (multipart, so every value arrives as text). The
 * placement is optional: without it the product gets the one-click placement.
 */
export const createMerchandiseFieldsSchema = z
  .object({
    Title: titleField,
    Description: descriptionField,
    Price: priceText,
    LogoId: idField('LogoId'),
    BaseApparelId: idField('BaseApparelId'),
    OrganizationId: idField('OrganizationId').optional(),
    PlacementX: fractionField('PlacementX', 0, 1),
    PlacementY: fractionField('PlacementY', 0, 1),
    PlacementWidth: fractionField('PlacementWidth', minLogoWidth, 1),
    PlacementRotation: fractionField('PlacementRotation', -360, 360),
    Layers: layersField,
    ColourIds: z
      .string()
      .trim()
      .regex(/^\d{1,9}(,\d{1,9})*$/, 'ColourIds must be colour ids separated by commas')
      .transform((ids) => [...new Set(ids.split(',').map(Number))])
      .pipe(z.array(z.number()).max(maxProductColours, `At most ${maxProductColours} colours`))
      .optional(),
  })
  .superRefine((fields, context) => {
    const given = [fields.PlacementX, fields.PlacementY, fields.PlacementWidth, fields.PlacementRotation];
    if (given.every((value) => value === undefined)) return;
    for (const name of ['PlacementX', 'PlacementY', 'PlacementWidth'] as const) {
      if (fields[name] === undefined)
        context.addIssue({ code: 'custom', path: [name], message: `${name} is required with a placement` });
    }
  });

export const productFieldNames = {
  x: 'PlacementX',
  y: 'PlacementY',
  width: 'PlacementWidth',
  rotation: 'PlacementRotation',
} as const;

/** What an organization may change on a product after it is made. */
export const updateMerchandiseSchema = z.object({
  title: titleField,
  description: descriptionField,
  price: z
    .number({ error: 'Price must be a number' })
    .min(0, 'Price must not be negative')
    .max(maxPrice, `Price must be at most ${maxPrice}`)
    .refine(
      (price) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6,
      'Price must have at most two decimals',
    ),
  version: versionInput,
});
export type MerchandiseUpdate = z.infer<typeof updateMerchandiseSchema>;

export const merchandiseIdParamsSchema = z.object({ id: idField('id') });
export const apparelColourResponseSchema = resultOf(apparelColourSchema);
export const printFileParamsSchema = z.object({
  id: idField('id'),
  side: z.enum(sides, { error: 'side must be front or back' }),
});

/** The version an archive names (`?version=`), refused with 409 when stale. */
export const archiveMerchandiseQuerySchema = z.object({ version: versionInput });

const trashedProductSchema = merchandiseProductSchema.extend(trashRowFields);
export type TrashedProduct = z.infer<typeof trashedProductSchema>;
/** The trash of the organization an athletic director works for, or the one an Admin names. */
export const merchandiseTrashQuerySchema = z.object({
  organizationId: organizationIdField('organizationId'),
});
export const merchandiseTrashResponseSchema = resultOf(z.array(trashedProductSchema));
export const priceBelowBaseMessage = (basePrice: number) =>
  `Price must be at least the apparel's base price of $${basePrice.toFixed(2)}`;

export const merchandiseResponseSchema = resultOf(merchandiseProductSchema);
export const uploadImageResponseSchema = resultOf(z.object({ imageUrl: z.string() }));
/**
 * Not in the spec: the organization whose storage an Admin's upload counts against. Without
 * it an Admin's upload belongs to no organization; a director's is always their own.
 */
export const uploadImageQuerySchema = z.object({
  OrganizationId: organizationIdField('OrganizationId'),
});
