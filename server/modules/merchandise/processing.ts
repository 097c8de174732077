import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchandise, organizations } from '../../db/schema';
import type { JobHandler } from '../../jobs';
import type { BlobStore } from '../../storage';
import { productImages } from '../../storage/images';
import type { Storefront } from './storefront';

/** Width of the gallery thumbnail, in pixels. */
export const thumbnailWidth = 480;

/**
 * Finishes a product: re-encodes the composed upload as the final image (dropping any
 * metadata the browser wrote), makes a thumbnail, publishes through the storefront and
 * marks the product ready. Safe to run again after a failure at any step.
 */
export function merchandiseProcessor(db: Db, storage: BlobStore, storefront: Storefront): JobHandler {
  return {
    async run(payload) {
      const { merchandiseId } = payload as { merchandiseId: number };
      const [row] = await db.select().from(merchandise).where(eq(merchandise.id, merchandiseId));
      if (!row || row.status === 'ready') return;
      if (!row.sourceImageKey) throw new Error(`Merchandise ${row.id} has no source image`);
      const source = await storage.get(row.sourceImageKey);
      if (!source) throw new Error(`The source image of merchandise ${row.id} is missing`);
      const original = await buffer(source.body);
      const { finalPng, thumbnailPng } = await productImages(original, thumbnailWidth);
      const image = await storage.put(finalPng, { contentType: 'image/png', prefix: 'merchandise-images' });
      const thumbnail = await storage.put(thumbnailPng, {
        contentType: 'image/png',
        prefix: 'merchandise-thumbnails',
      });
      // Keys of an earlier, failed attempt are replaced; their files are removed below.
      const replaced = [row.imageKey, row.thumbnailKey].filter((key): key is string => Boolean(key));
      await db
        .update(merchandise)
        .set({ imageKey: image.key, thumbnailKey: thumbnail.key })
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
      await storage.delete(row.sourceImageKey);
    },
    async gaveUp(payload) {
      const { merchandiseId } = payload as { merchandiseId: number };
      await db.update(merchandise).set({ status: 'failed' }).where(eq(merchandise.id, merchandiseId));
    },
  };
}
