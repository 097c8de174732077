import { buffer } from 'node:stream/consumers';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, not, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { isVectorLogo } from '../../../contract/design-logos';
import {
  type ApparelColour,
  apparelColourExists,
  type apparelColourFieldsSchema,
  type BaseApparel,
  combinationExistsMessage,
  type createMerchandiseFieldsSchema,
  type MerchandiseProduct,
  type MerchandiseUpdate,
  priceBelowBaseMessage,
  printDpiTooLow,
  productFieldNames,
  productHasOrdersMessage,
  type TrashedProduct,
} from '../../../contract/merchandise';
import {
  clampPlacement,
  defaultPlacement,
  normaliseRotation,
  type Placement,
  placementProblems,
  priceBelowBase,
  type PrintArea,
  printDpi,
  printQuality,
  type Side,
  sides,
  type Size,
} from '../../../contract/composition';
import {
  type Layer,
  layerMessage,
  missingCharacters,
  textBounds,
  textFonts,
  textInside,
  textShape,
} from '../../../contract/text';
import { audit } from '../../audit';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import {
  apparelColours,
  baseApparel,
  brands,
  designLogos,
  merchandise,
  merchandiseColours,
  orderItems,
  organizations,
  storefrontUploads,
} from '../../db/schema';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs';
import type { BlobStore } from '../../storage';
import { claimStorage } from '../../storage/quota';
import { renderSandbox } from '../../storage/render-sandbox';
import type { StoredImage } from '../../storage/uploads';
import { scopedOrganizationId } from '../organizations/service';
import { textFont } from './fonts';
import { mediaUrl } from './media';
import { nextVersion, versionConflict, versionMatches } from '../../engine/versions';
import { announce, displayNameOf, systemActor } from '../../engine/change-feed';
import { userNameOf } from '../../engine/trash';
import type { JobType } from '../../../contract/definitions/jobs';

export const processMerchandiseJob: JobType = 'merchandise.process';
/** Sends a product's edited text, price or archiving to the storefront. */
export const syncMerchandiseJob: JobType = 'merchandise.sync';
/** Deletes from the storefront a product deleted for good, so the shop does not keep it archived. */
export const removeMerchandiseJob: JobType = 'merchandise.remove';

/**
 * Whether the storefront has the product or will have it once processed: a product that is
 * ready but was never published (the demo's, made without a storefront) has nothing to sync.
 */
export const isOrWillBePublished = (row: { externalId: string | null; status: string }) =>
  row.externalId !== null || row.status === 'processing';

type MerchandiseRow = typeof merchandise.$inferSelect;

type ColourRow = typeof merchandiseColours.$inferSelect;

/** The colours of some products, in the order they were chosen. */
export async function coloursOf(db: Db, merchandiseIds: number[]) {
  if (merchandiseIds.length === 0) return [];
  return db
    .select()
    .from(merchandiseColours)
    .where(inArray(merchandiseColours.merchandiseId, merchandiseIds))
    .orderBy(asc(merchandiseColours.id));
}

export const toProduct = (row: MerchandiseRow, colours: ColourRow[]): MerchandiseProduct => ({
  id: row.id,
  version: row.version,
  title: row.title,
  description: row.description,
  price: row.price,
  media:
    row.status === 'ready' && row.imageKey
      ? [
          {
            imageUrl: mediaUrl(row.imageKey),
            thumbnailUrl: row.thumbnailKey ? mediaUrl(row.thumbnailKey) : null,
          },
        ]
      : [],
  createdAt: row.createdAt.toISOString(),
  baseApparelId: row.baseApparelId,
  logoId: row.logoId,
  organizationId: row.organizationId,
  status: row.status,
  placement: placementOf(row),
  layers: row.layers,
  colours: colours
    .filter((colour) => colour.merchandiseId === row.id)
    .map((colour) => ({
      name: colour.name,
      hex: colour.hex,
      imageUrl: row.status === 'ready' && colour.imageKey ? mediaUrl(colour.imageKey) : null,
      thumbnailUrl: row.status === 'ready' && colour.thumbnailKey ? mediaUrl(colour.thumbnailKey) : null,
    })),
  printFiles:
    row.status === 'ready'
      ? sides
          .filter((side) => printKeyOf(row, side))
          .map((side) => ({ side, url: `/api/merchandise/${row.id}/print-file/${side}` }))
      : [],
});

