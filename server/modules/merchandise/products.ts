import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import {
  type MerchandiseProduct,
  type MerchandiseUpdate,
  priceBelowBaseMessage,
} from '../../../contract/merchandise';
import { type Placement, priceBelowBase, type Side, sides } from '../../../contract/composition';
import { audit } from '../../audit';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { baseApparel, merchandise, merchandiseColours, organizations } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import type { JobQueue } from '../../jobs';
import { reachedOrganization } from '../../engine/scope';
import { mediaUrl } from './media';
import type { JobType } from '../../../contract/definitions/jobs';
import { nextVersion, versionConflict, versionMatches } from '../../engine/versions';
import { displayNameOf } from '../../engine/change-feed';
import { announce, systemActor } from '../../db/announce';
import { proposeChanges, waitsForReview } from './pending-changes';

/** What a product's processing job carries: the product, and who asked for it (told if it fails). */
export interface ProcessPayload {
  merchandiseId: number;
  startedBy?: number;
}

export const processMerchandiseJob: JobType = 'merchandise.process';
/** Sends a product's edited text, price or archiving to the storefront. */
export const syncMerchandiseJob: JobType = 'merchandise.sync';
/** Sends an approved, ready product to the storefront when its director publishes it. */
export const publishMerchandiseJob: JobType = 'merchandise.publish';
/** Deletes from the storefront a product deleted for good, so the shop does not keep it archived. */
export const removeMerchandiseJob: JobType = 'merchandise.remove';

/**
 * Whether the storefront has the product or will have it once processed: a product that is
 * ready but was never published (the demo's, made without a storefront, or one not yet through
 * review) has nothing to sync.
 */
export const isOrWillBePublished = (row: {
  externalId: string | null;
  status: string;
  reviewState: string;
}) => row.externalId !== null || (row.status === 'processing' && row.reviewState === 'published');

export type MerchandiseRow = typeof merchandise.$inferSelect;

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
  reviewState: row.reviewState,
  reviewComment: row.reviewComment,
  pendingChanges: row.pendingChanges,
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
  preflight: row.preflight,
  preflightUrl:
    row.status === 'ready' && row.preflightKey ? `/api/merchandise/${row.id}/print-preflight` : null,
});

export const printKeyOf = (row: MerchandiseRow, side: Side) =>
  side === 'front' ? row.printKey : row.backPrintKey;

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
  reachedOrganization(actor, organization.id);
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

/** A product the actor may change: another organization's is a 403, an unknown or archived one a 404. */
export async function findOwnProduct(db: Db, actor: SessionUser, id: number) {
  const [row] = await db.select().from(merchandise).where(eq(merchandise.id, id));
  if (!row) throw notFound('Product');
  reachedOrganization(actor, row.organizationId);
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
 * `version` is refused with 409 (`server/engine/versions.ts`). A school that reviews text changes
 * has them wait for a reviewer instead (`pending-changes.ts`).
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
  const forReview = await waitsForReview(db, row, fields);
  const updated = await db.transaction(async (tx) => {
    if (forReview) {
      const proposed = await proposeChanges(tx as unknown as Db, actor, row, fields);
      if (!proposed)
        throw await staleProduct(tx as unknown as Db, await findOwnProduct(tx as unknown as Db, actor, id));
      return proposed;
    }
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
export const announceProduct = (
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
    const process: ProcessPayload = { merchandiseId: id, startedBy: actor.id };
    await jobs.enqueue(processMerchandiseJob, process, tx, {
      organizationId: row.organizationId,
    });
    await audit(tx as unknown as Db, actor.id, 'retry', 'merchandise', id);
    return changed;
  });
  jobs.wakeUp();
  return toProduct(updated, await coloursOf(db, [id]));
}

export const isUniqueViolation = (error: unknown) =>
  (error as { cause?: { code?: string } }).cause?.code === '23505' ||
  (error as { code?: string }).code === '23505';
