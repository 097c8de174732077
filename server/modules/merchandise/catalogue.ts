import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type ApparelColour,
  apparelColourExists,
  type apparelColourFieldsSchema,
  type BaseApparel,
} from '../../../contract/merchandise';
import type { Size } from '../../../contract/composition';
import type { Db } from '../../db/client';
import { apparelColours, baseApparel, brands, merchandise } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import type { BlobStore } from '../../storage';
import type { StoredImage } from '../../storage/uploads';
import { mediaUrl } from './media';
import { isUniqueViolation } from './products';
import { storedImageSize } from './image-size';
import { garmentShadingPng, isGarmentOutline } from '../../storage/garment-maps';

/**
 * The catalogue, each item with the logos this organization has already put on it in any
 * placement, among its products outside the trash. Without an organization (an Admin's catalogue
 * screen) no logo is used.
 */
export async function baseApparelCatalogue(db: Db, organizationId: number | null): Promise<BaseApparel[]> {
  const items = await db
    .select({ item: baseApparel, brand: brands.name })
    .from(baseApparel)
    .leftJoin(brands, eq(brands.id, baseApparel.brandId))
    .orderBy(asc(baseApparel.id));
  const used =
    organizationId === null
      ? []
      : await db
          .select({ baseApparelId: merchandise.baseApparelId, logoId: merchandise.logoId })
          .from(merchandise)
          .where(
            and(
              eq(merchandise.organizationId, organizationId),
              isNotNull(merchandise.logoId),
              isNull(merchandise.archivedAt),
            ),
          );
  const colours = await db.select().from(apparelColours).orderBy(asc(apparelColours.id));
  return items.map(({ item, brand }) => ({
    id: item.id,
    title: item.title,
    description: item.description,
    price: item.price,
    brand,
    media: [{ imageUrl: mediaUrl(item.imageKey), thumbnailUrl: null }],
    usedLogoIds: used
      .filter((pair) => pair.baseApparelId === item.id)
      .map((pair) => pair.logoId as number)
      .filter((id, index, ids) => ids.indexOf(id) === index)
      .sort((a, b) => a - b),
    printAreas: item.printAreas,
    fabric: isGarmentOutline(item.outline),
    colours: colours.filter((colour) => colour.baseApparelId === item.id).map(toApparelColour),
  }));
}

const toApparelColour = (row: typeof apparelColours.$inferSelect): ApparelColour => ({
  id: row.id,
  name: row.name,
  hex: row.hex,
  imageUrl: mediaUrl(row.imageKey),
});

const colourPictureTooLarge = (catalogue: Size) =>
  `The picture must be at most ${catalogue.width} by ${catalogue.height} pixels, the size of the garment's catalogue image`;

/**
 * An Admin adds a colour variant to a base apparel item with the garment's image in it; a
 * name it already comes in is refused, whatever the case. The picture is drawn like the
 * catalogue's, and every product in that colour is rendered at its size: it may be no larger
 * (a 93 KB PNG of 16,384 by 1,464 pixels decodes to 96 MB, for each product).
 */
export async function addApparelColour(
  db: Db,
  storage: BlobStore,
  apparelId: number,
  fields: z.output<typeof apparelColourFieldsSchema>,
  image: StoredImage,
) {
  const [apparel] = await db
    .select({ id: baseApparel.id, imageKey: baseApparel.imageKey })
    .from(baseApparel)
    .where(eq(baseApparel.id, apparelId));
  if (!apparel) throw notFound('Base apparel');
  const [catalogue, picture] = await Promise.all([
    storedImageSize(storage, apparel.imageKey),
    storedImageSize(storage, image.key),
  ]);
  if (picture.width > catalogue.width || picture.height > catalogue.height) {
    throw badRequest('ImageFile', colourPictureTooLarge(catalogue));
  }
  const known = await db
    .select({ name: apparelColours.name })
    .from(apparelColours)
    .where(eq(apparelColours.baseApparelId, apparelId));
  if (known.some((colour) => colour.name.toLowerCase() === fields.Name.toLowerCase()))
    throw badRequest('Name', apparelColourExists(fields.Name));
  try {
    const [row] = await db
      .insert(apparelColours)
      .values({ baseApparelId: apparelId, name: fields.Name, hex: fields.Hex, imageKey: image.key })
      .returning();
    return toApparelColour(row);
  } catch (error) {
    // Two requests for the same name at once: the unique index lets only one through.
    if (isUniqueViolation(error)) throw badRequest('Name', apparelColourExists(fields.Name));
    throw error;
  }
}

/**
 * A garment's shading map as a grey PNG at its catalogue image's size, for the studio's
 * preview to composite as the product pictures are; none for an uploaded garment.
 */
export async function apparelShading(db: Db, storage: BlobStore, apparelId: number) {
  const [item] = await db
    .select({ outline: baseApparel.outline, imageKey: baseApparel.imageKey })
    .from(baseApparel)
    .where(eq(baseApparel.id, apparelId));
  if (!item || !isGarmentOutline(item.outline)) throw notFound('Base apparel');
  return garmentShadingPng(item.outline, await storedImageSize(storage, item.imageKey));
}