const printKeyOf = (row: MerchandiseRow, side: Side) => (side === 'front' ? row.printKey : row.backPrintKey);

export const placementOf = (row: MerchandiseRow): Placement => ({
  x: row.placementX,
  y: row.placementY,
  width: row.placementWidth,
  rotation: row.placementRotation,
});

export async function merchandiseByOrganization(
  db: Db,
  actor: SessionUser,
  organizationGuid: string,
  max: number,
) {
  const [organization] = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.guid, organizationGuid), isNull(organizations.deletedAt)));
  if (!organization) throw badRequest('organizationGuid', 'The organization does not exist');
  scopedOrganizationId(actor, organization.id);
  const rows = await db
    .select()
    .from(merchandise)
    .where(and(eq(merchandise.organizationId, organization.id), isNull(merchandise.archivedAt)))
    .orderBy(desc(merchandise.createdAt), desc(merchandise.id))
    .limit(max);
  const colours = await coloursOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    products: rows.map((row) => toProduct(row, colours)),
    spiritShopAddress: organization.spiritShopAddress,
  };
}

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
    colours: colours.filter((colour) => colour.baseApparelId === item.id).map(toApparelColour),
  }));
}

const toApparelColour = (row: typeof apparelColours.$inferSelect): ApparelColour => ({
  id: row.id,
  name: row.name,
  hex: row.hex,
  imageUrl: mediaUrl(row.imageKey),
});

export const colourPictureTooLarge = (catalogue: Size) =>
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

type CreateFields = z.output<typeof createMerchandiseFieldsSchema>;

/** Stored images passed the upload's checks and parse in well under a second; this bounds a broken one. */
const storedImageSizeTimeoutMs = 20_000;

/**
 * The pixel size of a stored image, read from its header (an SVG from its own size, which
 * libvips parses the whole document for: in a render child, as every untrusted decode).
 */
export async function storedImageSize(storage: BlobStore, key: string): Promise<Size> {
  const blob = await storage.get(key);
  if (!blob) throw new Error(`Stored image ${key} is missing`);
  const { width, height } = await renderSandbox.run(
    { kind: 'size', image: await buffer(blob.body) },
    { timeoutMs: storedImageSizeTimeoutMs },
  );
  if (!width || !height) throw new Error(`Stored image ${key} has no size`);
  return { width, height };
}

const isUniqueViolation = (error: unknown) =>
  (error as { cause?: { code?: string } }).cause?.code === '23505' ||
  (error as { code?: string }).code === '23505';

/**
 * The placement a create asks for, checked against the apparel's printable area; without
 * one, the one-click placement (kept inside the area for a logo of unusual shape).
 */
function chosenPlacement(fields: CreateFields, apparel: Size, logo: Size, area: PrintArea): Placement {
  if (
    fields.PlacementX === undefined ||
    fields.PlacementY === undefined ||
    fields.PlacementWidth === undefined
  )
    return clampPlacement(defaultPlacement(apparel, logo), apparel, logo, area);
  const placement = {
    x: fields.PlacementX,
    y: fields.PlacementY,
    width: fields.PlacementWidth,
    rotation: normaliseRotation(fields.PlacementRotation ?? 0),
  };
  const problems = placementProblems(placement, apparel, logo, area);
  if (problems.length > 0) {
    throw new HttpError(
      400,
      'Invalid placement',
      problems.map((problem) => ({
        propertyName: productFieldNames[problem.field],
        errorMessage: problem.message,
      })),
    );
  }
  return placement;
}

