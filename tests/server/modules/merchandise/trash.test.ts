import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resourceDefinitions } from '../../../../contract/definitions';
import { combinationExistsMessage, productHasOrdersMessage } from '../../../../contract/merchandise';
import {
  apparelColours,
  auditLog,
  baseApparel,
  jobs,
  merchandise,
  merchandiseColours,
  orderItems,
  orders,
  users,
} from '../../../../server/db/schema';
import { purgeTrash } from '../../../../server/ops/trash-purge';
import { syncMerchandiseJob } from '../../../../server/modules/merchandise/products';
import {
  type Call,
  closeUploadTestApp,
  type Ctx,
  type People,
  storedFiles,
  uploadLogo,
} from '../design-logos/fixtures';
import { hearChanges } from '../changes/heard';
import { createProduct, onSale, productCount, productFields, productTestApp } from './support';

let ctx: Ctx;
let who: People;
let apparelId: number;
beforeEach(async () => ({ ctx, who, apparelId } = await productTestApp()));
afterEach(() => closeUploadTestApp(ctx));

/** A processed product of `call`'s organization, with its files stored. */
async function readyProduct(call: Call = who.director, extra: Record<string, string | number> = {}) {
  const logo = await uploadLogo(call);
  const created = await createProduct(call, productFields(apparelId, logo.id, extra));
  expect(created.statusCode, created.body).toBe(200);
  await onSale(ctx, created.json().result.id);
  await ctx.app.jobs.drain();
  return { ...(created.json().result as { id: number; title: string }), logoId: logo.id };
}

async function archive(call: Call, id: number) {
  const response = await call({ method: 'POST', url: `/api/merchandise/${id}/archive` });
  expect(response.statusCode, response.body).toBe(200);
}

const trashOf = async (call: Call, query = '') =>
  (await call({ method: 'GET', url: `/api/merchandise/trash${query}` })).json().result as {
    id: number;
    deletedAt: string;
    deletedByName: string | null;
    media: { thumbnailUrl: string | null }[];
  }[];

const gallery = async (call: Call = who.director) =>
  (
    await call({
      method: 'GET',
      url: `/api/merchandise/merchandise-by-organization?organizationGuid=${who.lincoln.guid}`,
    })
  ).json().result.products as { id: number; version: number }[];

async function orderFor(productId: number, organizationId = who.lincoln.id) {
  const [order] = await ctx.db
    .insert(orders)
    .values({
      organizationId,
      collectionId: 'spring',
      orderNumber: '#1001',
      customerName: 'Pat Parent',
      customerEmail: 'pat@example.com',
      total: 24.99,
      status: 'paid',
    })
    .returning();
  await ctx.db.insert(orderItems).values({
    orderId: order.id,
    productId,
    title: 'Lincoln Tee',
    quantity: 1,
    unitPrice: 24.99,
  });
}

const dayMs = 24 * 60 * 60_000;
const inDays = (days: number) => new Date(Date.now() + days * dayMs);

