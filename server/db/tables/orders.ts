/** Orders, their items, and the day-by-day sales the dashboard reads. */
import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ordersWithoutSchemas } from '../../../contract/definitions/orders';
import { resourceTable } from '../resource-table';
import { money, organizations } from './base';
import { campaigns } from './campaigns';
import { merchandise } from './merchandise';

export const orders = resourceTable(ordersWithoutSchemas, {
  columns: {
    /**
     * The storefront's own order id: a webhook delivered twice finds its order already here. A
     * storefront order of several schools' products is one order per school, hence the pair.
     */
    externalId: text('external_id'),
    // A closed window's orders stay the orders they were: a purged window only lets go of them.
    campaignId: integer('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
  },
  indexes: (t) => [
    // A school's table in its default order (newest first, read backwards), its export's keyset
    // pages and its sales of a period read only their own rows along this index; it serves
    // lookups by organization too.
    index('orders_organization_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('orders_collection_idx').on(t.collectionId),
    index('orders_campaign_idx').on(t.campaignId),
    uniqueIndex('orders_external_id_idx').on(t.externalId, t.organizationId),
  ],
});

/**
 * What a school sold on each UTC day (orders neither cancelled nor refunded), kept by triggers on
 * `orders` in the write's own transaction (migration 0024): the dashboard reads a period's days
 * here, one row per school and day, instead of every order of the period. Exact to the cent.
 */
export const salesDays = pgTable(
  'sales_days',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    revenue: money('revenue').notNull(),
    orders: integer('orders').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day] }), index('sales_days_day_idx').on(t.day)],
);

/** How many rows of `platform_sales_days` share each day: a school's orders go to one of them. */
export const platformSalesShards = 16;

/**
 * What every school together sold on each UTC day, kept with `sales_days` by the same trigger
 * (migrations 0028 and 0031): the Admin's card of all schools reads a few rows per day shown, not
 * one per school and day. A day is split over `platformSalesShards` rows, a school's orders
 * adding to row `organization_id % 16`: with one row per day, every order of the day, of any
 * school, waited for the commit of the one before it. A day's figures are the sum of its rows.
 */
export const platformSalesDays = pgTable(
  'platform_sales_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    shard: smallint('shard').notNull(),
    revenue: money('revenue').notNull(),
    orders: integer('orders').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.shard] })],
);

/**
 * Units of each product a school sold on each UTC day (items of orders neither cancelled nor
 * refunded), kept by triggers on `orders` and `order_items` in the write's own transaction
 * (migration 0025): top products read a period's days here instead of every item of the period.
 * No foreign keys: a removed product's days are never joined to a product again.
 */
export const productDays = pgTable(
  'product_days',
  {
    organizationId: integer('organization_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    productId: integer('product_id').notNull(),
    units: integer('units').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.day, t.productId] }),
    // Every school's days read from the index alone.
    index('product_days_day_product_idx').on(t.day, t.productId, t.units),
  ],
);

/**
 * `product_days` summed per calendar month (UTC), kept by the same trigger function (migration
 * 0028): a long period's top products read its whole months here and only the days at its edges
 * from `product_days`, so a year of every school is some 13 rows per product instead of 366.
 */
export const productMonths = pgTable(
  'product_months',
  {
    organizationId: integer('organization_id').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    productId: integer('product_id').notNull(),
    units: integer('units').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.month, t.productId] }),
    index('product_months_month_product_idx').on(t.month, t.productId, t.units),
  ],
);

/**
 * What an order sold, at the price of the sale. The product is kept when the storefront item is
 * one of ours; an item we do not know (or a product since removed) keeps its title and price.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => merchandise.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    /** What the buyer chose, for the print shop: one of the garment's sizes and the product's colours. */
    size: text('size'),
    colour: text('colour'),
  },
  (t) => [
    // Top products read a period's items from this index alone, without visiting the table.
    index('order_items_order_product_idx').on(t.orderId, t.productId, t.quantity),
    index('order_items_product_idx').on(t.productId),
  ],
);
