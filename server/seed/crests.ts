import { buffer } from 'node:stream/consumers';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { lowContrast } from '../../contract/colour';
import { clampPlacement, defaultPlacement } from '../../contract/composition';
import { clampText, type TextLayer, textShape } from '../../contract/text';
import { textFont } from '../storage/fonts';
import { renderMockup, renderSidePrint } from '../storage/print';
import type { BlobStore } from '../storage';
import { productImages } from '../storage/images';
import type { Db } from '../db/client';
import { apparelColours, type baseApparel, designLogos, merchandise, merchandiseColours } from '../db/schema';

/** Each demo school's crest (its initials in its colours) and the word its back text says. */
export const demoCrests: Record<
  string,
  { initials: string; primary: string; secondary: string; backText: string }
> = {
  'Lincoln High School': { initials: 'LHS', primary: '#003366', secondary: '#ffd100', backText: 'LIONS' },
  'Riverside Rowing Club': { initials: 'RRC', primary: '#0b6e4f', secondary: '#f5f5f5', backText: 'ROWING' },
  'Westfield Middle School': {
    initials: 'WMS',
    primary: '#7a1f3d',
    secondary: '#f5f5f5',
    backText: 'WESTFIELD',
  },
};

/** Thumbnail width of the demo products, as the processing job makes them. */
const thumbnailWidth = 480;

/** A shield in the school's colours with its initials; vector, so it prints at any size. */
function crestSvg({
  initials,
  primary,
  secondary,
}: {
  initials: string;
  primary: string;
  secondary: string;
}) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="700" viewBox="0 0 600 700">
  <path d="M300 20 L570 110 L570 330 Q570 560 300 680 Q30 560 30 330 L30 110 Z" fill="${primary}" stroke="${secondary}" stroke-width="24" stroke-linejoin="round"/>
  <path d="M300 80 L510 150 L510 330 Q510 520 300 620 Q90 520 90 330 L90 150 Z" fill="none" stroke="${secondary}" stroke-width="8"/>
  <text x="300" y="410" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="170" fill="${secondary}">${initials}</text>
</svg>`;
}

export interface DemoCrest {
  logoId: number;
  image: Buffer;
  primary: string;
  secondary: string;
  backText: string;
}

/** Stores the crest as the school's design logo, as an upload would. */
export async function seedDemoCrest(
  db: Db,
  storage: BlobStore,
  organization: { id: number; name: string },
): Promise<DemoCrest | null> {
  const crest = demoCrests[organization.name];
  if (!crest) return null;
  const image = Buffer.from(crestSvg(crest));
  const stored = await storage.put(image, { contentType: 'image/svg+xml', prefix: 'design-logos' });
  const [logo] = await db
    .insert(designLogos)
    .values({
      organizationId: organization.id,
      fileName: `${crest.initials.toLowerCase()}-crest.svg`,
      storageKey: stored.key,
      contentType: 'image/svg+xml',
      byteSize: stored.size,
    })
    .returning();
  return { logoId: logo.id, image, ...crest };
}

const readBlob = async (storage: BlobStore, key: string) => {
  const blob = await storage.get(key);
  if (!blob) throw new Error(`Stored file ${key} is missing`);
  return buffer(blob.body);
};

/**
 * Dresses a demo product as the studio and the processing job would: the crest at the
 * one-click placement on the front, the school's word arched across the back (where the
 * garment has one), sold in two or three of the garment's colours on which the crest stays
 * visible, a picture per colour and a print file per side.
 */
export async function dressDemoProduct(
  db: Db,
  storage: BlobStore,
  product: typeof merchandise.$inferSelect,
  apparel: typeof baseApparel.$inferSelect,
  crest: DemoCrest,
  colourCount: number,
) {
  const garment = await readBlob(storage, apparel.imageKey);
  const { width, height } = await sharp(garment).metadata();
  const crestSize = await sharp(crest.image).metadata();
  if (!width || !height || !crestSize.width || !crestSize.height) return;
  const size = { width, height };
  const logoSize = { width: crestSize.width, height: crestSize.height };
  const area = apparel.printAreas.front;
  const placement = clampPlacement(defaultPlacement(size, logoSize), size, logoSize, area);
  const artwork = [{ image: crest.image, placement }];
  const offered = await db
    .select()
    .from(apparelColours)
    .where(eq(apparelColours.baseApparelId, apparel.id))
    .orderBy(asc(apparelColours.id));
  const colours = offered.filter((colour) => !lowContrast([crest.primary], colour.hex)).slice(0, colourCount);
  const pictures = [];
  for (const colour of colours) {
    const mockup = await renderMockup(await readBlob(storage, colour.imageKey), area, artwork);
    const { finalPng, thumbnailPng } = await productImages(mockup, thumbnailWidth);
    const image = await storage.put(finalPng, { contentType: 'image/png', prefix: 'merchandise-images' });
    const thumbnail = await storage.put(thumbnailPng, {
      contentType: 'image/png',
      prefix: 'merchandise-thumbnails',
    });
    pictures.push({ colour, image, thumbnail });
  }
  const print = await storage.put(await renderSidePrint(size, area, artwork), {
    contentType: 'image/png',
    prefix: 'merchandise-prints',
  });
  const back = await backText(apparel, crest);
  const backPrint = back
    ? await storage.put(await renderSidePrint(size, back.area, [back.artwork]), {
        contentType: 'image/png',
        prefix: 'merchandise-prints',
      })
    : null;
  if (pictures.length > 0)
    await db.insert(merchandiseColours).values(
      pictures.map(({ colour, image, thumbnail }) => ({
        merchandiseId: product.id,
        name: colour.name,
        hex: colour.hex,
        apparelColourId: colour.id,
        imageKey: image.key,
        thumbnailKey: thumbnail.key,
      })),
    );
  const [first] = pictures;
  await db
    .update(merchandise)
    .set({
      logoId: crest.logoId,
      placementX: placement.x,
      placementY: placement.y,
      placementWidth: placement.width,
      placementRotation: placement.rotation,
      printKey: print.key,
      layers: back ? [back.artwork.text] : [],
      backPrintKey: backPrint?.key ?? null,
      ...(first ? { imageKey: first.image.key, thumbnailKey: first.thumbnail.key } : {}),
    })
    .where(eq(merchandise.id, product.id));
}

/** The school's word in Graduate, arched across the top of the back, in its colours. */
async function backText(apparel: typeof baseApparel.$inferSelect, crest: DemoCrest) {
  const area = apparel.printAreas.back;
  if (!area) return null;
  const font = await textFont('graduate');
  const wanted: TextLayer = {
    kind: 'text',
    side: 'back',
    text: crest.backText,
    font: 'graduate',
    colour: crest.primary,
    outline: { colour: crest.secondary, width: 0.06 },
    size: 2,
    rotation: 0,
    arc: 40,
    placement: { x: area.left + area.width / 2, y: area.top + area.height * 0.2 },
  };
  const text = clampText(textShape(font, wanted.text, wanted.size, wanted.arc), wanted, area);
  return text ? { area, artwork: { text, font } } : null;
}