/**
 * The design's further layers, each checked as the main logo is: a logo is the
 * organization's, its side takes a print, it lies wholly inside that side's print area and it
 * prints at 72 DPI or more; a text's letters, measured from its font's outlines, lie inside the
 * area and are all in the font. Every failure names its layer (`Layers[0]` is the first).
 */
async function checkedLayers(
  db: Db,
  storage: BlobStore,
  organizationId: number,
  layers: Layer[],
  apparel: typeof baseApparel.$inferSelect,
  apparelSize: Size,
): Promise<Layer[]> {
  const failures: { propertyName: string; errorMessage: string }[] = [];
  const checked: Layer[] = [];
  for (const [index, layer] of layers.entries()) {
    const fail = (message: string) =>
      failures.push({
        propertyName: `Layers[${index}]`,
        errorMessage: layerMessage(index, layer, message),
      });
    const area = apparel.printAreas[layer.side];
    if (!area) {
      fail(`${apparel.title} has no ${layer.side} print area`);
      continue;
    }
    const outside = `It must lie inside the ${layer.side} print area`;
    if (layer.kind === 'text') {
      const font = await textFont(layer.font);
      const missing = missingCharacters(font, layer.text);
      if (missing.length > 0) {
        fail(`${textFonts[layer.font].family} has no ${missing.join(' ')}`);
        continue;
      }
      const shape = textShape(font, layer.text, layer.size, layer.arc);
      const rotation = normaliseRotation(layer.rotation);
      if (!textInside(textBounds(shape, { ...layer, rotation }, area), area)) {
        fail(outside);
        continue;
      }
      checked.push({ ...layer, rotation });
      continue;
    }
    const [logo] = await db.select().from(designLogos).where(eq(designLogos.id, layer.logoId));
    if (!logo || logo.organizationId !== organizationId) {
      fail('The logo does not exist');
      continue;
    }
    const logoSize = await storedImageSize(storage, logo.storageKey);
    const placement = { ...layer.placement, rotation: normaliseRotation(layer.placement.rotation) };
    const problems = placementProblems(placement, apparelSize, logoSize, area);
    if (problems.length > 0) {
      fail(outside);
      continue;
    }
    const dpi = printDpi(placement, apparelSize, logoSize, area);
    if (printQuality(dpi, isVectorLogo(logo.contentType)) === 'tooLow') {
      fail(printDpiTooLow(dpi));
      continue;
    }
    checked.push({ ...layer, placement });
  }
  if (failures.length > 0) throw new HttpError(400, 'Invalid layers', failures);
  return checked;
}

/**
 * Records a new product from a composed image and queues its processing in the same
 * transaction, so a product never exists without the job that finishes it. The one-click
 * Create (no placement) is refused when the logo is on the apparel in any placement; a
 * customized design only when that very design, front and back, exists.
 */
