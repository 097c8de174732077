import { and, desc, eq, inArray, isNotNull, lt, not, sql } from 'drizzle-orm';
import {
  combinationExistsMessage,
  productHasOrdersMessage,
  type TrashedProduct,
} from '../../../contract/merchandise';
import { audit } from '../../audit';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { merchandise, orderItems } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import type { JobQueue } from '../../jobs';
import type { BlobStore } from '../../storage';
import { reachedOrganization } from '../../engine/scope';
import { nextVersion } from '../../engine/versions';
import { oneByOne, purgeEach, userNameOf } from '../../engine/trash';
import {
  announceProduct,
  coloursOf,
  isOrWillBePublished,
  isUniqueViolation,
  type MerchandiseRow,
  removeMerchandiseJob,
  syncMerchandiseJob,
  toProduct,
} from './products';

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
  reachedOrganization(actor, row.organizationId);
  return row;
}

/**
 * Takes products out of the trash, each a change of its own: back in the gallery, and on sale
 * again once the storefront sync has run. A product whose placement a live product has taken
 * since is refused with the create's message, and stops the rest.
 */
export async function restoreProducts(db: Db, jobs: JobQueue, actor: SessionUser, ids: number[]) {
  try {
    await oneByOne(ids, async (id) => {
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
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest('', combinationExistsMessage);
    throw error;
  } finally {
    jobs.wakeUp();
  }
}

/** Orders refer to the product: it is kept for them, in the trash for good. */
const hasOrders = sql`exists (select 1 from ${orderItems} where ${orderItems.productId} = ${merchandise.id})`;

/** Every file a product keeps: its pictures, print files and their preflight, colour pictures, and an unprocessed upload. */
async function filesOf(db: Db, row: MerchandiseRow) {
  const colours = await coloursOf(db, [row.id]);
  return [
    row.sourceImageKey,
    row.imageKey,
    row.thumbnailKey,
    row.printKey,
    row.backPrintKey,
    row.preflightKey,
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
  const purged = await purgeEach(rows, async (row) => {
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
    if (deleted) await Promise.allSettled(files.map((key) => storage.delete(key)));
    return deleted;
  });
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
