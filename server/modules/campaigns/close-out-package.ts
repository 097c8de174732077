import { Readable } from 'node:stream';
import { type Archiver, ZipArchive } from 'archiver';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { CloseOut } from '../../../contract/campaigns';
import { cents } from '../../../contract/definitions/orders';
import { roles } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { campaigns, organizations, users } from '../../db/schema';
import { csvCell } from '../../engine/export';
import { type JobHandler, visibleJobError } from '../../jobs';
import type { BlobStore } from '../../storage/types';
import { notify } from '../notifications';
import { closeOutOf, orderPages, printFilesOf } from './close-out';
import { closeOutPdf } from './close-out-pdf';

/** Where packages are stored; the storage sweep removes one no window names any more. */
const packagePrefix = 'campaign-packages';

type CampaignRow = typeof campaigns.$inferSelect;

/**
 * A CSV file's bytes, line by line: a byte order mark so spreadsheet programs read the buyers'
 * names as UTF-8, CRLF line ends as the exports have, cells as the exports write them.
 */
async function* csv(header: readonly string[], lines: AsyncIterable<readonly unknown[][]> | unknown[][]) {
  const row = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
  yield Buffer.from(`\uFEFF${row(header)}`);
  if (Array.isArray(lines)) {
    yield Buffer.from(lines.map(row).join(''));
    return;
  }
  for await (const page of lines) yield Buffer.from(page.map(row).join(''));
}

const fromLines = (lines: AsyncIterable<Buffer>) => Readable.from(lines, { objectMode: false });

/**
 * A stored file read only when the ZIP reaches it, so no more than one is open at a time. One
 * the store has lost fails the package (the Jobs page says which), rather than a package going
 * to the shop without it.
 */
async function* stored(storage: BlobStore, key: string, name: string) {
  const blob = await storage.get(key);
  if (!blob) throw new Error(`The close-out's ${name} is missing from the file store`);
  yield* blob.body as AsyncIterable<Buffer>;
}

/** A product's title as a file name: no path separators or characters a file system refuses. */
const fileNameOf = (title: string) =>
  title.replace(/[\\/:*?"<>|\p{Cc}]+/gu, '-').replace(/^[.\s]+|[.\s]+$/g, '') || 'product';

/**
 * Writes the package into `archive`: a CSV for each table, the printable PDF and the products'
 * print files. Every long list (packing, refunds) is read from the database a page at a time as
 * the ZIP takes it.
 */
async function fill(
  archive: Archiver,
  db: Db,
  storage: BlobStore,
  campaign: CampaignRow,
  figures: CloseOut,
  builtAt: Date,
) {
  const printed = figures.products.filter((product) => product.met).map((product) => product.productId);
  const refunded = figures.products.filter((product) => !product.met).map((product) => product.productId);
  const [school] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, campaign.organizationId));
  // The ZIP does not hear of an entry's failure (a query, a lost file): it would wait for the
  // entry's end for good. The failure ends the ZIP, and with it the store's write of it.
  const append = (source: Readable, data: { name: string; store?: boolean }) => {
    source.once('error', (error) => archive.destroy(error));
    archive.append(source, data);
  };
  append(
    fromLines(
      csv(
        ['Product', 'Colour', 'Size', 'Units'],
        figures.counts.map((count) => [count.title, count.colour, count.size, count.units]),
      ),
    ),
    { name: 'counts.csv' },
  );
  append(
    fromLines(
      csv(
        ['Product', 'Minimum', 'Units', 'Met'],
        figures.products.map((product) => [
          product.title,
          product.minimum,
          product.units,
          product.met ? 'yes' : 'no',
        ]),
      ),
    ),
    { name: 'minimums.csv' },
  );
  append(
    fromLines(
      csv(
        ['Order number', 'Customer', 'Email', 'Product', 'Size', 'Colour', 'Quantity', 'Amount'],
        (async function* () {
          for await (const page of orderPages(db, campaign.id, refunded))
            yield page.flatMap((order) =>
              order.items.map((item) => [
                order.orderNumber,
                order.customerName,
                order.customerEmail,
                item.title,
                item.size,
                item.colour,
                item.quantity,
                (item.quantity * cents(item.unitPrice)) / 100,
              ]),
            );
        })(),
      ),
    ),
    { name: 'refunds.csv' },
  );
  append(
    fromLines(
      csv(
        ['Order number', 'Customer', 'Product', 'Colour', 'Size', 'Quantity'],
        (async function* () {
          // One block per buyer: the order's line, then a line per item, then a blank line.
          for await (const page of orderPages(db, campaign.id, printed))
            yield page.flatMap((order) => [
              [order.orderNumber, order.customerName, '', '', '', ''],
              ...order.items.map((item) => ['', '', item.title, item.colour, item.size, item.quantity]),
              [],
            ]);
        })(),
      ),
    ),
    { name: 'packing-list.csv' },
  );
  append(
    fromLines(
      csv(
        ['Product', 'Units', 'Amount per unit', 'Raised'],
        [
          ...figures.products.map((product) => [
            product.title,
            product.units,
            product.fundraising,
            product.raised,
          ]),
          ['Total', figures.units, '', figures.raised],
          ['Platform share', '', '', figures.platformShare],
        ],
      ),
    ),
    { name: 'fundraising.csv' },
  );
  append(
    closeOutPdf(
      {
        campaignName: campaign.name,
        schoolName: school?.name ?? '',
        opensAt: campaign.opensAt,
        closesAt: campaign.closesAt,
        builtAt,
      },
      figures,
      orderPages(db, campaign.id, printed),
    ),
    { name: 'close-out.pdf' },
  );
  const products = await printFilesOf(db, campaign.id);
  const taken = new Set<string>();
  for (const product of products) {
    let name = fileNameOf(product.title);
    if (taken.has(name)) name = `${name}-${product.productId}`;
    taken.add(name);
    for (const [key, suffix] of [
      [product.printKey, 'front.png'],
      [product.backPrintKey, 'back.png'],
      [product.preflightKey, 'preflight.json'],
    ] as const)
      if (key)
        // A PNG is compressed already: stored as it is, not deflated again.
        append(fromLines(stored(storage, key, `print-files/${name}-${suffix}`)), {
          name: `print-files/${name}-${suffix}`,
          store: suffix.endsWith('.png'),
        });
  }
  await archive.finalize();
}

