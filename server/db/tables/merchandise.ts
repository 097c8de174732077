/** Brands, design logos, the apparel catalogue and its colours, products and their storefront uploads. */
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { brands as brandsDefinition } from '../../../contract/definitions/brands';
import { type PendingChanges, reviewStates } from '../../../contract/merchandise-review';
import { resourceTable, trashColumns, versionColumn } from '../resource-table';
import type { PrintAreas } from '../../../contract/composition';
import { defaultGarmentSizes } from '../../../contract/sizes';
import type { PreflightResult } from '../../../contract/preflight';
import type { Layer } from '../../../contract/text';
import { createdAt, money, organizations } from './base';

// Brands are seeded, a few dozen: their search reads every row.
export const brands = resourceTable(brandsDefinition, { search: 'unindexed' });

export const designLogos = pgTable(
  'design_logos',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: createdAt(),
    ...trashColumns(),
  },
  (t) => [index('design_logos_organization_idx').on(t.organizationId)],
);

export const baseApparel = pgTable('base_apparel', {
  id: serial('id').primaryKey(),
  brandId: integer('brand_id').references(() => brands.id),
  title: text('title').notNull(),
  description: text('description').notNull(),
  price: money('price').notNull(),
  imageKey: text('image_key').notNull(),
  /** The outline a seeded garment is drawn from, whose folds shade its mockups; null for an uploaded one. */
  outline: text('outline'),
  /** The sizes it is made in, smallest first: what an order's item may ask for. */
  sizes: jsonb('sizes')
    .$type<string[]>()
    .notNull()
    .default([...defaultGarmentSizes]),
  // Without a seeded area, the whole image prints 12 inches across (a square image assumed).
  printAreas: jsonb('print_areas')
    .$type<PrintAreas>()
    .notNull()
    .default({
      front: { left: 0, top: 0, width: 1, height: 1, widthInches: 12, heightInches: 12 },
      back: null,
    }),
});

/**
 * The colours a base apparel item comes in, each with the garment's image in it, in the order
 * they were added; the item's own image shows the first.
 */
export const apparelColours = pgTable(
  'apparel_colours',
  {
    id: serial('id').primaryKey(),
    baseApparelId: integer('base_apparel_id')
      .notNull()
      .references(() => baseApparel.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    hex: text('hex').notNull(),
    imageKey: text('image_key').notNull(),
  },
  (t) => [uniqueIndex('apparel_colours_name_idx').on(t.baseApparelId, t.name)],
);

export const merchandise = pgTable(
  'merchandise',
  {
    id: serial('id').primaryKey(),
    version: versionColumn(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    logoId: integer('logo_id').references(() => designLogos.id, { onDelete: 'set null' }),
    baseApparelId: integer('base_apparel_id')
      .notNull()
      .references(() => baseApparel.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    price: money('price').notNull(),
    status: text('status', { enum: ['processing', 'ready', 'failed'] })
      .notNull()
      .default('processing'),
    /** Where the design stands in review (`contract/merchandise-review.ts`); only a published one is on sale. */
    reviewState: text('review_state', { enum: reviewStates }).notNull().default('draft'),
    /** The reviewer's comment on the last decision (what to change), shown to the director. */
    reviewComment: text('review_comment'),
    /**
     * A title, description and price waiting for a reviewer (the school reviews text changes),
     * and the state the product returns to once decided; the product keeps its own meanwhile.
     */
    pendingChanges: jsonb('pending_changes').$type<PendingChanges>(),
    sourceImageKey: text('source_image_key'),
    imageKey: text('image_key'),
    thumbnailKey: text('thumbnail_key'),
    /** The front's print file; the back's beside it, when the design has a back. */
    printKey: text('print_key'),
    backPrintKey: text('back_print_key'),
    /** The preflight's result as JSON beside the print files, for the print shop. */
    preflightKey: text('preflight_key'),
    externalId: text('external_id'),
    // Products made before placements were stored had the one-click placement of a square logo.
    placementX: doublePrecision('placement_x').notNull().default(0.5),
    placementY: doublePrecision('placement_y').notNull().default(0.458333),
    placementWidth: doublePrecision('placement_width').notNull().default(0.25),
    placementRotation: doublePrecision('placement_rotation').notNull().default(0),
    /** Artwork beyond the main front logo (the placement above): logos on either side. */
    layers: jsonb('layers').$type<Layer[]>().notNull().default([]),
    /** The preflight as it stood at create (its warnings and advice); none for older products. */
    preflight: jsonb('preflight').$type<PreflightResult>(),
    /** Archiving is the product's move to the trash: when, and who (loose, like `deleted_by`). */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    archivedBy: integer('archived_by'),
    /**
     * Bytes of the product's stored files (the composed upload, then the image, thumbnail and
     * print file), counted against the organization's storage quota. Products made before it
     * was recorded count 0.
     */
    storedBytes: integer('stored_bytes').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('merchandise_organization_idx').on(t.organizationId),
    // One product per design among those outside the trash (a restore is what is checked): the main
    // logo's placement and every further layer (a hash, as a long list of layers would not fit an
    // index entry; the server writes them one way).
    uniqueIndex('merchandise_design_idx')
      .on(
        t.organizationId,
        t.logoId,
        t.baseApparelId,
        t.placementX,
        t.placementY,
        t.placementWidth,
        t.placementRotation,
        sql`md5(${t.layers}::text)`,
      )
      .where(sql`archived_at is null`),
  ],
);

/**
 * Images uploaded through `UploadImageToShopify`: nothing else refers to them, so this row is
 * what counts them against the quota and what the storage sweep removes them by once kept
 * long enough for the storefront to fetch them. No organization: an Admin's upload without one.
 */
export const storefrontUploads = pgTable(
  'storefront_uploads',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id').references(() => organizations.id),
    storageKey: text('storage_key').notNull().unique(),
    byteSize: integer('byte_size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('storefront_uploads_organization_idx').on(t.organizationId),
    index('storefront_uploads_created_idx').on(t.createdAt),
  ],
);

/**
 * The colours a product is sold in, each with its composed image once processed (the
 * product's own image is the one the studio composed, on the catalogue colour).
 */
export const merchandiseColours = pgTable(
  'merchandise_colours',
  {
    id: serial('id').primaryKey(),
    merchandiseId: integer('merchandise_id')
      .notNull()
      .references(() => merchandise.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    hex: text('hex').notNull(),
    /** The garment in this colour, whose image the job composes on. */
    apparelColourId: integer('apparel_colour_id')
      .notNull()
      .references(() => apparelColours.id),
    imageKey: text('image_key'),
    thumbnailKey: text('thumbnail_key'),
  },
  (t) => [index('merchandise_colours_merchandise_idx').on(t.merchandiseId)],
);
