import { and, asc, desc, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { type DesignLogo, designLogoFileUrl, type TrashedDesignLogo } from '../../../contract/design-logos';
import { audit } from '../../audit';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { designLogos, organizations } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import type { BlobStore } from '../../storage';
import { claimStorage } from '../../storage/quota';
import type { StoredImage } from '../../storage/uploads';
import { oneByOne, purgeEach, userNameOf } from '../../engine/trash';
import { displayNameOf } from '../../engine/change-feed';
import { announce, systemActor } from '../../db/announce';
import type { ChangeAction } from '../../../contract/changes';
import { reachedOrganization } from '../../engine/scope';

type LogoRow = typeof designLogos.$inferSelect;

/** Open logo lists and trashes of the logo's organization follow, as the engine's lists do; last in the transaction. */
const announceLogo = (tx: Db, row: LogoRow, action: ChangeAction, actor: SessionUser | null) =>
  announce(tx, {
    resource: 'design-logos',
    id: row.id,
    action,
    version: null,
    by: actor ? { id: actor.id, name: displayNameOf(actor) } : systemActor('Spirit Portal'),
    organizationId: row.organizationId,
  });

export const toDesignLogo = (row: LogoRow): DesignLogo => ({
  id: row.id,
  organizationId: row.organizationId,
  fileName: row.fileName,
  fileUrl: designLogoFileUrl(row.id),
  contentType: row.contentType as DesignLogo['contentType'],
});

/**
 * The organization an actor works on for logos and merchandise, as the engine's scope reaches it:
 * their own (another one is refused with 403), or the one an Admin names (which must exist).
 */
export async function workingOrganizationId(
  db: Db,
  actor: SessionUser,
  requested: number | undefined,
  propertyName: string,
): Promise<number> {
  const organizationId = reachedOrganization(actor, requested);
  if (organizationId == null) throw badRequest(propertyName, 'Please select an organization to continue');
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), isNull(organizations.deletedAt)));
  if (!row) throw badRequest(propertyName, 'The organization does not exist');
  return organizationId;
}

export async function listLogos(db: Db, organizationId: number) {
  const rows = await db
    .select()
    .from(designLogos)
    .where(and(eq(designLogos.organizationId, organizationId), isNull(designLogos.deletedAt)))
    .orderBy(asc(designLogos.id));
  return rows.map(toDesignLogo);
}

/** The organization's logos in the trash, the latest deleted first. */
export async function listTrashedLogos(db: Db, organizationId: number): Promise<TrashedDesignLogo[]> {
  const rows = await db
    .select({ row: designLogos, deletedByName: userNameOf(designLogos.deletedBy) })
    .from(designLogos)
    .where(and(eq(designLogos.organizationId, organizationId), isNotNull(designLogos.deletedAt)))
    .orderBy(desc(designLogos.deletedAt), desc(designLogos.id));
  return rows.map(({ row, deletedByName }) => ({
    ...toDesignLogo(row),
    deletedAt: row.deletedAt!.toISOString(),
    deletedByName,
  }));
}

const inTrash = {
  live: isNull(designLogos.deletedAt),
  trashed: isNotNull(designLogos.deletedAt),
  any: undefined,
};

/**
 * A logo the actor may see, outside the trash unless `which` says otherwise; another
 * organization's is a 403, an unknown id (or one on the wrong side of the trash) a 404.
 */
export async function findLogo(db: Db, actor: SessionUser, id: number, which: keyof typeof inTrash = 'live') {
  const [row] = await db
    .select()
    .from(designLogos)
    .where(and(eq(designLogos.id, id), inTrash[which]));
  if (!row) throw notFound('Design logo');
  reachedOrganization(actor, row.organizationId);
  return row;
}

export async function addLogo(
  db: Db,
  actor: SessionUser,
  organizationId: number,
  image: StoredImage,
  fileName: string,
  quota: { quotaBytes: number; field: string },
) {
  const row = await db.transaction(async (tx) => {
    await claimStorage(tx as unknown as Db, quota.quotaBytes, {
      organizationId,
      bytes: image.size,
      field: quota.field,
    });
    const [inserted] = await tx
      .insert(designLogos)
      .values({
        organizationId,
        fileName,
        storageKey: image.key,
        contentType: image.contentType,
        byteSize: image.size,
      })
      .returning();
    await audit(tx as unknown as Db, actor.id, 'upload', 'design-logo', inserted.id, {
      organizationId,
      fileName,
    });
    await announceLogo(tx as unknown as Db, inserted, 'created', actor);
    return inserted;
  });
  return toDesignLogo(row);
}

/** Moves a logo to the trash; its file stays until the logo is deleted forever. */
export async function deleteLogo(db: Db, actor: SessionUser, id: number) {
  const row = await findLogo(db, actor, id);
  await db.transaction(async (tx) => {
    await tx
      .update(designLogos)
      .set({ deletedAt: new Date(), deletedBy: actor.id })
      .where(and(eq(designLogos.id, id), isNull(designLogos.deletedAt)));
    await audit(tx as unknown as Db, actor.id, 'delete', 'design-logo', id, { fileName: row.fileName });
    await announceLogo(tx as unknown as Db, row, 'deleted', actor);
  });
}

export async function restoreLogos(db: Db, actor: SessionUser, ids: number[]) {
  await oneByOne(ids, async (id) => {
    const row = await findLogo(db, actor, id, 'trashed');
    await db.transaction(async (tx) => {
      await tx.update(designLogos).set({ deletedAt: null, deletedBy: null }).where(eq(designLogos.id, id));
      await audit(tx as unknown as Db, actor.id, 'restore', 'design-logo', id, { fileName: row.fileName });
      await announceLogo(tx as unknown as Db, row, 'restored', actor);
    });
  });
}

/**
 * Deletes logos for good, with their files, and answers how many. The row goes first: a file
 * left by a failed delete is unreachable, and the storage sweep removes it; a row without its
 * file would be broken. A logo is purged and audited only by the purge whose delete removed it,
 * still in the trash: another that read it too (the other server's chore) finds it gone.
 */
async function purgeLogoRows(db: Db, storage: BlobStore, actor: SessionUser | null, rows: LogoRow[]) {
  return purgeEach(rows, async (row) => {
    const gone = await db.transaction(async (tx) => {
      const [deleted] = await tx
        .delete(designLogos)
        .where(and(eq(designLogos.id, row.id), isNotNull(designLogos.deletedAt)))
        .returning({ id: designLogos.id });
      if (deleted) {
        await audit(tx as unknown as Db, actor?.id ?? null, 'purge', 'design-logo', row.id, {
          fileName: row.fileName,
        });
        await announceLogo(tx as unknown as Db, row, 'deleted', actor);
      }
      return Boolean(deleted);
    });
    if (gone) await storage.delete(row.storageKey);
    return gone;
  });
}

export async function purgeLogos(db: Db, storage: BlobStore, actor: SessionUser, ids: number[]) {
  const rows: LogoRow[] = [];
  for (const id of ids) rows.push(await findLogo(db, actor, id, 'trashed'));
  await purgeLogoRows(db, storage, actor, rows);
}

/** The trash job's part for logos: those trashed before the cutoff go, files and all. */
export async function purgeExpiredLogos(db: Db, storage: BlobStore, cutoff: Date) {
  const rows = await db.select().from(designLogos).where(lt(designLogos.deletedAt, cutoff));
  return purgeLogoRows(db, storage, null, rows);
}