describe('the product trash', () => {
  it('lists an archived product newest first with who archived it, when, and its thumbnail', async () => {
    const first = await readyProduct();
    const second = await readyProduct();
    const heard = await hearChanges(ctx.db);
    try {
      await archive(who.director, first.id);
      await archive(who.director, second.id);
      await heard.waitFor({ resource: 'merchandise', id: second.id, action: 'deleted' });
    } finally {
      await heard.close();
    }
    expect(await gallery()).toEqual([]);
    const trash = await trashOf(who.director);
    expect(trash.map((product) => product.id)).toEqual([second.id, first.id]);
    const [director] = await ctx.db.select().from(users).where(eq(users.email, 'director@example.com'));
    const [row] = await ctx.db.select().from(merchandise).where(eq(merchandise.id, second.id));
    expect(row.archivedBy).toBe(director.id);
    expect(trash[0].deletedByName).toEqual(expect.any(String));
    expect(trash[0].deletedAt).toBe(row.archivedAt!.toISOString());
    expect(trash[0].media[0].thumbnailUrl).toMatch(/^\/api\/merchandise\/media\/merchandise-thumbnails\//);
  });

  it("keeps another organization's trash from an athletic director: not listed, not restored, not purged", async () => {
    const theirs = await readyProduct(who.otherDirector);
    await archive(who.otherDirector, theirs.id);
    expect(await trashOf(who.director)).toEqual([]);
    const asked = await who.director({
      method: 'GET',
      url: `/api/merchandise/trash?organizationId=${who.riverside.id}`,
    });
    expect(asked.statusCode).toBe(403);
    for (const request of [
      { method: 'POST', url: `/api/merchandise/${theirs.id}/restore` },
      { method: 'POST', url: '/api/merchandise/restore-many', payload: { ids: [theirs.id] } },
      { method: 'POST', url: '/api/merchandise/purge-many', payload: { ids: [theirs.id] } },
    ] as const) {
      expect((await who.director(request)).statusCode).toBe(403);
    }
    const [row] = await ctx.db.select().from(merchandise).where(eq(merchandise.id, theirs.id));
    expect(row.archivedAt).not.toBeNull();
    expect(await trashOf(who.admin, `?organizationId=${who.riverside.id}`)).toMatchObject([
      { id: theirs.id },
    ]);
  });

  it('restores a product: back in the gallery with a new version, sent to the storefront, audited and announced', async () => {
    const product = await readyProduct();
    await archive(who.director, product.id);
    await ctx.db.delete(jobs);
    const heard = await hearChanges(ctx.db);
    try {
      const restored = await who.director({
        method: 'POST',
        url: '/api/merchandise/restore-many',
        payload: { ids: [product.id] },
      });
      expect(restored.json()).toEqual({ result: { count: 1 } });
      await heard.waitFor({ resource: 'merchandise', id: product.id, action: 'restored', version: 3 });
    } finally {
      await heard.close();
    }
    expect(await gallery()).toMatchObject([{ id: product.id, version: 3 }]);
    expect(await trashOf(who.director)).toEqual([]);
    const syncs = await ctx.db.select().from(jobs).where(eq(jobs.type, syncMerchandiseJob));
    expect(syncs.map((job) => job.payload)).toEqual([{ merchandiseId: product.id }]);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'restore'));
    expect(entry).toMatchObject({ entityType: 'merchandise', entityId: String(product.id) });
    const [row] = await ctx.db.select().from(merchandise).where(eq(merchandise.id, product.id));
    expect(row).toMatchObject({ archivedAt: null, archivedBy: null });
  });

  it('restores a product once when two people restore it at the same moment: the other gets 404', async () => {
    const product = await readyProduct();
    await archive(who.director, product.id);
    const restore = (call: Call) => call({ method: 'POST', url: `/api/merchandise/${product.id}/restore` });
    const answers = await Promise.all([restore(who.director), restore(who.admin)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    expect(await gallery()).toMatchObject([{ id: product.id, version: 3 }]);
    const restores = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'restore'));
    expect(restores).toHaveLength(1);
  });

  it('lets a new product take a trashed one’s placement, and then refuses the restore with 400', async () => {
    const product = await readyProduct();
    await archive(who.director, product.id);
    const again = await createProduct(who.director, productFields(apparelId, product.logoId));
    expect(again.statusCode, again.body).toBe(200);
    const refused = await who.director({ method: 'POST', url: `/api/merchandise/${product.id}/restore` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().validationFailures).toEqual([
      { propertyName: '', errorMessage: combinationExistsMessage },
    ]);
    expect(await trashOf(who.director)).toMatchObject([{ id: product.id }]);
  });

  it('refuses to delete forever a product that orders refer to, and keeps it', async () => {
    const ordered = await readyProduct();
    const unordered = await readyProduct();
    await orderFor(ordered.id);
    await archive(who.director, ordered.id);
    await archive(who.director, unordered.id);
    const refused = await who.director({
      method: 'POST',
      url: '/api/merchandise/purge-many',
      payload: { ids: [unordered.id, ordered.id] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().validationFailures).toEqual([
      { propertyName: 'ids', errorMessage: productHasOrdersMessage(ordered.title) },
    ]);
    expect(await productCount(ctx)).toBe(2);
  });

  it('deletes trashed products forever with their colours and files; one outside the trash is a 404', async () => {
    const [apparel] = await ctx.db.select().from(baseApparel).where(eq(baseApparel.id, apparelId));
    // The garment in navy is drawn as the catalogue's, which is enough to compose on.
    const [navy] = await ctx.db
      .insert(apparelColours)
      .values({ baseApparelId: apparelId, name: 'Navy', hex: '#1f2a44', imageKey: apparel.imageKey })
      .returning();
    const coloured = await readyProduct(who.director, { ColourIds: String(navy.id) });
    const live = await readyProduct();
    const [colour] = await ctx.db.select().from(merchandiseColours);
    expect(await storedFiles(ctx, 'merchandise')).toEqual(
      expect.arrayContaining([colour.imageKey, colour.thumbnailKey]),
    );
    const outside = await who.director({
      method: 'POST',
      url: '/api/merchandise/purge-many',
      payload: { ids: [live.id] },
    });
    expect(outside.statusCode).toBe(404);

    await archive(who.director, coloured.id);
    const purged = await who.director({
      method: 'POST',
      url: '/api/merchandise/purge-many',
      payload: { ids: [coloured.id] },
    });
    expect(purged.json()).toEqual({ result: { count: 1 } });
    expect(await ctx.db.select().from(merchandise).where(eq(merchandise.id, coloured.id))).toEqual([]);
    expect(await ctx.db.select().from(merchandiseColours)).toEqual([]);
    const [liveRow] = await ctx.db.select().from(merchandise).where(eq(merchandise.id, live.id));
    const liveFiles = [liveRow.imageKey, liveRow.thumbnailKey, liveRow.printKey, liveRow.preflightKey].filter(
      Boolean,
    );
    expect((await storedFiles(ctx, 'merchandise')).sort()).toEqual(liveFiles.sort());
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'purge'));
    expect(entry).toMatchObject({ entityType: 'merchandise', entityId: String(coloured.id) });
  });

  it('is purged by the hourly chore after TRASH_RETENTION_DAYS, files and all, except a product with orders', async () => {
    const ordered = await readyProduct();
    const unordered = await readyProduct();
    await orderFor(ordered.id);
    await archive(who.director, ordered.id);
    await archive(who.director, unordered.id);
    const retention = ctx.app.config.trashRetentionDays;
    const filesBefore = await storedFiles(ctx, 'merchandise');

    const early = await purgeTrash(
      ctx.db,
      ctx.app.storage,
      ctx.app.jobs,
      resourceDefinitions,
      retention,
      inDays(29),
    );
    expect(early.products).toBe(0);
    expect(await storedFiles(ctx, 'merchandise')).toEqual(filesBefore);

    const late = await purgeTrash(
      ctx.db,
      ctx.app.storage,
      ctx.app.jobs,
      resourceDefinitions,
      retention,
      inDays(31),
    );
    expect(late.products).toBe(1);
    const left = await ctx.db.select().from(merchandise);
    expect(left.map((row) => row.id)).toEqual([ordered.id]);
    const keptFiles = [left[0].imageKey, left[0].thumbnailKey, left[0].printKey, left[0].preflightKey].filter(
      Boolean,
    );
    expect((await storedFiles(ctx, 'merchandise')).sort()).toEqual(keptFiles.sort());
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'purge'));
    expect(entry).toMatchObject({ actorUserId: null, entityId: String(unordered.id) });
  });
});
