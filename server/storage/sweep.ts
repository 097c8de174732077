import { inArray, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import {
  apparelColours,
  baseApparel,
  campaigns,
  designLogos,
  merchandise,
  merchandiseColours,
  storefrontUploads,
  users,
} from '../db/schema';
import { claimFileStore, FileStoreOfAnotherDatabase } from './owner';
import type { BlobStore } from './types';

/**
 * How long an image uploaded through `UploadImageToShopify` is kept. Nothing in the portal
 * refers to it: Shopify copies it within minutes of `fileCreate`, and a client that shows the
 * answered URL has a day to use it.
 */
const storefrontUploadRetentionMs = 24 * 60 * 60_000;

/**
 * A blob no row refers to is removed only once it is this old. Between storing a file and
 * committing the row that owns it there are a few milliseconds, or the whole upload on S3
 * (an object's date is when its upload began), and a request lasts at most
 * HTTP_REQUEST_TIMEOUT_SECONDS (an hour at most): six hours leave every upload in flight alone.
 */
export const orphanGraceMs = 6 * 60 * 60_000;

/**
 * Every column that holds blob keys. A key is checked against all of them, whatever its
 * prefix (the demo's products show base apparel images); a column missing here would have its
 * files removed, so `tests/faults/orphaned-files.test.ts` checks the schema against it.
 */
export const blobKeyColumns = [
  baseApparel.imageKey,
  apparelColours.imageKey,
  designLogos.storageKey,
  merchandise.sourceImageKey,
  merchandise.imageKey,
  merchandise.thumbnailKey,
  merchandise.printKey,
  merchandise.backPrintKey,
  merchandise.preflightKey,
  merchandiseColours.imageKey,
  merchandiseColours.thumbnailKey,
  users.profilePhotoKey,
  storefrontUploads.storageKey,
  campaigns.packageKey,
] as const;

/** The prefixes the portal stores under; anything else in a shared bucket is not ours to remove. */
export const sweptPrefixes = [
  'base-apparel',
  'design-logos',
  'merchandise-sources',
  'merchandise-images',
  'merchandise-thumbnails',
  'merchandise-prints',
  'profile-photos',
  'storefront-uploads',
  'campaign-packages',
] as const;

const batchSize = 500;

async function referencedKeys(db: Db, keys: string[]) {
  const referenced = new Set<string>();
  for (const column of blobKeyColumns) {
    const rows = await db.select({ key: column }).from(column.table).where(inArray(column, keys));
    for (const row of rows) if (row.key) referenced.add(row.key);
  }
  return referenced;
}

async function removeUnreferenced(db: Db, storage: BlobStore, keys: string[]) {
  const referenced = await referencedKeys(db, keys);
  const orphans = keys.filter((key) => !referenced.has(key));
  for (const key of orphans) await storage.delete(key);
  return orphans.length;
}

/**
 * Removes storefront uploads past their retention, then every blob older than the grace that
 * no row refers to: files of deleted logos, replaced photos or finished products whose delete
 * failed, uploads of a process that died before writing its row. Safe with several servers at
 * once: a blob is removed only when no row of the shared database names it, and deleting one
 * twice is no error. Nothing is removed from a store that belongs to another database
 * (`FileStoreOfAnotherDatabase`): a copy pointed at the live store knows none of its new files.
 */
export async function sweepStorage(db: Db, storage: BlobStore, now = new Date()) {
  await claimFileStore(db, storage);
  const expired = await db
    .delete(storefrontUploads)
    .where(lt(storefrontUploads.createdAt, new Date(now.getTime() - storefrontUploadRetentionMs)))
    .returning({ key: storefrontUploads.storageKey });
  // A failed delete leaves an orphan, which the pass below takes.
  for (const { key } of expired) await storage.delete(key).catch(() => {});
  const cutoff = now.getTime() - orphanGraceMs;
  let orphans = 0;
  for (const prefix of sweptPrefixes) {
    let batch: string[] = [];
    for await (const blob of storage.list(prefix)) {
      if (blob.storedAt.getTime() >= cutoff) continue;
      batch.push(blob.key);
      if (batch.length === batchSize) {
        orphans += await removeUnreferenced(db, storage, batch);
        batch = [];
      }
    }
    if (batch.length > 0) orphans += await removeUnreferenced(db, storage, batch);
  }
  return { expiredUploads: expired.length, orphans };
}

/** Runs the sweep with the job worker's hourly chores, logging what it removed or why it could not. */
export function scheduleStorageSweep(
  jobs: { addChore(chore: () => Promise<unknown>): void },
  db: Db,
  storage: BlobStore,
  log: FastifyBaseLogger,
) {
  jobs.addChore(async () => {
    try {
      const removed = await sweepStorage(db, storage);
      if (removed.expiredUploads + removed.orphans > 0) log.info(removed, 'storage sweep removed files');
    } catch (error) {
      if (error instanceof FileStoreOfAnotherDatabase) {
        log.error({ err: error }, 'storage sweep refused: the file store belongs to another database');
        return;
      }
      log.warn({ err: error }, 'storage sweep failed; it runs again in an hour');
    }
  });
}
