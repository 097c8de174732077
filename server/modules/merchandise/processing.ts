import { buffer } from 'node:stream/consumers';
import { asc, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { type Placement, type Side, sides } from '../../../contract/composition';
import type { TextLayer } from '../../../contract/text';
import type { Db } from '../../db/client';
import {
  apparelColours,
  baseApparel,
  designLogos,
  merchandise,
  merchandiseColours,
  organizations,
} from '../../db/schema';
import { type JobHandler, renderLane, visibleJobError } from '../../jobs';
import type { BlobStore } from '../../storage';
import { renderSandbox, type SandboxArtwork } from '../../storage/render-sandbox';
import { isGarmentOutline } from '../../storage/garment-maps';
import { printResolution } from '../../storage/print';
import { isOrWillBePublished, placementOf, type ProcessPayload } from './products';
import { windowSale } from './windows';
import type { Storefront } from './storefront';
import { announce, systemActor } from '../../db/announce';
import { notify } from '../notifications';

/** Width of the gallery thumbnail, in pixels. */
export const thumbnailWidth = 480;

async function readBlob(storage: BlobStore, key: string) {
  const blob = await storage.get(key);
  if (!blob) throw new Error(`Stored file ${key} is missing`);
  return buffer(blob.body);
}

/**
 * The product's artwork on each side, from the original logos and the bundled fonts. A logo
 * deleted before the product was processed is missing from it (the composed preview is all
 * that is left of it).
 */
async function artworkOf(db: Db, storage: BlobStore, row: typeof merchandise.$inferSelect) {
  const placed: ({ side: Side; logoId: number | null; placement: Placement } | TextLayer)[] = [
    { side: 'front', logoId: row.logoId, placement: placementOf(row) },
    ...row.layers,
  ];
  const logoIds = placed.flatMap((layer) =>
    'logoId' in layer && layer.logoId !== null ? [layer.logoId] : [],
  );
  const logos = logoIds.length
    ? await db.select().from(designLogos).where(inArray(designLogos.id, logoIds))
    : [];
  const images = new Map(
    await Promise.all(
      logos.map(async (logo) => [logo.id, await readBlob(storage, logo.storageKey)] as const),
    ),
  );
  const pieces: { side: Side; artwork: SandboxArtwork }[] = [];
  for (const layer of placed) {
    if ('text' in layer) {
      pieces.push({ side: layer.side, artwork: { text: layer } });
      continue;
    }
    const image = layer.logoId !== null ? images.get(layer.logoId) : undefined;
    if (image) pieces.push({ side: layer.side, artwork: { image, placement: layer.placement } });
  }
  const onSide = (side: Side) => pieces.filter((piece) => piece.side === side).map((piece) => piece.artwork);
  return { front: onSide('front'), back: onSide('back') };
}

/** The print files, one per side that has artwork, from the garment's print areas. */
async function printFiles(
  db: Db,
  storage: BlobStore,
  row: typeof merchandise.$inferSelect,
  artwork: Record<Side, SandboxArtwork[]>,
  signal: AbortSignal,
): Promise<Record<Side, Buffer | null>> {
  const [apparel] = await db.select().from(baseApparel).where(eq(baseApparel.id, row.baseApparelId));
  if (!apparel || artwork.front.length + artwork.back.length === 0) return { front: null, back: null };
  const apparelImage = await readBlob(storage, apparel.imageKey);
  const { width, height } = await sharp(apparelImage).metadata();
  if (!width || !height) throw new Error(`The image of base apparel ${apparel.id} has no size`);
  const render = async (side: Side) => {
    const area = apparel.printAreas[side];
    return area && artwork[side].length > 0
      ? renderSandbox.run(
          { kind: 'print', apparel: { width, height }, area, artwork: artwork[side] },
          { signal },
        )
      : null;
  };
  // One side after the other: each holds a whole area of pixels while it is drawn.
  return { front: await render('front'), back: await render('back') };
}

/** The product's picture and thumbnail on each colour it is sold in, stored. */
async function colourPictures(
  db: Db,
  storage: BlobStore,
  row: typeof merchandise.$inferSelect,
  front: SandboxArtwork[],
  signal: AbortSignal,
) {
  const colours = await db
    .select({ id: merchandiseColours.id, name: merchandiseColours.name, garmentKey: apparelColours.imageKey })
    .from(merchandiseColours)
    .innerJoin(apparelColours, eq(apparelColours.id, merchandiseColours.apparelColourId))
    .where(eq(merchandiseColours.merchandiseId, row.id))
    .orderBy(asc(merchandiseColours.id));
  if (colours.length === 0) return [];
  // A text is sized in inches: the front area says how many the garment picture spans.
  const [apparel] = await db
    .select({ printAreas: baseApparel.printAreas, outline: baseApparel.outline })
    .from(baseApparel)
    .where(eq(baseApparel.id, row.baseApparelId));
  if (!apparel) throw new Error(`Base apparel ${row.baseApparelId} is missing`);
  const pictures = [];
  for (const colour of colours) {
    const garment = await readBlob(storage, colour.garmentKey);
    const { finalPng, thumbnailPng } = await renderSandbox.run(
      {
        kind: 'picture',
        garment,
        area: apparel.printAreas.front,
        outline: isGarmentOutline(apparel.outline) ? apparel.outline : null,
        artwork: front,
        thumbnailWidth,
      },
      { signal },
    );
    const image = await storage.put(finalPng, { contentType: 'image/png', prefix: 'merchandise-images' });
    const thumbnail = await storage.put(thumbnailPng, {
      contentType: 'image/png',
      prefix: 'merchandise-thumbnails',
    });
    pictures.push({ id: colour.id, name: colour.name, image, thumbnail });
  }
  return pictures;
}

/**
 * The preflight beside the print files, for the print shop: each printed side's file and its
 * size at 300 DPI, and the preflight as it stood at create (colours, underbase, method, warnings).
 */
async function preflightSheet(
  db: Db,
  storage: BlobStore,
  row: typeof merchandise.$inferSelect,
  prints: Record<Side, Buffer | null>,
) {
  if (!row.preflight || (!prints.front && !prints.back)) return null;
  const [apparel] = await db
    .select({ title: baseApparel.title, printAreas: baseApparel.printAreas })
    .from(baseApparel)
    .where(eq(baseApparel.id, row.baseApparelId));
  const garments = await db
    .select({ name: merchandiseColours.name, hex: merchandiseColours.hex })
    .from(merchandiseColours)
    .where(eq(merchandiseColours.merchandiseId, row.id))
    .orderBy(asc(merchandiseColours.id));
  const printed = sides.filter((side) => prints[side] && apparel?.printAreas[side]);
  const sheet = {
    product: { id: row.id, title: row.title, apparel: apparel?.title ?? null },
    garments,
    printFiles: printed.map((side) => ({
      side,
      fileName: `product-${row.id}-${side}-print.png`,
      widthInches: apparel!.printAreas[side]!.widthInches,
      heightInches: apparel!.printAreas[side]!.heightInches,
      dpi: printResolution,
    })),
    preflight: row.preflight,
  };
  return storage.put(Buffer.from(JSON.stringify(sheet, null, 2)), {
    contentType: 'application/json',
    prefix: 'merchandise-prints',
  });
}

/**
 * Finishes a product: re-encodes the composed upload as the preview image (dropping any
 * metadata the browser wrote), makes a thumbnail, renders the print file on the server,
 * publishes through the storefront and marks the product ready. Safe to run again after a
 * failure at any step.
 */
export function merchandiseProcessor(db: Db, storage: BlobStore, storefront: Storefront): JobHandler {
  return {
    lane: renderLane,
    async run(payload, _job, { signal }) {
      const { merchandiseId } = payload as { merchandiseId: number };
      const [row] = await db.select().from(merchandise).where(eq(merchandise.id, merchandiseId));
      if (!row || row.status === 'ready') return;
      if (!row.sourceImageKey) throw new Error(`Merchandise ${row.id} has no source image`);
      const source = await storage.get(row.sourceImageKey);
      if (!source) throw new Error(`The source image of merchandise ${row.id} is missing`);
      const original = await buffer(source.body);
      // Every image is drawn in a render child, which the job's time limit kills.
      const { finalPng, thumbnailPng } = await renderSandbox.run(
        { kind: 'productImages', original, thumbnailWidth },
        { signal },
      );
      const artwork = await artworkOf(db, storage, row);
      const prints = await printFiles(db, storage, row, artwork, signal);
      const pictures = await colourPictures(db, storage, row, artwork.front, signal);
      // Past its time limit the queue has failed the product: it must not turn ready after that.
      signal.throwIfAborted();
      const store = (png: Buffer | null) =>
        png ? storage.put(png, { contentType: 'image/png', prefix: 'merchandise-prints' }) : null;
      const print = await store(prints.front);
      const backPrint = await store(prints.back);
      const sheet = await preflightSheet(db, storage, row, prints);
      const image = await storage.put(finalPng, { contentType: 'image/png', prefix: 'merchandise-images' });
      const thumbnail = await storage.put(thumbnailPng, {
        contentType: 'image/png',
        prefix: 'merchandise-thumbnails',
      });
      // Keys of an earlier, failed attempt are replaced; their files are removed below.
      const earlierColours = await db
        .select({ imageKey: merchandiseColours.imageKey, thumbnailKey: merchandiseColours.thumbnailKey })
        .from(merchandiseColours)
        .where(eq(merchandiseColours.merchandiseId, row.id));
      const replaced = [
        row.imageKey,
        row.thumbnailKey,
        row.printKey,
        row.backPrintKey,
        row.preflightKey,
        ...earlierColours.flatMap((colour) => [colour.imageKey, colour.thumbnailKey]),
      ].filter((key): key is string => Boolean(key));
      for (const picture of pictures)
        await db
          .update(merchandiseColours)
          .set({ imageKey: picture.image.key, thumbnailKey: picture.thumbnail.key })
          .where(eq(merchandiseColours.id, picture.id));
      await db
        .update(merchandise)
        .set({
          imageKey: image.key,
          thumbnailKey: thumbnail.key,
          printKey: print?.key ?? null,
          backPrintKey: backPrint?.key ?? null,
          preflightKey: sheet?.key ?? null,
          // What the product keeps once its source is removed below; made from an upload the
          // quota admitted, so counted without a check (a job has nobody to answer a 400 to).
          storedBytes:
            image.size +
            thumbnail.size +
            (print?.size ?? 0) +
            (backPrint?.size ?? 0) +
            (sheet?.size ?? 0) +
            pictures.reduce((sum, picture) => sum + picture.image.size + picture.thumbnail.size, 0),
        })
        .where(eq(merchandise.id, row.id));
      await Promise.all(replaced.map((key) => storage.delete(key)));

      // Only a design a reviewer approved and its director published goes to the shop; one still in
      // review is sent by its publish transition (`review.ts`) once it is ready.
      if (row.reviewState === 'published') await publish(db, storefront, row.id);
      await db
        .update(merchandise)
        .set({ status: 'ready', sourceImageKey: null })
        .where(eq(merchandise.id, row.id));
      await announceProcessed(db, row);
      await storage.delete(row.sourceImageKey);
    },
    async gaveUp(payload, _job, error) {
      const { merchandiseId, startedBy } = payload as ProcessPayload;
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(merchandise)
          .set({ status: 'failed' })
          .where(eq(merchandise.id, merchandiseId))
          .returning();
        if (!row) return;
        await announceProcessed(tx as unknown as Db, row);
        // Jobs queued before it was recorded name nobody.
        if (startedBy)
          await notify(tx as unknown as Db, {
            userIds: [startedBy],
            category: 'jobs',
            text: { key: 'jobs.renderFailed', params: { title: row.title, error: visibleJobError(error) } },
            link: '/admin/merchandise',
          });
      });
    },
  };
}