export async function createMerchandise(
  db: Db,
  storage: BlobStore,
  jobs: JobQueue,
  actor: SessionUser,
  organizationId: number,
  fields: CreateFields,
  image: StoredImage,
  quota: { quotaBytes: number; field: string },
) {
  const [logo] = await db
    .select()
    .from(designLogos)
    .where(and(eq(designLogos.id, fields.LogoId), isNull(designLogos.deletedAt)));
  if (!logo) throw badRequest('LogoId', 'The logo does not exist');
  if (logo.organizationId !== organizationId) throw forbidden();
  const [apparel] = await db.select().from(baseApparel).where(eq(baseApparel.id, fields.BaseApparelId));
  if (!apparel) throw badRequest('BaseApparelId', 'The base apparel does not exist');
  if (priceBelowBase(fields.Price, apparel.price))
    throw badRequest('Price', priceBelowBaseMessage(apparel.price));
  const [apparelSize, logoSize] = await Promise.all([
    storedImageSize(storage, apparel.imageKey),
    storedImageSize(storage, logo.storageKey),
  ]);
  const layers = await checkedLayers(db, storage, organizationId, fields.Layers ?? [], apparel, apparelSize);
  const colourIds = fields.ColourIds ?? [];
  const offered = await db.select().from(apparelColours).where(eq(apparelColours.baseApparelId, apparel.id));
  const unknown = colourIds.filter((id) => !offered.some((colour) => colour.id === id));
  if (unknown.length > 0)
    throw badRequest('ColourIds', `${apparel.title} does not come in colour ${unknown.join(', ')}`);
  const chosenColours = colourIds.map((id) => offered.find((colour) => colour.id === id)!);
  const customized = fields.PlacementX !== undefined;
  const area = apparel.printAreas.front;
  const placement = chosenPlacement(fields, apparelSize, logoSize, area);
  const dpi = printDpi(placement, apparelSize, logoSize, area);
  if (printQuality(dpi, isVectorLogo(logo.contentType)) === 'tooLow')
    throw badRequest('PlacementWidth', printDpiTooLow(dpi));
  // A customized design is a duplicate only when all of it, front and back, exists among the
  // products outside the trash: the unique index decides that at the insert below.
  if (!customized) {
    const [existing] = await db
      .select({ id: merchandise.id })
      .from(merchandise)
      .where(
        and(
          eq(merchandise.organizationId, organizationId),
          eq(merchandise.logoId, logo.id),
          eq(merchandise.baseApparelId, apparel.id),
          isNull(merchandise.archivedAt),
        ),
      );
    if (existing) throw badRequest('', combinationExistsMessage);
  }
  try {
    const row = await db.transaction(async (tx) => {
      await claimStorage(tx as unknown as Db, quota.quotaBytes, {
        organizationId,
        bytes: image.size,
        field: quota.field,
      });
      const [inserted] = await tx
        .insert(merchandise)
        .values({
          organizationId,
          logoId: logo.id,
          baseApparelId: apparel.id,
          title: fields.Title,
          description: fields.Description,
          price: fields.Price,
          status: 'processing',
          sourceImageKey: image.key,
          storedBytes: image.size,
          placementX: placement.x,
          placementY: placement.y,
          placementWidth: placement.width,
          placementRotation: placement.rotation,
          layers,
        })
        .returning();
      const colours =
        chosenColours.length > 0
          ? await tx
              .insert(merchandiseColours)
              .values(
                chosenColours.map((colour) => ({
                  merchandiseId: inserted.id,
                  name: colour.name,
                  hex: colour.hex,
                  apparelColourId: colour.id,
                })),
              )
              .returning()
          : [];
      await jobs.enqueue(processMerchandiseJob, { merchandiseId: inserted.id }, tx, {
        organizationId: inserted.organizationId,
      });
      await audit(tx as unknown as Db, actor.id, 'create', 'merchandise', inserted.id, {
        organizationId,
        logoId: logo.id,
        baseApparelId: apparel.id,
        placement,
        layers,
        colours: chosenColours.map((colour) => colour.name),
      });
      return { inserted, colours };
    });
    jobs.wakeUp();
    return toProduct(row.inserted, row.colours);
  } catch (error) {
    // The same design again (or two one-click requests at once): the unique index lets one through.
    if (isUniqueViolation(error)) throw badRequest('', combinationExistsMessage);
    throw error;
  }
}

/** A product the actor may change: another organization's is a 403, an unknown or archived one a 404. */
export async function findOwnProduct(db: Db, actor: SessionUser, id: number) {
  const [row] = await db.select().from(merchandise).where(eq(merchandise.id, id));
  if (!row) throw notFound('Product');
  scopedOrganizationId(actor, row.organizationId);
  if (row.archivedAt) throw notFound('Product');
  return row;
}

