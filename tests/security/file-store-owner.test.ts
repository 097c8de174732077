import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../server/config';
import { fileStoreOwner } from '../../server/db/schema';
import { orphanGraceMs, scheduleStorageSweep, sweepStorage } from '../../server/storage/sweep';
import {
  type Ctx,
  closeUploadTestApp,
  pngImage,
  uploadTestApp,
} from '../server/modules/design-logos/fixtures';
import { startLocalS3 } from '../server/storage/local-s3';

/**
 * A staging copy restored from a backup and pointed at the live file store (an easy mistake)
 * knows none of the files written since the backup: its sweep would take them all. The sweep
 * deletes only from a store whose marker names this database, as its last sweep left it.
 */
const longAfterTheGrace = () => new Date(Date.now() + orphanGraceMs + 60_000);

const s3rver = startLocalS3('spirit-owner-s3-');
let buckets = 0;

const stores: [string, () => Promise<Partial<Config>>][] = [
  ['the local disk', async () => ({})],
  [
    'S3',
    async () => {
      const settings = { ...s3rver(), bucket: `spirit-owner-${++buckets}` };
      await fetch(`${settings.endpoint}/${settings.bucket}`, { method: 'PUT' });
      return { s3: settings };
    },
  ],
];

/** Runs the sweep as the job worker's hourly chore does, and answers what it logged (message, then the error's). */
async function sweepAsTheWorker(ctx: Ctx) {
  const logged: string[] = [];
  const log = {
    error: (details: { err: Error }, message: string) => logged.push(message, details.err.message),
    warn: (details: { err: Error }, message: string) => logged.push(message, details.err.message),
    info: () => {},
  } as unknown as FastifyBaseLogger;
  let chore: (() => Promise<unknown>) | undefined;
  scheduleStorageSweep({ addChore: (added) => (chore = added) }, ctx.db, ctx.app.storage, log);
  await chore!();
  return logged;
}

let ctx: Ctx | undefined;
afterEach(async () => {
  if (ctx) await closeUploadTestApp(ctx);
  ctx = undefined;
});

describe.each(stores)('the storage sweep on %s', (_name, storeConfig) => {
  async function appWithAnOrphan() {
    ctx = await uploadTestApp(await storeConfig());
    const orphan = await ctx.app.storage.put(await pngImage(), {
      contentType: 'image/png',
      prefix: 'design-logos',
    });
    await sweepStorage(ctx.db, ctx.app.storage);
    return { ctx, orphan };
  }

  it('deletes nothing for a copy of the database restored from a backup, and logs why', async () => {
    const { ctx, orphan } = await appWithAnOrphan();
    const [backup] = await ctx.db.select().from(fileStoreOwner);
    await sweepStorage(ctx.db, ctx.app.storage);
    // What the copy restored from that backup holds.
    await ctx.db.update(fileStoreOwner).set(backup!);
    const refusal =
      'The file store belongs to another copy of this database (one restored from a backup?); nothing was swept';

    await expect(sweepStorage(ctx.db, ctx.app.storage, longAfterTheGrace())).rejects.toThrow(refusal);
    expect(await sweepAsTheWorker(ctx)).toEqual([
      'storage sweep refused: the file store belongs to another database',
      refusal,
    ]);
    expect(await ctx.app.storage.exists(orphan.key)).toBe(true);
  });

  it('deletes nothing for another database, and logs why', async () => {
    const { ctx, orphan } = await appWithAnOrphan();
    const [{ databaseId }] = await ctx.db.select().from(fileStoreOwner);
    await ctx.db.update(fileStoreOwner).set({ databaseId: 'another-database', token: 'its-own-token' });
    const refusal = `The file store belongs to database ${databaseId}, not to this one (another-database); nothing was swept`;

    await expect(sweepStorage(ctx.db, ctx.app.storage, longAfterTheGrace())).rejects.toThrow(refusal);
    expect(await sweepAsTheWorker(ctx)).toEqual([
      'storage sweep refused: the file store belongs to another database',
      refusal,
    ]);
    expect(await ctx.app.storage.exists(orphan.key)).toBe(true);
  });

  it('sweeps on, sweep after sweep, for the database that owns the store', async () => {
    const { ctx, orphan } = await appWithAnOrphan();
    await sweepStorage(ctx.db, ctx.app.storage);

    expect(await sweepStorage(ctx.db, ctx.app.storage, longAfterTheGrace())).toEqual({
      expiredUploads: 0,
      orphans: 1,
    });
    expect(await ctx.app.storage.exists(orphan.key)).toBe(false);
  });
});
