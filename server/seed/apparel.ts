import { isDeepStrictEqual } from 'node:util';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { PrintArea, PrintAreas } from '../../contract/composition';
import { type GarmentOutline, garmentOutlines } from '../storage/garment-maps';
import type { BlobStore } from '../storage';
import type { Db } from '../db/client';
import { apparelColours, baseApparel, brands } from '../db/schema';

/** Width and height of every generated apparel image, in pixels. */
const apparelImageSize = 1200;

type Outline = GarmentOutline;
const outlines = garmentOutlines;

type Area = Omit<PrintArea, 'widthInches' | 'heightInches'>;

/**
 * Where each garment takes a print, in fractions of its image: the front is the flat front
 * panel, clear of the neck, seams and hems (every one holds the one-click placement of a
 * square logo); the back, drawn on the same picture, starts higher, as a back has no neckline.
 * Caps and totes print on the front only.
 */
const areas: Record<Outline, { front: Area; back: Area | null }> = {
  tshirt: {
    front: { left: 0.3, top: 0.2, width: 0.4, height: 0.55 },
    back: { left: 0.3, top: 0.17, width: 0.4, height: 0.6 },
  },
  longSleeve: {
    front: { left: 0.3, top: 0.2, width: 0.4, height: 0.55 },
    back: { left: 0.3, top: 0.17, width: 0.4, height: 0.6 },
  },
  hoodie: {
    front: { left: 0.3, top: 0.26, width: 0.4, height: 0.5 },
    back: { left: 0.3, top: 0.2, width: 0.4, height: 0.55 },
  },
  tank: {
    front: { left: 0.33, top: 0.3, width: 0.34, height: 0.5 },
    back: { left: 0.33, top: 0.25, width: 0.34, height: 0.55 },
  },
  polo: {
    front: { left: 0.3, top: 0.24, width: 0.4, height: 0.52 },
    back: { left: 0.3, top: 0.17, width: 0.4, height: 0.6 },
  },
  crewneck: {
    front: { left: 0.3, top: 0.2, width: 0.4, height: 0.55 },
    back: { left: 0.3, top: 0.17, width: 0.4, height: 0.6 },
  },
  cap: { front: { left: 0.3, top: 0.3, width: 0.4, height: 0.3 }, back: null },
  beanie: {
    front: { left: 0.28, top: 0.3, width: 0.44, height: 0.45 },
    back: { left: 0.28, top: 0.3, width: 0.44, height: 0.45 },
  },
  tote: { front: { left: 0.22, top: 0.33, width: 0.56, height: 0.55 }, back: null },
  jersey: {
    front: { left: 0.3, top: 0.22, width: 0.4, height: 0.55 },
    back: { left: 0.3, top: 0.17, width: 0.4, height: 0.6 },
  },
  quarterZip: {
    front: { left: 0.3, top: 0.22, width: 0.4, height: 0.55 },
    back: { left: 0.3, top: 0.17, width: 0.4, height: 0.6 },
  },
  shorts: {
    front: { left: 0.3, top: 0.2, width: 0.4, height: 0.45 },
    back: { left: 0.3, top: 0.2, width: 0.4, height: 0.45 },
  },
};

/**
 * How many inches the whole (square) image spans on the real garment: an adult tee's front
 * area is 0.4 of the picture and prints 12 inches wide, as a press's standard 12 x 16 platen.
 */
const inchesAcross: Record<Outline, number> = {
  tshirt: 30,
  longSleeve: 30,
  hoodie: 30,
  tank: 30,
  polo: 30,
  crewneck: 30,
  cap: 10,
  beanie: 10,
  tote: 25,
  jersey: 30,
  quarterZip: 30,
  shorts: 25,
};

const inInches = (area: Area, across: number): PrintArea => ({
  ...area,
  widthInches: Math.round(area.width * across * 100) / 100,
  heightInches: Math.round(area.height * across * 100) / 100,
});

/** Each seeded garment's print areas with their physical sizes. */
export const printAreas = Object.fromEntries(
  Object.entries(areas).map(([outline, { front, back }]) => {
    const across = inchesAcross[outline as Outline];
    return [outline, { front: inInches(front, across), back: back && inInches(back, across) }];
  }),
) as Record<Outline, PrintAreas>;