/** The window's package streamed into the file store: answers its key and size. */
async function buildPackage(db: Db, storage: BlobStore, campaign: CampaignRow, signal: AbortSignal) {
  const builtAt = new Date();
  const figures = await closeOutOf(db, campaign);
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const abort = () => archive.abort();
  signal.addEventListener('abort', abort, { once: true });
  try {
    const [blob] = await Promise.all([
      storage
        .put(archive, { contentType: 'application/zip', prefix: packagePrefix })
        .catch((error: unknown) => {
          archive.abort();
          throw error;
        }),
      fill(archive, db, storage, campaign, figures, builtAt).catch((error: unknown) => {
        archive.destroy(error as Error);
        throw error;
      }),
    ]);
    return { blob, builtAt, figures };
  } finally {
    signal.removeEventListener('abort', abort);
  }
}

/** The school's directors and every Admin: who downloads the package and who sends it to print. */
async function toldOfPackage(db: Db, organizationId: number) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      or(
        and(eq(users.organizationId, organizationId), sql`${roles.athleticDirector} = any(${users.roles})`),
        sql`${roles.admin} = any(${users.roles})`,
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * `campaigns.close-out`: builds a closed window's package, then swaps it in (removing the one it
 * replaces) and tells its directors and the Admins, in one transaction. Safe to run again: a
 * window whose package was built after this job was queued, one no longer closed (reopened, in
 * the trash, purged) is left as it is; a package stored by a run that then failed is no row's,
 * and the storage sweep removes it.
 */
export const closeOutPackager = (db: Db, storage: BlobStore): JobHandler => ({
  // 15,000 items take seconds (bench/RESULTS.md); a stuck store or database must not hold a worker.
  timeLimitMs: 10 * 60_000,
  async run(payload, job, { signal }) {
    const { campaignId } = payload as { campaignId: number };
    const current = async () =>
      (
        await db
          .select()
          .from(campaigns)
          .where(and(eq(campaigns.id, campaignId), isNull(campaigns.deletedAt)))
      )[0];
    const isDue = (campaign: CampaignRow | undefined): campaign is CampaignRow =>
      !!campaign &&
      (campaign.state === 'closed' || campaign.state === 'sentToPrint') &&
      !(campaign.packageBuiltAt && campaign.packageBuiltAt >= job.createdAt);
    const campaign = await current();
    if (!isDue(campaign)) return;
    const { blob, figures } = await buildPackage(db, storage, campaign, signal);
    const replaced = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.id, campaignId), isNull(campaigns.deletedAt)))
        .for('update');
      if (!isDue(locked)) return blob.key;
      await tx
        .update(campaigns)
        .set({ packageKey: blob.key, packageBytes: blob.size, packageBuiltAt: sql`now()` })
        .where(eq(campaigns.id, campaignId));
      await notify(tx as unknown as Db, {
        userIds: await toldOfPackage(tx as unknown as Db, locked.organizationId),
        category: 'orders',
        text: {
          key: 'orders.closeOutReady',
          params: { name: locked.name, units: figures.units, raised: figures.raised.toFixed(2) },
        },
        link: `/admin/campaigns/update/${campaignId}`,
      });
      return locked.packageKey;
    });
    // The file no row names any more; a failed delete leaves it to the storage sweep.
    if (replaced) await storage.delete(replaced).catch(() => {});
  },
  // Its last attempt failed: those waiting for the package hear why (the Jobs page has a retry).
  async gaveUp(payload, _job, error) {
    const { campaignId } = payload as { campaignId: number };
    const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
    if (!campaign) return;
    await notify(db, {
      userIds: await toldOfPackage(db, campaign.organizationId),
      category: 'jobs',
      text: { key: 'jobs.closeOutFailed', params: { name: campaign.name, error: visibleJobError(error) } },
      link: `/admin/campaigns/update/${campaignId}`,
    });
  },
});
