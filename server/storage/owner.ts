import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { fileStoreOwner } from '../db/schema';
import type { BlobStore } from './types';

interface OwnerMarker {
  database: string;
  token: string;
}

/**
 * The file store's marker names another database than this one, or a copy of this one restored
 * from a backup: sweeping would delete every file the other database wrote since.
 */
export class FileStoreOfAnotherDatabase extends Error {
  constructor(
    readonly databaseId: string,
    readonly markerDatabaseId: string,
  ) {
    super(
      markerDatabaseId === databaseId
        ? 'The file store belongs to another copy of this database (one restored from a backup?); nothing was swept'
        : `The file store belongs to database ${markerDatabaseId}, not to this one (${databaseId}); nothing was swept`,
    );
  }
}

function parseMarker(content: string): OwnerMarker {
  const marker = JSON.parse(content) as Partial<OwnerMarker>;
  if (typeof marker.database !== 'string' || typeof marker.token !== 'string') {
    throw new Error('The file store owner marker is not one the portal wrote');
  }
  return marker as OwnerMarker;
}

/**
 * Makes sure the file store is this database's before a sweep deletes anything, and passes the
 * claim on: the first sweep writes the marker; each later one finds its own token there and
 * writes a new one, in the database and the store alike. Another database, or a copy of this
 * one restored from a backup (its token is one a later sweep replaced), finds a token it does not
 * hold and is refused. The row stays locked until the marker is written, so servers sharing the
 * database pass the claim on one at a time.
 */
export async function claimFileStore(db: Db, storage: BlobStore) {
  await db.transaction(async (tx) => {
    await tx
      .insert(fileStoreOwner)
      .values({ databaseId: randomUUID(), token: randomUUID() })
      .onConflictDoNothing();
    const [owner] = await tx.select().from(fileStoreOwner).for('update');
    const content = await storage.readOwnerMarker();
    if (content !== null) {
      const marker = parseMarker(content);
      if (marker.database !== owner.databaseId || marker.token !== owner.token) {
        throw new FileStoreOfAnotherDatabase(owner.databaseId, marker.database);
      }
    }
    const token = randomUUID();
    await tx.update(fileStoreOwner).set({ token });
    await storage.writeOwnerMarker(JSON.stringify({ database: owner.databaseId, token }));
  });
}
