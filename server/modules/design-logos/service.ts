import { asc, eq } from 'drizzle-orm';
import { type DesignLogo, designLogoFileUrl } from '../../../contract/design-logos';
import { audit } from '../../audit';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { designLogos, organizations } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import type { BlobStore } from '../../storage';
import { claimStorage } from '../../storage/quota';
import type { StoredImage } from '../../storage/uploads';
import { scopedOrganizationId } from '../organizations/service';

type LogoRow = typeof designLogos.$inferSelect;

export const toDesignLogo = (row: LogoRow): DesignLogo => ({
  id: row.id,
  organizationId: row.organizationId,
  fileName: row.fileName,
  fileUrl: designLogoFileUrl(row.id),
  contentType: row.contentType as DesignLogo['contentType'],
});

/**
 * The organization an actor works on for logos and merchandise: an AthleticDirector's own
 * (another one is refused with 403), the one an Admin names (which must exist).
 */
export async function workingOrganizationId(
  db: Db,
  actor: SessionUser,
  requested: number | undefined,
  propertyName: string,
): Promise<number> {
  const organizationId = scopedOrganizationId(actor, requested);
  if (organizationId == null) throw badRequest(propertyName, 'Please select an organization to continue');
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!row) throw badRequest(propertyName, 'The organization does not exist');
  return organizationId;
}

export async function listLogos(db: Db, organizationId: number) {
  const rows = await db
    .select()
    .from(designLogos)
    .where(eq(designLogos.organizationId, organizationId))
    .orderBy(asc(designLogos.id));
  return rows.map(toDesignLogo);
}

/** A logo the actor may see; another organization's is a 403, an unknown id a 404. */
export async function findLogo(db: Db, actor: SessionUser, id: number) {
  const [row] = await db.select().from(designLogos).where(eq(designLogos.id, id));
  if (!row) throw notFound('Design logo');
  scopedOrganizationId(actor, row.organizationId);
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
    return inserted;
  });
  return toDesignLogo(row);
}

export async function deleteLogo(db: Db, storage: BlobStore, actor: SessionUser, id: number) {
  const row = await findLogo(db, actor, id);
  await db.transaction(async (tx) => {
    await tx.delete(designLogos).where(eq(designLogos.id, id));
    await audit(tx as unknown as Db, actor.id, 'delete', 'design-logo', id, { fileName: row.fileName });
  });
  // The row is gone first: a file left by a failed delete is unreachable, and the storage sweep
  // removes it; a row without its file would be broken.
  await storage.delete(row.storageKey);
}
