/** What every table file shares: the column helpers and organizations, which most tables refer to. */
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { allowReferencesTo, versionColumn } from '../resource-table';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/**
 * Where a record in the trash says who moved it there and when (`trash: true` definitions and
 * design logos); `deleted_by` is kept loose (no foreign key) so purging a user never has to
 * rewrite trashed rows, and its trash view shows a removed user as unknown.
 */
export const trashColumns = () => ({
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  deletedBy: integer('deleted_by'),
});
/** A unique rule among the records outside the trash: a trashed name may be taken again. */
export const live = sql`deleted_at is null`;

/** Search columns hold lower-cased text kept by PostgreSQL itself, indexed by trigrams for `allSearch`. */
export const trigramIndex = (name: string, column: { name: string }) =>
  index(name).using('gin', sql`${sql.identifier(column.name)} gin_trgm_ops`);

export const organizations = pgTable(
  'organizations',
  {
    id: serial('id').primaryKey(),
    version: versionColumn(),
    guid: uuid('guid').notNull().unique().defaultRandom(),
    name: text('name').notNull(),
    spiritShopAddress: text('spirit_shop_address'),
    createdAt: createdAt(),
    ...trashColumns(),
  },
  // Names are unique regardless of case: two would be indistinguishable in the selector.
  (t) => [
    uniqueIndex('organizations_name_lower_idx')
      .on(sql`lower(${t.name})`)
      .where(live),
  ],
);
allowReferencesTo('organizations', () => organizations);
