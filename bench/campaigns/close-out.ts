/**
 * The close-out of a store window of 5,000 orders and 15,000 items (issue 50): `closeOutOf` (the
 * figures `GET campaigns/{id}/close-out` answers) and the package job (the ZIP of CSVs, a PDF of
 * 5,000 packing list pages and three products' print files, streamed into the file store), each
 * timed, with the process's highest resident memory during each (the kernel's high-water mark)
 * against its RSS just before. Targets: both within 10 s on PostgreSQL, 20 s on PGlite (embedded,
 * in this process, so its memory counts). On PGlite, then on PostgreSQL (a throwaway server, or
 * `DATABASE_URL`).
 * Run: `node --expose-gc --import tsx bench/campaigns/close-out.ts` (`BENCH_CLOSE_OUT_ORDERS` for
 * another size; each order has three items; `BENCH_CLOSE_OUT_DRIVERS=pg` for one driver).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { campaigns } from '../../server/db/schema';
import { seedReferenceData } from '../../server/seed';
import type { JobRow } from '../../server/jobs/queue';
import { closeOutOf } from '../../server/modules/campaigns/close-out';
import { closeOutPackager } from '../../server/modules/campaigns/close-out-package';
import { startPostgres } from '../../tests/server/global-setup-postgres';

const orderCount = Number(process.env.BENCH_CLOSE_OUT_ORDERS ?? 5_000);
const targetMs = { pglite: 20_000, pg: 10_000 };
/** A 300 DPI print file of a 12 x 16 inch area is a few megabytes; random bytes do not compress. */
const printFileBytes = 4 * 1024 * 1024;

const mib = (bytes: number) => bytes / (1024 * 1024);

function rssNowAndPeak() {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]) * 1024;
  return { now: kib('VmRSS'), peak: kib('VmHWM') };
}
const resetPeakRss = () => writeFileSync('/proc/self/clear_refs', '5');

async function measured<T>(call: () => Promise<T>) {
  globalThis.gc?.();
  resetPeakRss();
  const before = rssNowAndPeak().now;
  const started = performance.now();
  const result = await call();
  const ms = performance.now() - started;
  const { peak } = rssNowAndPeak();
  return { result, ms, extraMiB: mib(peak - before), peakMiB: mib(peak) };
}

async function bench(driver: 'pglite' | 'pg', databaseUrl?: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-close-out-'));
  const config = testConfig({
    databaseUrl,
    dataDir,
    // Seeding 15,000 items through the kept days' triggers takes longer than a request may.
    databaseQueryTimeoutSeconds: 300,
    ...(!databaseUrl && { pgliteDir: path.join(dataDir, 'db') }),
  });
  const database = await openDatabase(config);
  await database.migrate();
  await seedReferenceData(database.db);
  const app = await buildApp(config, { database });
  await app.ready();
  const { db } = database;
  const prints: string[] = [];
  for (let n = 0; n < 6; n += 1)
    prints.push(
      (
        await app.storage.put(randomBytes(printFileBytes), {
          contentType: 'image/png',
          prefix: 'merchandise-prints',
        })
      ).key,
    );
  await db.execute(sql`insert into organizations (name) values ('Bench High School')`);
  await db.execute(sql`
    insert into base_apparel (title, description, price, image_key)
    values ('Bench Hoodie', 'A hoodie', 20, 'base-apparel/bench.png')`);
  await db.execute(sql`
    insert into merchandise (organization_id, base_apparel_id, title, description, price, status, review_state,
                             print_key, back_print_key)
    select (select max(id) from organizations), (select max(id) from base_apparel), 'Product ' || p, 'Bench',
           30 + p, 'ready', 'approved', ${JSON.stringify(prints)}::jsonb ->> (p * 2 - 2), ${JSON.stringify(prints)}::jsonb ->> (p * 2 - 1)
    from generate_series(1, 3) as p`);
  await db.execute(sql`
    insert into campaigns (name, organization_id, opens_at, closes_at, state)
    values ('Bench week', (select max(id) from organizations), now() - interval '14 days', now(), 'closed')`);
  const [campaign] = await db.select().from(campaigns);
  // The third product's minimum is not met: its orders are the refunds.
  await db.execute(sql`
    insert into campaign_products (campaign_id, product_id, minimum, fundraising)
    select ${campaign.id}, m.id, case when m.title = 'Product 3' then ${orderCount * 10} else 24 end, 12.5
    from merchandise m`);
  await db.execute(sql`
    insert into orders (organization_id, collection_id, order_number, customer_name, customer_email, total, status,
                        campaign_id, created_at)
    select ${campaign.organizationId}, 'bench', 'B' || i, 'Buyer ' || (i * 7919 % ${orderCount}), 'buyer' || i || '@example.com',
           120, 'Paid', ${campaign.id}, now() - interval '1 day'
    from generate_series(1, ${orderCount}) as i`);
  // Three items an order, one of each product, in one of two colours and five sizes.
  await db.execute(sql`
    insert into order_items (order_id, product_id, title, quantity, unit_price, size, colour)
    select o.id, m.id, m.title, 1 + (o.id + m.id) % 2, 40,
           (array['S','M','L','XL','2XL'])[1 + (o.id * m.id) % 5], (array['Navy','Gold'])[1 + o.id % 2]
    from orders o, merchandise m where o.campaign_id = ${campaign.id}`);
  const figures = await measured(() => closeOutOf(db, campaign));
  const packaged = await measured(() =>
    closeOutPackager(db, app.storage).run({ campaignId: campaign.id }, { createdAt: new Date(0) } as JobRow, {
      signal: new AbortController().signal,
    }),
  );
  const [built] = await db.select().from(campaigns).where(eq(campaigns.id, campaign.id));
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  const line = (name: string, run: { ms: number; extraMiB: number; peakMiB: number }) =>
    `${driver.padEnd(6)} ${name.padEnd(8)} ${(run.ms / 1000).toFixed(2)} s, +${run.extraMiB.toFixed(1)} MiB (peak RSS ${run.peakMiB.toFixed(0)} MiB)` +
    (run.ms <= targetMs[driver] ? '' : '  (over target)');
  console.log(
    line('figures', figures),
    `: ${figures.result.orders} orders, ${figures.result.units} units, ${figures.result.counts.length} count lines`,
  );
  console.log(line('package', packaged), `: ${mib(built.packageBytes ?? 0).toFixed(1)} MiB ZIP`);
}

console.log(
  `${orderCount} orders, ${orderCount * 3} items, 3 products with ${mib(printFileBytes)} MiB front and back print files; targets ${targetMs.pg / 1000} s on PostgreSQL, ${targetMs.pglite / 1000} s on PGlite`,
);
const drivers = (process.env.BENCH_CLOSE_OUT_DRIVERS ?? 'pglite,pg').split(',');
if (drivers.includes('pglite')) await bench('pglite');
if (drivers.includes('pg')) {
  const postgres = process.env.DATABASE_URL ? undefined : await startPostgres();
  try {
    await bench('pg', process.env.DATABASE_URL ?? postgres!.url);
  } finally {
    postgres?.stop();
  }
}