const staleProduct = async (db: Db, current: MerchandiseRow) =>
  versionConflict(db, {
    label: 'Product',
    entityType: 'merchandise',
    id: current.id,
    current: toProduct(current, await coloursOf(db, [current.id])),
  });

/**
 * Changes a product's title, description and price, audited and sent to the storefront; a stale
 * `version` is refused with 409 (`server/engine/versions.ts`).
 */
export async function updateMerchandise(
  db: Db,
  jobs: JobQueue,
  actor: SessionUser,
  id: number,
  fields: MerchandiseUpdate,
) {
  const row = await findOwnProduct(db, actor, id);
  if (fields.version !== undefined && fields.version !== row.version) throw await staleProduct(db, row);
  const [apparel] = await db
    .select({ price: baseApparel.price })
    .from(baseApparel)
    .where(eq(baseApparel.id, row.baseApparelId));
  if (apparel && priceBelowBase(fields.price, apparel.price))
    throw badRequest('price', priceBelowBaseMessage(apparel.price));
  const updated = await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(merchandise)
      .set({
        title: fields.title,
        description: fields.description,
        price: fields.price,
        version: nextVersion(merchandise.version),
      })
      .where(and(eq(merchandise.id, id), versionMatches(merchandise.version, fields.version)))
      .returning();
    // Another save committed between the read above and this write.
    if (!changed)
      throw await staleProduct(tx as unknown as Db, await findOwnProduct(tx as unknown as Db, actor, id));
    if (isOrWillBePublished(row))
      await jobs.enqueue(syncMerchandiseJob, { merchandiseId: id }, tx, {
        organizationId: row.organizationId,
      });
    await audit(tx as unknown as Db, actor.id, 'update', 'merchandise', id, {
      before: { title: row.title, description: row.description, price: row.price },
      after: { title: fields.title, description: fields.description, price: fields.price },
    });
    return changed;
  });
  jobs.wakeUp();
  return toProduct(updated, await coloursOf(db, [id]));
}

/**
 * Moves a product to the trash: out of the gallery and off the storefront. The row stays until
 * it is deleted forever, and for good when orders refer to it.
 */
export async function archiveMerchandise(
  db: Db,
  jobs: JobQueue,
  actor: SessionUser,
  id: number,
  version?: number,
) {
  const row = await findOwnProduct(db, actor, id);
  await db.transaction(async (tx) => {
    const [archived] = await tx
      .update(merchandise)
      .set({ archivedAt: new Date(), archivedBy: actor.id, version: nextVersion(merchandise.version) })
      .where(and(eq(merchandise.id, id), versionMatches(merchandise.version, version)))
      .returning();
    if (!archived)
      throw await staleProduct(tx as unknown as Db, await findOwnProduct(tx as unknown as Db, actor, id));
    if (isOrWillBePublished(row))
      await jobs.enqueue(syncMerchandiseJob, { merchandiseId: id }, tx, {
        organizationId: row.organizationId,
      });
    await audit(tx as unknown as Db, actor.id, 'archive', 'merchandise', id, {
      organizationId: row.organizationId,
      title: row.title,
    });
    await announceProduct(tx as unknown as Db, archived, 'deleted', actor);
  });
  jobs.wakeUp();
}

/** An open gallery or trash of the product's organization refetches. */
const announceProduct = (
  tx: Db,
  row: MerchandiseRow,
  action: 'deleted' | 'restored',
  actor: SessionUser | null,
) =>
  announce(tx, {
    resource: 'merchandise',
    id: row.id,
    action,
    version: row.version,
    by: actor ? { id: actor.id, name: displayNameOf(actor) } : systemActor('Spirit Portal'),
    organizationId: row.organizationId,
  });

