import type { FastifyBaseLogger } from 'fastify';
import type { AnyResource } from '../../contract/resource';
import type { Db } from '../db/client';
import { purgeExpiredLogos } from '../modules/design-logos/service';
import { purgeExpiredProducts } from '../modules/merchandise/trash';
import { purgeExpired } from '../engine/trash';
import type { BlobStore } from '../storage';
import type { JobQueue } from '../jobs/queue';

const dayMs = 24 * 60 * 60_000;

interface TrashPurge {
  db: Db;
  storage: BlobStore;
  jobs: JobQueue;
  definitions: readonly AnyResource[];
  cutoff: Date;
}

/**
 * Every kind of trash and how it deletes for good what expired, answering how many: the logos
 * and the products with their files (a product that orders refer to stays), then the engine's
 * `trash` resources, whose organizations go once nothing above refers to them.
 */
const trashKinds = {
  logos: ({ db, storage, cutoff }: TrashPurge) => purgeExpiredLogos(db, storage, cutoff),
  products: ({ db, storage, jobs, cutoff }: TrashPurge) => purgeExpiredProducts(db, storage, jobs, cutoff),
  records: ({ db, definitions, cutoff }: TrashPurge) => purgeExpired(db, definitions, cutoff),
};

type TrashKind = keyof typeof trashKinds;

/** Deletes for good every record trashed more than `retentionDays` ago, kind by kind. */
export async function purgeTrash(
  db: Db,
  storage: BlobStore,
  jobs: JobQueue,
  definitions: readonly AnyResource[],
  retentionDays: number,
  now = new Date(),
) {
  const cutoff = new Date(now.getTime() - retentionDays * dayMs);
  const purged = {} as Record<TrashKind, number>;
  for (const kind of Object.keys(trashKinds) as TrashKind[])
    purged[kind] = await trashKinds[kind]({ db, storage, jobs, definitions, cutoff });
  return purged;
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
      if (Object.values(purged).some((count) => count > 0))
        log.info(purged, 'trash purge deleted records for good');
    } catch (error) {
      log.warn({ err: error }, 'trash purge failed; it runs again in an hour');
    }
  });
}