/**
 * Sends a ready product to the storefront with its picture and colour pictures. Created on an
 * earlier attempt, it is not created again: the shop would sell it twice.
 */
async function publish(db: Db, storefront: Storefront, id: number) {
  const [row] = await db.select().from(merchandise).where(eq(merchandise.id, id));
  if (!row?.imageKey) throw new Error(`Merchandise ${id} has no picture to publish`);
  const colours = await db
    .select()
    .from(merchandiseColours)
    .where(eq(merchandiseColours.merchandiseId, id))
    .orderBy(asc(merchandiseColours.id));
  const pictured = colours.filter((colour) => colour.imageKey);
  let externalId = row.externalId;
  if (!externalId) {
    const [organization] = await db
      .select({ name: organizations.name })
      .from(organizations)
      .where(eq(organizations.id, row.organizationId));
    ({ externalId } = await storefront.publishProduct({
      id: row.id,
      title: row.title,
      description: row.description,
      price: row.price,
      organizationName: organization?.name ?? '',
      image: { key: row.imageKey, contentType: 'image/png' },
      colours: pictured.map((colour) => ({
        name: colour.name,
        image: { key: colour.imageKey!, contentType: 'image/png' },
      })),
    }));
    await db.update(merchandise).set({ externalId }).where(eq(merchandise.id, row.id));
  }
  if (pictured.length > 0) await storefront.linkColourPictures(externalId);
  // A product of a window not open yet is created off sale; one of an open window at its window's price.
  const sale = await windowSale(db, row.id, row.price);
  if (!sale.onSale || sale.price !== row.price)
    await storefront.updateProduct(externalId, {
      title: row.title,
      description: row.description,
      price: sale.price,
      archived: !sale.onSale,
    });
}

/** Publishes an approved product its director put on sale, once; safe to run again. */
export function merchandisePublication(db: Db, storefront: Storefront): JobHandler {
  return {
    async run(payload) {
      const { merchandiseId } = payload as { merchandiseId: number };
      const [row] = await db.select().from(merchandise).where(eq(merchandise.id, merchandiseId));
      // Retired or trashed since it was enqueued: nothing goes on sale.
      if (!row || row.archivedAt || row.reviewState !== 'published' || row.status !== 'ready') return;
      await publish(db, storefront, row.id);
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
      const sale = await windowSale(db, row.id, row.price);
      await storefront.updateProduct(row.externalId, {
        title: row.title,
        description: row.description,
        price: sale.price,
        // A retired design is off sale as an archived one is, and so is one whose window is not open.
        archived: row.archivedAt !== null || row.reviewState === 'retired' || !sale.onSale,
      });
    },
  };
}

/** Deletes a product deleted for good from the storefront; the row is gone, so the job carries its id there. */
export function merchandiseRemoval(storefront: Storefront): JobHandler {
  return {
    async run(payload) {
      await storefront.removeProduct((payload as { externalId: string }).externalId);
    },
  };
}
