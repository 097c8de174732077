/**
 * The sizes of issue 32 and how bench/scale.ts seeds them by SQL, every constraint valid; the
 * kept tables are filled by their migrations' own statements, as on an upgraded database.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { buildApp } from '../server/app';
import { hashPassword } from '../server/auth/passwords';
import { randomToken } from '../server/auth/tokens';

export interface Size {
  organizations: number;
  orders: number;
  users: number;
  auditRows: number;
}

/**
 * Orders have 1 to 4 items (2.5 on average); one school has 20,000 of the orders, spread among
 * the others'. Orders are stored in the order they arrived, as the storefront sends them.
 */
export const sizes: Record<string, Size> = {
  S: { organizations: 50, orders: 40_000, users: 5_000, auditRows: 10_000 },
  M: { organizations: 500, orders: 100_000, users: 20_000, auditRows: 50_000 },
  L: { organizations: 500, orders: 1_000_000, users: 200_000, auditRows: 500_000 },
};
export const bigSchoolOrders = 20_000;
/** Orders are spread over the last two years. */
const spreadDays = 730;

export const director = { email: 'director@bench.example', password: 'Bench-Passw0rd!' };

export function log(message: string) {
  console.log(`[scale ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

export type Db = Pick<Awaited<ReturnType<typeof buildApp>>['db'], 'execute'>;

export async function seed(db: Db, sizeName: string) {
  const size = sizes[sizeName];
  const started = performance.now();
  await db.execute(sql`
    insert into organizations (name)
    select 'Bench School ' || i from generate_series(1, ${size.organizations}) as i`);
  await db.execute(sql`
    insert into base_apparel (title, description, price, image_key)
    values ('Bench Tee', 'A tee', 10, 'base-apparel/bench.png')`);
  // Five products per school, in a row of ids: school o's product p is first + (o - 1) * 5 + p - 1.
  await db.execute(sql`
    insert into merchandise (organization_id, base_apparel_id, title, description, price, status)
    select o.id, (select max(id) from base_apparel), 'Product ' || o.id || '-' || p, 'Bench', 10 + p, 'ready'
    from organizations o, generate_series(1, 5) as p
    order by o.id, p`);
  // Order i has 1 + i % 4 items: item k is product (i + k) % 5 + 1 of its school, 1 + (i * k) % 3 of it.
  // The kept days' row triggers cost more than the rows themselves at 2.5M items: the bulk load
  // goes without them (every row is valid by construction), and the kept days are filled after.
  await db.execute(sql`set session_replication_role = replica`);
  await db.execute(sql`
    with school as (select min(id) as first, count(*) as n from organizations)
    insert into orders (organization_id, collection_id, order_number, customer_name, customer_email, total, status, created_at)
    select case when i % ${size.orders / bigSchoolOrders}::int = 0 then school.first else school.first + 1 + i % (school.n - 1) end,
           'Shopify', '#' || i, 'Customer ' || i % 5000, 'customer' || i % 5000 || '@bench.example',
           (select sum((1 + (i * k) % 3) * (10 + (i + k) % 5 + 1)) from generate_series(1, 1 + i % 4) as k),
           (array['Paid','Paid','Paid','Shipped','Shipped','Pending','Paid','Shipped','Refunded','Cancelled'])[1 + i % 10],
           now() - make_interval(secs => (${size.orders} - i) * ${(spreadDays * 86_400) / size.orders}::float8)
    from school, generate_series(1, ${size.orders}) as i`);
  await db.execute(sql`
    with bounds as (select min(o.id) as first_order, (select min(id) from merchandise) as first_product,
                           (select min(id) from organizations) as first_school from orders o)
    insert into order_items (order_id, product_id, title, quantity, unit_price)
    select o.id, p.product, 'Product', 1 + (i * k) % 3, 10 + (i + k) % 5 + 1
    from bounds, orders o,
         lateral (select o.id - bounds.first_order + 1 as i) as n,
         lateral generate_series(1, 1 + n.i % 4) as k,
         lateral (select bounds.first_product + (o.organization_id - bounds.first_school) * 5 + (n.i + k) % 5 as product) as p`);
  await db.execute(sql`reset session_replication_role`);
  await fillKeptDays(db);
  await seedWindows(db);
  await db.execute(sql`
    insert into users (email, normalized_email, username, first_name, last_name, roles, security_stamp, email_confirmed)
    select 'user' || i || '@bench.example', 'user' || i || '@bench.example', 'user' || i || '@bench.example',
           'First' || i % 100, 'Last' || i % 200, '{AthleticDirector}', md5(i::text), true
    from generate_series(1, ${size.users}) as i`);
  await db.execute(sql`
    insert into audit_log (action, entity_type, entity_id, created_at)
    select (array['create','update','delete'])[1 + i % 3], 'order', i::text, now() - i * interval '1 minute'
    from generate_series(1, ${size.auditRows}) as i`);
  const passwordHash = await hashPassword(director.password);
  await db.execute(sql`
    insert into users (email, normalized_email, username, first_name, last_name, roles, security_stamp,
                       email_confirmed, password_hash, organization_id)
    values (${director.email}, ${director.email}, ${director.email}, 'Bench', 'Director', '{AthleticDirector}',
            ${randomToken(16)}, true, ${passwordHash}, (select min(id) from organizations))`);
  // What autovacuum (PostgreSQL) or server/db/maintenance.ts (PGlite) does after a bulk load.
  await db.execute(sql`vacuum analyze`);
  log(`seeded ${sizeName} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Every school has a store window open for two weeks, closing within the next ten days (so an
 * Admin's card finds about 350 of 500 closing this week and lists the first 20), selling its
 * five products; the school's orders of the last two weeks are the window's.
 */
export async function seedWindows(db: Db) {
  await db.execute(sql`
    insert into campaigns (name, organization_id, opens_at, closes_at, state)
    select 'Window ' || o.id, o.id, now() - interval '14 days',
           now() + make_interval(hours => 1 + (o.id * 37) % 240), 'open'
    from organizations o`);
  await db.execute(sql`
    insert into campaign_products (campaign_id, product_id, minimum, fundraising)
    select c.id, m.id, 24, 5 + m.id % 10
    from campaigns c join merchandise m on m.organization_id = c.organization_id`);
  await db.execute(sql`
    update orders set campaign_id = c.id
    from campaigns c
    where c.organization_id = orders.organization_id and orders.created_at >= c.opens_at`);
}

const keptDaysMigration = path.join(
  import.meta.dirname,
  '../server/db/migrations/0027_scale_indexes_and_sales_days.sql',
);

/** How long each index of migration 0027 still there takes to build on the seeded tables (writes to them wait that long). */
export async function timeIndexes(db: Db) {
  const migration = readFileSync(keptDaysMigration, 'utf8');
  for (const statement of migration.match(/CREATE INDEX IF NOT EXISTS "\w+" ON [^;]+/g) ?? []) {
    const name = /CREATE INDEX IF NOT EXISTS "(\w+)"/.exec(statement)![1];
    // A later migration may have dropped it (0029: orders_created_idx); built again, it would stay.
    const found = (await db.execute(sql`select from pg_indexes where indexname = ${name}`)) as unknown as {
      rows: unknown[];
    };
    if (found.rows.length === 0) continue;
    await db.execute(sql.raw(`drop index ${name}`));
    const started = performance.now();
    await db.execute(sql.raw(statement));
    log(`${name}: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

/** The migrations whose last statements fill kept tables from the orders already there. */
const keptTableMigrations = [
  keptDaysMigration,
  path.join(import.meta.dirname, '../server/db/migrations/0028_rollups_of_every_school_and_month.sql'),
  path.join(import.meta.dirname, '../server/db/migrations/0031_platform_sales_day_shards.sql'),
];

/**
 * The kept days filled from the seeded orders and items by the migrations' own statements, as on
 * a database upgraded to them (writes to those tables wait that long).
 */
async function fillKeptDays(db: Db) {
  // A later migration's fill of a table replaces an earlier one's (0031 split 0028's days).
  const fills = new Map<string, string>();
  for (const file of keptTableMigrations) {
    for (const statement of readFileSync(file, 'utf8').split('--> statement-breakpoint')) {
      const fill = statement.replace(/^\s*--.*$/gm, '').trim();
      const table = /^INSERT INTO (\w+)/.exec(fill)?.[1];
      if (table) fills.set(table, fill);
    }
  }
  for (const [table, fill] of fills) {
    const started = performance.now();
    await db.execute(sql.raw(fill));
    log(`${table}: filled from the orders in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}
