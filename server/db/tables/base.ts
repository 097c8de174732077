/** What every table file shares: the column helpers and organizations, which most tables refer to. */
import { numeric, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations as organizationsDefinition } from '../../../contract/definitions/organizations';
import { resourceTable } from '../resource-table';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

// A handful of organizations: the engine lowers the searched fields at query time.
export const organizations = resourceTable(organizationsDefinition, {
  columns: { guid: uuid('guid').notNull().unique().defaultRandom(), createdAt: createdAt() },
  search: 'none',
});
