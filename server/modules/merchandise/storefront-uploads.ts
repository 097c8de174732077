import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { storefrontUploads } from '../../db/schema';
import { claimStorage } from '../../storage/quota';
import type { StoredImage } from '../../storage/uploads';

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
