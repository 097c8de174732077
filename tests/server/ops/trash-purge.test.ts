import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resourceDefinitions } from '../../../contract/definitions';
import { auditLog, designLogos, organizations, promoCodes } from '../../../server/db/schema';
import { purgeTrash } from '../../../server/ops/trash-purge';
import { purgeExpiredLogos } from '../../../server/modules/design-logos/service';
import { purgeExpired } from '../../../server/engine/trash';
import {
  type Ctx,
  closeUploadTestApp,
  multipart,
  type People,
  peopleTestApp,
  pngImage,
  storedFiles,
} from '../modules/design-logos/fixtures';

let ctx: Ctx;
let who: People;
beforeEach(async () => {
  ({ ctx, who } = await peopleTestApp());
});
afterEach(() => closeUploadTestApp(ctx));

const dayMs = 24 * 60 * 60_000;
const inDays = (days: number) => new Date(Date.now() + days * dayMs);

async function trashedPromo(code: string) {
  const created = await who.admin({
    method: 'POST',
    url: '/api/promo-codes',
    payload: { code, name: 'Spring', organization: 'Lincoln', state: 'OH', isActive: true },
  });
  const { id } = created.json().result;
  expect((await who.admin({ method: 'DELETE', url: `/api/promo-codes?id=${id}` })).statusCode).toBe(200);
  return id as number;
}

/**
 * Runs a purge twice at once, both having read what is due before either deletes it, and
 * answers how many records the two purged. PGlite runs statements one at a time in the order
 * sent, so both reads come first; on PostgreSQL the test holds the records locked (`lock`)
 * until both purges wait for them.
 */
async function bothAtOnce(lock: string, purge: () => Promise<number>) {
  const client = (ctx.db as unknown as { $client: unknown }).$client;
  const pool = client instanceof pg.Pool ? client : undefined;
  const holder = await pool?.connect();
  try {
    await holder?.query('begin');
    await holder?.query(lock);
    const purges = Promise.all([purge(), purge()]);
    if (holder) {
      await expect
        .poll(
          async () =>
            (
              await pool!.query<{ waiting: number }>(
                `select count(*)::int as waiting from pg_stat_activity
                 where datname = current_database() and wait_event_type = 'Lock'`,
              )
            ).rows[0].waiting,
        )
        .toBe(2);
      await holder.query('commit');
    }
    return (await purges).reduce((sum, purged) => sum + purged);
  } finally {
    holder?.release();
  }
}

describe('the trash purge', () => {
  it('deletes for good what stayed in the trash past TRASH_RETENTION_DAYS, a logo with its file, and audits it', async () => {
    const promoId = await trashedPromo('SPRING');
    const logo = (
      await who.director({
        method: 'POST',
        url: '/api/design-logos',
        ...multipart({}, { name: 'crest.png', type: 'image/png', content: await pngImage() }),
      })
    ).json().result;
    await who.director({ method: 'DELETE', url: `/api/design-logos/${logo.id}` });
    const retention = ctx.app.config.trashRetentionDays;
    expect(retention).toBe(30);

    expect(
      await purgeTrash(ctx.db, ctx.app.storage, ctx.app.jobs, resourceDefinitions, retention, inDays(29)),
    ).toEqual({
      records: 0,
      logos: 0,
      products: 0,
    });
    expect(await storedFiles(ctx, 'design-logos')).toHaveLength(1);

    expect(
      await purgeTrash(ctx.db, ctx.app.storage, ctx.app.jobs, resourceDefinitions, retention, inDays(31)),
    ).toEqual({
      records: 1,
      logos: 1,
      products: 0,
    });
    expect(await ctx.db.select().from(promoCodes).where(eq(promoCodes.id, promoId))).toEqual([]);
    expect(await ctx.db.select().from(designLogos)).toEqual([]);
    expect(await storedFiles(ctx, 'design-logos')).toEqual([]);
    const purges = await ctx.db
      .select({ entityType: auditLog.entityType, entityId: auditLog.entityId })
      .from(auditLog)
      .where(eq(auditLog.action, 'purge'));
    expect(purges).toEqual(
      expect.arrayContaining([
        { entityType: 'promoCode', entityId: String(promoId) },
        { entityType: 'design-logo', entityId: String(logo.id) },
      ]),
    );
  });

  it('purges and audits each record once when two purges overlap (two servers run the hourly chore)', async () => {
    const promoId = await trashedPromo('SPRING');
    const logo = (
      await who.director({
        method: 'POST',
        url: '/api/design-logos',
        ...multipart({}, { name: 'crest.png', type: 'image/png', content: await pngImage() }),
      })
    ).json().result;
    await who.director({ method: 'DELETE', url: `/api/design-logos/${logo.id}` });
    const cutoff = inDays(1);

    expect(
      await bothAtOnce(`select 1 from design_logos where id = ${logo.id} for update`, () =>
        purgeExpiredLogos(ctx.db, ctx.app.storage, cutoff),
      ),
    ).toBe(1);
    expect(
      await bothAtOnce(`select 1 from promo_codes where id = ${promoId} for update`, () =>
        purgeExpired(ctx.db, resourceDefinitions, cutoff),
      ),
    ).toBe(1);
    const purges = await ctx.db
      .select({ entityType: auditLog.entityType, entityId: auditLog.entityId })
      .from(auditLog)
      .where(eq(auditLog.action, 'purge'));
    expect(purges).toHaveLength(2);
    expect(purges).toEqual(
      expect.arrayContaining([
        { entityType: 'promoCode', entityId: String(promoId) },
        { entityType: 'design-logo', entityId: String(logo.id) },
      ]),
    );
  });

  it('keeps a trashed organization its users still belong to, and purges the rest', async () => {
    await who.admin({ method: 'DELETE', url: `/api/organizations/${who.lincoln.id}` });
    const empty = await who.admin({
      method: 'POST',
      url: '/api/organizations',
      payload: { name: 'Empty Club' },
    });
    await who.admin({ method: 'DELETE', url: `/api/organizations/${empty.json().result.id}` });
    const purged = await purgeTrash(
      ctx.db,
      ctx.app.storage,
      ctx.app.jobs,
      resourceDefinitions,
      30,
      inDays(31),
    );
    expect(purged.records).toBe(1);
    const left = await ctx.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(and(inArray(organizations.id, [who.lincoln.id, empty.json().result.id])));
    expect(left).toEqual([{ id: who.lincoln.id }]);
  });
});
