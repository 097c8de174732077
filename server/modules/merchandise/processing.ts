import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { baseApparel, designLogos, merchandise, organizations } from '../../db/schema';
import type { JobHandler } from '../../jobs';
import type { BlobStore } from '../../storage';
import { productImages } from '../../storage/images';
import { renderPrintFile } from './print';
import { isOrWillBePublished, placementOf } from './service';
import type { Storefront } from './storefront';
import { announce, systemActor } from '../../resources/change-feed';

/** Width of the gallery thumbnail, in pixels. */
export const thumbnailWidth = 480;

async function readBlob(storage: BlobStore, key: string) {
  const blob = await storage.get(key);
  if (!blob) throw new Error(`Stored file ${key} is missing`);
  return buffer(blob.body);
}

/**
 * The print file from the original logo and apparel image; none when the logo was deleted
 * before the product was processed (the composed preview is all that is left of it).
 */
async function printFile(db: Db, storage: BlobStore, row: typeof merchandise.$inferSelect, deadline: number) {
  if (row.logoId === null) return null;
  const [[logo], [apparel]] = await Promise.all([
    db.select().from(designLogos).where(eq(designLogos.id, row.logoId)),
    db.select().from(baseApparel).where(eq(baseApparel.id, row.baseApparelId)),
  ]);
  if (!logo || !apparel) return null;
  const [logoImage, apparelImage] = await Promise.all([
    readBlob(storage, logo.storageKey),
    readBlob(storage, apparel.imageKey),
  ]);
  return renderPrintFile(apparelImage, logoImage, placementOf(row), { deadline });
}

/**
 * Finishes a product: re-encodes the composed upload as the preview image (dropping any
 * metadata the browser wrote), makes a thumbnail, renders the print file on the server,
 * publishes through the storefront and marks the product ready. Safe to run again after a
 * failure at any step.
 */
export function merchandiseProcessor(db: Db, storage: BlobStore, storefront: Storefront): JobHandler {
  return {
    async run(payload, _job, { signal, deadline }) {
      const { merchandiseId } = payload as { merchandiseId: number };
      const [row] = await db.select().from(merchandise).where(eq(merchandise.id, merchandiseId));
      if (!row || row.status === 'ready') return;
      if (!row.sourceImageKey) throw new Error(`Merchandise ${row.id} has no source image`);
      const source = await storage.get(row.sourceImageKey);
      if (!source) throw new Error(`The source image of merchandise ${row.id} is missing`);
      const original = await buffer(source.body);
      const { finalPng, thumbnailPng } = await productImages(original, thumbnailWidth);
      const printPng = await printFile(db, storage, row, deadline);
      // Past its time limit the queue has failed the product: it must not turn ready after that.
      signal.throwIfAborted();
      const print = printPng
        ? await storage.put(printPng, { contentType: 'image/png', prefix: 'merchandise-prints' })
        : null;
      const image = await storage.put(finalPng, { contentType: 'image/png', prefix: 'merchandise-images' });
      const thumbnail = await storage.put(thumbnailPng, {
        contentType: 'image/png',
        prefix: 'merchandise-thumbnails',
      });
      // Keys of an earlier, failed attempt are replaced; their files are removed below.
      const replaced = [row.imageKey, row.thumbnailKey, row.printKey].filter((key): key is string =>
        Boolean(key),
      );
      await db
        .update(merchandise)
        .set({
          imageKey: image.key,
          thumbnailKey: thumbnail.key,
          printKey: print?.key ?? null,
          // What the product keeps once its source is removed below; made from an upload the
          // quota admitted, so counted without a check (a job has nobody to answer a 400 to).
          storedBytes: image.size + thumbnail.size + (print?.size ?? 0),
        })
        .where(eq(merchandise.id, row.id));
      await Promise.all(replaced.map((key) => storage.delete(key)));

      const [organization] = await db
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, row.organizationId));
      const published = await storefront.publishProduct({
        id: row.id,
        title: row.title,
        description: row.description,
        price: row.price,
        organizationName: organization?.name ?? '',
        image: { key: image.key, contentType: image.contentType },
      });
      await db
        .update(merchandise)
        .set({ status: 'ready', externalId: published.externalId, sourceImageKey: null })
        .where(eq(merchandise.id, row.id));
      await announceProcessed(db, row);
      await storage.delete(row.sourceImageKey);
    },
    async gaveUp(payload) {
      const { merchandiseId } = payload as { merchandiseId: number };
      const [row] = await db
        .update(merchandise)
        .set({ status: 'failed' })
        .where(eq(merchandise.id, merchandiseId))
        .returning();
      if (row) await announceProcessed(db, row);
    },
  };
}

/** An open gallery swaps the processing card for the finished (or failed) product by itself. */
const announceProcessed = (db: Db, row: typeof merchandise.$inferSelect) =>
  announce(db, {
    resource: 'merchandise',
    id: row.id,
    action: 'updated',
    version: null,
    by: systemActor('Spirit Portal'),
    organizationId: row.organizationId,
  });

/** Sends an edit or archiving to the storefront once the product has been published there. */
export function merchandiseSync(db: Db, storefront: Storefront): JobHandler {
  return {
    async run(payload) {
      const { merchandiseId } = payload as { merchandiseId: number };
      const [row] = await db.select().from(merchandise).where(eq(merchandise.id, merchandiseId));
      if (!row || !isOrWillBePublished(row)) return;
      // Publishing reads the row as it was; try again after it, so the edit is not lost.
      if (!row.externalId) throw new Error(`Merchandise ${row.id} is not published yet`);
      await storefront.updateProduct(row.externalId, {
        title: row.title,
        description: row.description,
        price: row.price,
        archived: row.archivedAt !== null,
      });
    },
  };
}
