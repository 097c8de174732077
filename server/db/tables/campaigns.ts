/** Store windows, the products each sells, and the close-out package a closed one gets. */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { campaigns as campaignsDefinition } from '../../../contract/definitions/campaigns';
import { resourceTable } from '../resource-table';
import { money } from './base';
import { merchandise } from './merchandise';

export const campaigns = resourceTable(campaignsDefinition, {
  columns: {
    /** The close-out package (one ZIP in the file store), once the job has built it. */
    packageKey: text('package_key'),
    packageBytes: integer('package_bytes'),
    packageBuiltAt: timestamp('package_built_at', { withTimezone: true }),
  },
  // The clock's sweep looks for the windows due to open or close.
  indexes: (t) => [
    index('campaigns_state_opens_idx').on(t.state, t.opensAt),
    index('campaigns_state_closes_idx').on(t.state, t.closesAt),
  ],
});

/**
 * What a window sells: each product once, with the pieces it needs to be printed at all (fewer,
 * and its orders are refunded) and the amount added to its price for the school's fundraising.
 */
export const campaignProducts = pgTable(
  'campaign_products',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => merchandise.id, { onDelete: 'cascade' }),
    minimum: integer('minimum').notNull().default(1),
    fundraising: money('fundraising').notNull().default(0),
    /**
     * The units its window's counted orders bought, kept by the database's triggers as the
     * orders and their items change (migration 0040): a dashboard card of twenty windows reads
     * twenty rows, not their orders.
     */
    units: integer('units').notNull().default(0),
  },
  (t) => [
    uniqueIndex('campaign_products_campaign_product_idx').on(t.campaignId, t.productId),
    index('campaign_products_product_idx').on(t.productId),
  ],
);
