import type { FastifyBaseLogger } from 'fastify';
import type { AnyResource } from '../../contract/resource';
import type { Db } from '../db/client';
import { purgeExpiredLogos } from '../modules/design-logos/service';
import { purgeExpiredProducts } from '../modules/merchandise/trash';
import { purgeExpired } from '../engine/trash';
import type { BlobStore } from '../storage';
import type { JobQueue } from '../jobs/queue';

const dayMs = 24 * 60 * 60_000;

/**
 * Deletes for good every record trashed more than `retentionDays` ago, logos and products with
 * their files; a product that orders refer to stays.
 */
export async function purgeTrash(
  db: Db,
  storage: BlobStore,
  jobs: JobQueue,
  definitions: readonly AnyResource[],
  retentionDays: number,
  now = new Date(),
) {
  const cutoff = new Date(now.getTime() - retentionDays * dayMs);
  const logos = await purgeExpiredLogos(db, storage, cutoff);
  const products = await purgeExpiredProducts(db, storage, jobs, cutoff);
  const records = await purgeExpired(db, definitions, cutoff);
  return { records, logos, products };
}

/** Runs the purge with the job worker's hourly chores; a failed run is tried again an hour later. */
export function scheduleTrashPurge(
  jobs: { addChore(chore: () => Promise<unknown>): void },
  run: () => ReturnType<typeof purgeTrash>,
  log: FastifyBaseLogger,
) {
  jobs.addChore(async () => {
    try {
      const purged = await run();
      if (purged.records + purged.logos + purged.products > 0)
        log.info(purged, 'trash purge deleted records for good');
    } catch (error) {
      log.warn({ err: error }, 'trash purge failed; it runs again in an hour');
    }
  });
}
