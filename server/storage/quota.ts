import { eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { designLogos, merchandise, storefrontUploads, users } from '../db/schema';
import { badRequest } from '../errors';

/** Quotas as people read them: '1 GB', '500 MB' (binary units, as the upload limits' '20 MB'). */
function sizeText(bytes: number) {
  const mb = 1024 * 1024;
  if (bytes % (1024 * mb) === 0) return `${bytes / (1024 * mb)} GB`;
  if (bytes % mb === 0) return `${bytes / mb} MB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

export const organizationStorageFull = (quotaBytes: number) =>
  `This organization's storage is full (${sizeText(quotaBytes)}); delete logos you no longer use, or contact support`;

/** Admins' photos and storefront uploads made without an organization share one quota. */
const sharedStorageFull = (quotaBytes: number) =>
  `The storage for files outside any organization is full (${sizeText(quotaBytes)}); storefront uploads are removed a day after they are made, try again then`;

/** Where a stored file's bytes are counted, and the form field a refusal names. */
export interface StorageClaim {
  /** Null: a file of no organization (an Admin's photo, an Admin's storefront upload). */
  organizationId: number | null;
  bytes: number;
  field: string;
  /** Bytes the new file replaces (a user's previous photo), freed when it is stored. */
  replacingBytes?: number;
}

/** Any number, the same in every server process: it names the quota locks among advisory locks. */
const quotaLockSpace = 7_291;

/** Every row that owns stored files, with where it keeps their size. */
const counted = [
  { table: designLogos, organizationId: designLogos.organizationId, bytes: designLogos.byteSize },
  { table: merchandise, organizationId: merchandise.organizationId, bytes: merchandise.storedBytes },
  { table: users, organizationId: users.organizationId, bytes: users.profilePhotoBytes },
  {
    table: storefrontUploads,
    organizationId: storefrontUploads.organizationId,
    bytes: storefrontUploads.byteSize,
  },
] as const;

/** Bytes an organization's rows (or, for null, the rows of no organization) keep in the blob store. */
export async function storageUsed(db: Db, organizationId: number | null) {
  let used = 0;
  for (const { table, organizationId: column, bytes } of counted) {
    const [row] = await db
      .select({ total: sql<string>`coalesce(sum(${bytes}), 0)` })
      .from(table)
      .where(organizationId === null ? isNull(column) : eq(column, organizationId));
    used += Number(row?.total ?? 0);
  }
  return used;
}

const fullMessage = (organizationId: number | null, quotaBytes: number) =>
  organizationId === null ? sharedStorageFull(quotaBytes) : organizationStorageFull(quotaBytes);

/**
 * Refuses an upload to a full organization before its file is read, so a full organization
 * cannot have the server write (and delete again) file after file. `claimStorage` is the check
 * that counts; this one only saves the work.
 */
export async function refuseWhenFull(
  db: Db,
  quotaBytes: number,
  organizationId: number | null,
  field: string,
) {
  if ((await storageUsed(db, organizationId)) >= quotaBytes) {
    throw badRequest(field, fullMessage(organizationId, quotaBytes));
  }
}

/**
 * Refuses, with the spec's 400 naming the file field, a file that would take its organization
 * past `quotaBytes`. Call it inside the transaction that writes the row owning the file: the
 * advisory lock it takes is held until that transaction ends, so concurrent uploads for one
 * organization (in any server process) are counted one after the other and the total never
 * passes the quota.
 */
export async function claimStorage(tx: Db, quotaBytes: number, claim: StorageClaim) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${quotaLockSpace}::int, ${claim.organizationId ?? 0}::int)`,
  );
  const used = await storageUsed(tx, claim.organizationId);
  if (used - (claim.replacingBytes ?? 0) + claim.bytes > quotaBytes) {
    throw badRequest(claim.field, fullMessage(claim.organizationId, quotaBytes));
  }
}