/** The organization's products in the trash, the latest archived first. */
export async function listTrashedProducts(db: Db, organizationId: number): Promise<TrashedProduct[]> {
  const rows = await db
    .select({ row: merchandise, deletedByName: userNameOf(merchandise.archivedBy) })
    .from(merchandise)
    .where(and(eq(merchandise.organizationId, organizationId), isNotNull(merchandise.archivedAt)))
    .orderBy(desc(merchandise.archivedAt), desc(merchandise.id));
  const colours = await coloursOf(
    db,
    rows.map(({ row }) => row.id),
  );
  return rows.map(({ row, deletedByName }) => ({
    ...toProduct(row, colours),
    deletedAt: row.archivedAt!.toISOString(),
    deletedByName,
  }));
}

/** A product in the trash the actor may see: another organization's is a 403, any other a 404. */
async function findTrashedProduct(db: Db, actor: SessionUser, id: number) {
  const [row] = await db
    .select()
    .from(merchandise)
    .where(and(eq(merchandise.id, id), isNotNull(merchandise.archivedAt)));
  if (!row) throw notFound('Product');
  scopedOrganizationId(actor, row.organizationId);
  return row;
}

/**
 * Takes products out of the trash, each a change of its own: back in the gallery, and on sale
 * again once the storefront sync has run. A product whose placement a live product has taken
 * since is refused with the create's message, and stops the rest.
 */
export async function restoreProducts(db: Db, jobs: JobQueue, actor: SessionUser, ids: number[]) {
  try {
    for (const id of ids) {
      const row = await findTrashedProduct(db, actor, id);
      await db.transaction(async (tx) => {
        const [restored] = await tx
          .update(merchandise)
          .set({ archivedAt: null, archivedBy: null, version: nextVersion(merchandise.version) })
          .where(and(eq(merchandise.id, id), isNotNull(merchandise.archivedAt)))
          .returning();
        // Restored or deleted forever by someone else since it was read.
        if (!restored) throw notFound('Product');
        if (isOrWillBePublished(row))
          await jobs.enqueue(syncMerchandiseJob, { merchandiseId: id }, tx, {
            organizationId: row.organizationId,
          });
        await audit(tx as unknown as Db, actor.id, 'restore', 'merchandise', id, {
          organizationId: row.organizationId,
          title: row.title,
        });
        await announceProduct(tx as unknown as Db, restored, 'restored', actor);
      });
    }
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest('', combinationExistsMessage);
    throw error;
  } finally {
    jobs.wakeUp();
  }
}

/** Orders refer to the product: it is kept for them, in the trash for good. */
const hasOrders = sql`exists (select 1 from ${orderItems} where ${orderItems.productId} = ${merchandise.id})`;

/** Every file a product keeps: its pictures, print files, colour pictures, and an unprocessed upload. */
async function filesOf(db: Db, row: MerchandiseRow) {
  const colours = await coloursOf(db, [row.id]);
  return [
    row.sourceImageKey,
    row.imageKey,
    row.thumbnailKey,
    row.printKey,
    row.backPrintKey,
    ...colours.flatMap((colour) => [colour.imageKey, colour.thumbnailKey]),
  ].filter((key): key is string => Boolean(key));
}

/**
 * Deletes products for good (their colours go with the row), then their files. The row goes
 * first, and only while no order refers to it: a file left by a failed delete is unreachable
 * and the storage sweep removes it; a row without its files would be broken.
 */
async function purgeProductRows(
  db: Db,
  storage: BlobStore,
  jobs: JobQueue,
  actor: SessionUser | null,
  rows: MerchandiseRow[],
) {
  let purged = 0;
  for (const row of rows) {
    const files = await filesOf(db, row);
    const deleted = await db.transaction(async (tx) => {
      const [gone] = await tx
        .delete(merchandise)
        .where(and(eq(merchandise.id, row.id), not(hasOrders)))
        .returning({ id: merchandise.id });
      if (!gone) return false;
      if (row.externalId)
        await jobs.enqueue(removeMerchandiseJob, { externalId: row.externalId }, tx, {
          organizationId: row.organizationId,
        });
      await audit(tx as unknown as Db, actor?.id ?? null, 'purge', 'merchandise', row.id, {
        organizationId: row.organizationId,
        title: row.title,
      });
      await announceProduct(tx as unknown as Db, row, 'deleted', actor);
      return true;
    });
    if (!deleted) continue;
    purged += 1;
    await Promise.allSettled(files.map((key) => storage.delete(key)));
  }
  if (purged > 0) jobs.wakeUp();
  return purged;
}