/** The seeded garments' colours, by name. */
export const palette = {
  White: '#f5f5f5',
  Navy: '#003366',
  Royal: '#1f3a93',
  Red: '#b22234',
  Black: '#111111',
  'Athletic Grey': '#5b5b5b',
  Forest: '#0b6e4f',
  Maroon: '#7a1f3d',
  Orange: '#e87722',
  Natural: '#e8dcc2',
  Gold: '#ffd100',
  Indigo: '#2c2c54',
  Charcoal: '#444444',
} as const;

type ColourName = keyof typeof palette;

const colourList = (...names: ColourName[]) => names.map((name) => ({ name, hex: palette[name] }));

interface ApparelSeed {
  title: string;
  brand: string;
  outline: Outline;
  /** The first is the catalogue picture's; each further one is drawn recoloured. */
  colours: { name: string; hex: string }[];
  price: number;
  description: string;
}

export const apparelSeeds: readonly ApparelSeed[] = [
  {
    title: 'Classic Cotton Tee',
    brand: 'gildan',
    outline: 'tshirt',
    colours: colourList('White', 'Navy', 'Red'),
    price: 14.5,
    description: 'Heavyweight 100% cotton crew neck t-shirt.',
  },
  {
    title: 'Soft Blend Tee',
    brand: 'next_level',
    outline: 'tshirt',
    colours: colourList('Royal', 'White', 'Black'),
    price: 17,
    description: 'Lightweight cotton/poly blend with a modern fit.',
  },
  {
    title: 'Long Sleeve Tee',
    brand: 'hanes',
    outline: 'longSleeve',
    colours: colourList('Red', 'White', 'Navy'),
    price: 19.5,
    description: 'Long sleeve cotton tee with ribbed cuffs.',
  },
  {
    title: 'Pullover Hoodie',
    brand: 'champion',
    outline: 'hoodie',
    colours: colourList('Athletic Grey', 'Navy', 'Maroon'),
    price: 39,
    description: 'Fleece pullover hoodie with a front pocket and lined hood.',
  },
  {
    title: 'Performance Tank',
    brand: 'under_armour',
    outline: 'tank',
    colours: colourList('Black', 'White', 'Red'),
    price: 22,
    description: 'Moisture-wicking tank for training days.',
  },
  {
    title: 'Sport Polo',
    brand: 'port_authority',
    outline: 'polo',
    colours: colourList('Forest', 'White', 'Navy'),
    price: 29,
    description: 'Three-button polo in a breathable pique knit.',
  },
  {
    title: 'Crewneck Sweatshirt',
    brand: 'jerzees',
    outline: 'crewneck',
    colours: colourList('Maroon', 'Athletic Grey', 'Navy'),
    price: 32,
    description: 'Midweight fleece crewneck sweatshirt.',
  },
  {
    title: 'Structured Cap',
    brand: 'new_era',
    outline: 'cap',
    colours: colourList('Navy', 'Black', 'Red'),
    price: 24,
    description: 'Six-panel structured cap with an adjustable strap.',
  },
  {
    title: 'Cuffed Beanie',
    brand: 'district',
    outline: 'beanie',
    colours: colourList('Orange', 'Navy', 'Black'),
    price: 16,
    description: 'Knit beanie with a cuff and pom.',
  },
  {
    title: 'Canvas Tote',
    brand: 'bella_canvas',
    outline: 'tote',
    colours: colourList('Natural', 'Black', 'Navy'),
    price: 15,
    description: 'Sturdy cotton canvas tote with long handles.',
  },
  {
    title: 'Game Jersey',
    brand: 'augusta_sportswear',
    outline: 'jersey',
    colours: colourList('Gold', 'White', 'Royal'),
    price: 34,
    description: 'Mesh game jersey with a V-neck.',
  },
  {
    title: 'Quarter-Zip Pullover',
    brand: 'adidas',
    outline: 'quarterZip',
    colours: colourList('Indigo', 'Black', 'Athletic Grey'),
    price: 55,
    description: 'Lightweight quarter-zip layer for the sideline.',
  },
  {
    title: 'Athletic Shorts',
    brand: 'badger',
    outline: 'shorts',
    colours: colourList('Charcoal', 'Navy', 'Black'),
    price: 21,
    description: 'Mesh shorts with an elastic waistband.',
  },
];

