import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { eq, is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../server/config';
import * as schema from '../../server/db/schema';
import { designLogos, storefrontUploads } from '../../server/db/schema';
import { blobKeyColumns, orphanGraceMs, sweepStorage } from '../../server/storage/sweep';
import {
  type Ctx,
  closeUploadTestApp,
  multipart,
  people,
  pngImage,
  uploadTestApp,
} from '../server/modules/design-logos/fixtures';
import { startLocalS3 } from '../server/storage/local-s3';

/**
 * Files nobody refers to any more (a logo whose row was deleted but whose file delete failed,
 * an upload whose process died before writing its row) and storefront uploads past their day
 * are removed by a sweep, on the local disk and on S3 alike; nothing a row names, and nothing
 * stored within the grace (an upload whose row is still being written), is touched.
 */
const hours = (count: number) => count * 60 * 60_000;
const later = (ms: number) => new Date(Date.now() + ms);

const s3rver = startLocalS3('spirit-sweep-s3-');
let buckets = 0;

const stores: [string, () => Promise<Partial<Config>>][] = [
  ['the local disk', async () => ({})],
  [
    'S3',
    async () => {
      const settings = { ...s3rver(), bucket: `spirit-sweep-${++buckets}` };
      await fetch(`${settings.endpoint}/${settings.bucket}`, { method: 'PUT' });
      return { s3: settings };
    },
  ],
];

let ctx: Ctx | undefined;
afterEach(async () => {
  if (ctx) await closeUploadTestApp(ctx);
  ctx = undefined;
});

describe.each(stores)('the storage sweep on %s', (_name, storeConfig) => {
  it('removes files no row refers to once past the grace, and keeps every file a row names', async () => {
    ctx = await uploadTestApp(await storeConfig());
    const who = await people(ctx);
    const logo = async () =>
      (
        await who.director({
          method: 'POST',
          url: '/api/design-logos',
          ...multipart({}, { name: 'crest.png', type: 'image/png', content: await pngImage() }),
        })
      ).json().result as { id: number; fileUrl: string };
    const kept = await logo();
    const deleted = await logo();
    const [{ storageKey: deletedKey }] = await ctx.db
      .delete(designLogos)
      .where(eq(designLogos.id, deleted.id))
      .returning();
    const inFlight = await ctx.app.storage.put(await pngImage(), {
      contentType: 'image/png',
      prefix: 'design-logos',
    });

    expect(await sweepStorage(ctx.db, ctx.app.storage)).toEqual({ expiredUploads: 0, orphans: 0 });
    expect(await ctx.app.storage.exists(inFlight.key)).toBe(true);
    expect(await ctx.app.storage.exists(deletedKey)).toBe(true);

    const sweptLater = await sweepStorage(ctx.db, ctx.app.storage, later(orphanGraceMs + 60_000));
    expect(sweptLater).toEqual({ expiredUploads: 0, orphans: 2 });
    expect(await ctx.app.storage.exists(inFlight.key)).toBe(false);
    expect(await ctx.app.storage.exists(deletedKey)).toBe(false);
    expect((await who.director({ url: kept.fileUrl })).statusCode).toBe(200);
  });

  it('removes a storefront upload a day after it was made', async () => {
    ctx = await uploadTestApp(await storeConfig());
    const who = await people(ctx);
    const upload = await who.director({
      method: 'POST',
      url: '/api/merchandise/UploadImageToShopify',
      ...multipart({}, { name: 'tee.png', type: 'image/png', content: await pngImage() }),
    });
    const { imageUrl } = upload.json().result as { imageUrl: string };

    expect(await sweepStorage(ctx.db, ctx.app.storage, later(hours(23)))).toEqual({
      expiredUploads: 0,
      orphans: 0,
    });
    expect((await who.visitor({ url: imageUrl })).statusCode).toBe(200);

    expect(await sweepStorage(ctx.db, ctx.app.storage, later(hours(24) + 60_000))).toEqual({
      expiredUploads: 1,
      orphans: 0,
    });
    expect((await who.visitor({ url: imageUrl })).statusCode).toBe(404);
    expect(await ctx.db.select().from(storefrontUploads)).toEqual([]);
  });
});

describe('the storage sweep', () => {
  it('runs in the job worker, first as it starts', async () => {
    ctx = await uploadTestApp();
    const orphan = await ctx.app.storage.put(await pngImage(), {
      contentType: 'image/png',
      prefix: 'profile-photos',
    });
    const file = path.join(ctx.dataDir, 'files', ...orphan.key.split('/'));
    const longAgo = new Date(Date.now() - orphanGraceMs - hours(1));
    await utimes(file, longAgo, longAgo);

    ctx.app.jobs.start();
    try {
      await expect.poll(() => ctx!.app.storage.exists(orphan.key), { timeout: 20_000 }).toBe(false);
    } finally {
      await ctx.app.jobs.stop();
    }
  });

  it('knows every column that holds a file key, since a key in none of them is removed', () => {
    const otherKeys = [
      'users.authenticator_key',
      'email_outbox.template_key',
      'passkeys.public_key',
      // A notification's text by its message key in the catalogues, no file.
      'notifications.message_key',
    ];
    const keyColumns = Object.values(schema as Record<string, unknown>)
      .filter((value): value is PgTable => is(value, PgTable))
      .flatMap((table) => {
        const config = getTableConfig(table);
        return config.columns
          .map((column) => `${config.name}.${column.name}`)
          .filter((name) => name.endsWith('_key') && !otherKeys.includes(name));
      });
    const swept = blobKeyColumns.map((column) => `${getTableConfig(column.table).name}.${column.name}`);

    expect(swept.sort()).toEqual(keyColumns.sort());
    expect(swept.sort()).toEqual([
      'apparel_colours.image_key',
      'base_apparel.image_key',
      'campaigns.package_key',
      'design_logos.storage_key',
      'merchandise.back_print_key',
      'merchandise.image_key',
      'merchandise.preflight_key',
      'merchandise.print_key',
      'merchandise.source_image_key',
      'merchandise.thumbnail_key',
      'merchandise_colours.image_key',
      'merchandise_colours.thumbnail_key',
      'storefront_uploads.storage_key',
      'users.profile_photo_key',
    ]);
  });
});