/**
 * Deletes trashed products forever. One that orders refer to is refused on `ids` (nothing is
 * deleted then), as is one outside the trash (404) or of another organization (403).
 */
export async function purgeProducts(
  db: Db,
  storage: BlobStore,
  jobs: JobQueue,
  actor: SessionUser,
  ids: number[],
) {
  const rows: MerchandiseRow[] = [];
  for (const id of ids) rows.push(await findTrashedProduct(db, actor, id));
  const [ordered] = await db
    .select({ title: merchandise.title })
    .from(merchandise)
    .where(and(inArray(merchandise.id, ids), hasOrders))
    .limit(1);
  if (ordered) throw badRequest('ids', productHasOrdersMessage(ordered.title));
  await purgeProductRows(db, storage, jobs, actor, rows);
}

/** The trash job's part for products: those archived before the cutoff go, files and all, unless ordered. */
export async function purgeExpiredProducts(db: Db, storage: BlobStore, jobs: JobQueue, cutoff: Date) {
  const rows = await db
    .select()
    .from(merchandise)
    .where(and(lt(merchandise.archivedAt, cutoff), not(hasOrders)));
  return purgeProductRows(db, storage, jobs, null, rows);
}

/** Processes a failed product again from the start ('Try again'). */
export async function retryMerchandise(db: Db, jobs: JobQueue, actor: SessionUser, id: number) {
  const row = await findOwnProduct(db, actor, id);
  if (row.status !== 'failed')
    throw badRequest('', 'Only a product whose processing failed can be tried again');
  const updated = await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(merchandise)
      .set({ status: 'processing' })
      .where(eq(merchandise.id, id))
      .returning();
    await jobs.enqueue(processMerchandiseJob, { merchandiseId: id }, tx, {
      organizationId: row.organizationId,
    });
    await audit(tx as unknown as Db, actor.id, 'retry', 'merchandise', id);
    return changed;
  });
  jobs.wakeUp();
  return toProduct(updated, await coloursOf(db, [id]));
}

/** A side's print file of a product the actor may see (archived ones too: orders are printed from them). */
export async function printFileKey(db: Db, actor: SessionUser, id: number, side: Side) {
  const [row] = await db.select().from(merchandise).where(eq(merchandise.id, id));
  if (!row) throw notFound('Product');
  scopedOrganizationId(actor, row.organizationId);
  const key = printKeyOf(row, side);
  if (!key) throw notFound('Print file');
  return { key, fileName: `product-${row.id}-${side}-print.png` };
}

/**
 * Records an image uploaded for the storefront, counted against its organization's storage
 * (none: an Admin's upload without one); the storage sweep removes it after a day.
 */
export async function recordStorefrontUpload(
  db: Db,
  organizationId: number | null,
  image: StoredImage,
  quota: { quotaBytes: number; field: string },
) {
  await db.transaction(async (tx) => {
    await claimStorage(tx as unknown as Db, quota.quotaBytes, {
      organizationId,
      bytes: image.size,
      field: quota.field,
    });
    await tx
      .insert(storefrontUploads)
      .values({ organizationId, storageKey: image.key, byteSize: image.size });
  });
}

/** Forgets a storefront upload the storefront did not take; its file is deleted next. */
export async function forgetStorefrontUpload(db: Db, key: string) {
  await db.delete(storefrontUploads).where(eq(storefrontUploads.storageKey, key));
}