/** A shaded garment image, drawn here so the product ships its own catalogue pictures. */
export function apparelSvg(outline: Outline, colour: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${apparelImageSize}" height="${apparelImageSize}" viewBox="0 0 1000 1000">
  <defs>
    <linearGradient id="shade" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.25"/>
      <stop offset="1" stop-color="#000000" stop-opacity="0.18"/>
    </linearGradient>
  </defs>
  <rect width="1000" height="1000" fill="#ffffff"/>
  <path d="${outlines[outline]}" fill="${colour}" fill-rule="evenodd" stroke="#2b2b2b" stroke-width="6" stroke-linejoin="round"/>
  <path d="${outlines[outline]}" fill="url(#shade)" fill-rule="evenodd"/>
</svg>`;
}

function renderApparelPng(outline: Outline, colour: string) {
  return sharp(Buffer.from(apparelSvg(outline, colour)))
    .png()
    .toBuffer();
}

/**
 * Loads the base apparel catalogue with its images and colours. Idempotent: an item is added
 * once (by title), a colour once (by name), and an image is drawn again only when the blob
 * store no longer has it.
 */
export async function seedBaseApparel(db: Db, storage: BlobStore) {
  const brandRows = await db.select({ id: brands.id, slug: brands.slug }).from(brands);
  const brandId = new Map(brandRows.map((row) => [row.slug, row.id]));
  const existing = await db.select().from(baseApparel);
  for (const seed of apparelSeeds) {
    let row = existing.find((item) => item.title === seed.title);
    const areasOfSeed = printAreas[seed.outline];
    // jsonb reorders keys, so compared by value.
    if (row && (!isDeepStrictEqual(row.printAreas, areasOfSeed) || row.outline !== seed.outline)) {
      await db
        .update(baseApparel)
        .set({ printAreas: areasOfSeed, outline: seed.outline })
        .where(eq(baseApparel.id, row.id));
    }
    if (!row || !(await storage.exists(row.imageKey))) {
      const image = await storeApparelImage(storage, seed.outline, seed.colours[0].hex);
      if (row) {
        await db.update(baseApparel).set({ imageKey: image.key }).where(eq(baseApparel.id, row.id));
        row = { ...row, imageKey: image.key };
      } else {
        [row] = await db
          .insert(baseApparel)
          .values({
            brandId: brandId.get(seed.brand) ?? null,
            title: seed.title,
            description: seed.description,
            price: seed.price,
            imageKey: image.key,
            printAreas: areasOfSeed,
            outline: seed.outline,
          })
          .returning();
      }
    }
    await seedColours(db, storage, row, seed);
  }
}

const storeApparelImage = async (storage: BlobStore, outline: Outline, hex: string) =>
  storage.put(await renderApparelPng(outline, hex), { contentType: 'image/png', prefix: 'base-apparel' });

/** The seed's colours, the first showing the item's own image, the others recoloured. */
async function seedColours(
  db: Db,
  storage: BlobStore,
  apparel: { id: number; imageKey: string },
  seed: ApparelSeed,
) {
  const known = await db.select().from(apparelColours).where(eq(apparelColours.baseApparelId, apparel.id));
  for (const [index, colour] of seed.colours.entries()) {
    const row = known.find((item) => item.name === colour.name);
    if (row && row.hex === colour.hex && (await storage.exists(row.imageKey))) continue;
    const imageKey =
      index === 0 ? apparel.imageKey : (await storeApparelImage(storage, seed.outline, colour.hex)).key;
    if (row) {
      await db.update(apparelColours).set({ hex: colour.hex, imageKey }).where(eq(apparelColours.id, row.id));
    } else {
      await db.insert(apparelColours).values({ baseApparelId: apparel.id, ...colour, imageKey });
    }
  }
}
