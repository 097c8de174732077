import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  combinationExistsMessage,
  type createMerchandiseFieldsSchema,
  priceBelowBaseMessage,
  productFieldNames,
} from '../../../contract/merchandise';
import {
  clampPlacement,
  defaultPlacement,
  normaliseRotation,
  type Placement,
  placementProblems,
  priceBelowBase,
  type PrintArea,
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
import { apparelColours, baseApparel, designLogos, merchandise, merchandiseColours } from '../../db/schema';
import { badRequest, forbidden, HttpError } from '../../errors';
import type { JobQueue } from '../../jobs';
import type { BlobStore } from '../../storage';
import { claimStorage } from '../../storage/quota';
import type { StoredImage } from '../../storage/uploads';
import { textFont } from '../../storage/fonts';
import { isUniqueViolation, type ProcessPayload, processMerchandiseJob, toProduct } from './products';
import { storedImageSize } from './image-size';
import { designPreflight, refuseFailedPreflight } from './preflight';

type CreateFields = z.output<typeof createMerchandiseFieldsSchema>;

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
 * The design's further layers, each checked as the main logo is: a logo is the organization's,
 * its side takes a print and it lies wholly inside that side's print area; a text's letters,
 * measured from its font's outlines, lie inside the area and are all in the font. The preflight
 * judges the rest. Every failure names its layer (`Layers[0]` is the first).
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
  // Garments without a colour of their own are judged in the colour their image shows.
  const garments = (chosenColours.length > 0 ? chosenColours : offered.slice(0, 1)).map((colour) => ({
    name: colour.name,
    hex: colour.hex,
  }));
  const checks = await designPreflight(db, storage, {
    areas: apparel.printAreas,
    apparelSize,
    garments,
    logo,
    placement,
    layers,
  });
  refuseFailedPreflight(checks);
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
          preflight: checks,
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
      const process: ProcessPayload = { merchandiseId: inserted.id, startedBy: actor.id };
      await jobs.enqueue(processMerchandiseJob, process, tx, {
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
