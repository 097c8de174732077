import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, jobs, merchandise } from '../../../../server/db/schema';
import { syncMerchandiseJob } from '../../../../server/modules/merchandise/products';
import { type Call, closeUploadTestApp, type Ctx, type People, uploadLogo } from '../design-logos/fixtures';
import { createProduct, failures, productCount, productFields, productTestApp, onSale } from './support';

let ctx: Ctx;
let who: People;
let apparelId: number;
beforeEach(async () => ({ ctx, who, apparelId } = await productTestApp()));
afterEach(() => closeUploadTestApp(ctx));

describe('editing and archiving a product', () => {
  async function product() {
    const logo = await uploadLogo(who.director);
    const created = (await createProduct(who.director, productFields(apparelId, logo.id))).json().result as {
      id: number;
    };
    await onSale(ctx, created.id);
    return created;
  }

  const edit = (call: Call, id: number, body: Record<string, unknown>) =>
    call({ method: 'PUT', url: `/api/merchandise/${id}`, payload: body });

  it('changes the title, description and price, audited', async () => {
    const { id } = await product();
    const response = await edit(who.director, id, { title: 'Crest Tee', description: 'New', price: 30 });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ title: 'Crest Tee', description: 'New', price: 30 });
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'update'));
    expect(entry).toMatchObject({ entityType: 'merchandise', entityId: String(id) });
  });

  it('refuses an edit or an archive of a version someone has since changed with 409, changing nothing', async () => {
    const { id } = await product();
    const first = await edit(who.director, id, {
      title: 'Crest Tee',
      description: 'New',
      price: 30,
      version: 1,
    });
    expect(first.json().result.version).toBe(2);
    const stale = await edit(who.director, id, { title: 'Stale', description: 'Old', price: 31, version: 1 });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().result.current).toMatchObject({ id, version: 2, title: 'Crest Tee' });
    const archive = await who.director({ method: 'POST', url: `/api/merchandise/${id}/archive?version=1` });
    expect(archive.statusCode, archive.body).toBe(409);
    const [row] = await ctx.db.select().from(merchandise).where(eq(merchandise.id, id));
    expect(row).toMatchObject({ title: 'Crest Tee', version: 2, archivedAt: null });
  });

  it('refuses a price below the base price', async () => {
    const { id } = await product();
    const response = await edit(who.director, id, { title: 'Tee', description: '', price: 10 });
    expect(failures(response)).toEqual(['price']);
  });

  it("refuses another organization's product with 403 and changes nothing", async () => {
    const { id } = await product();
    expect(
      (await edit(who.otherDirector, id, { title: 'Mine', description: '', price: 30 })).statusCode,
    ).toBe(403);
    expect(
      (await who.otherDirector({ method: 'POST', url: `/api/merchandise/${id}/archive` })).statusCode,
    ).toBe(403);
    const [row] = await ctx.db.select().from(merchandise);
    expect(row).toMatchObject({ title: 'Lincoln Tee', archivedAt: null });
  });

  it('archiving hides the product from the gallery but keeps it for orders, audited', async () => {
    const { id } = await product();
    const response = await who.director({ method: 'POST', url: `/api/merchandise/${id}/archive` });
    expect(response.statusCode).toBe(200);
    const gallery = await who.director({
      method: 'GET',
      url: `/api/merchandise/merchandise-by-organization?organizationGuid=${who.lincoln.guid}`,
    });
    expect(gallery.json().result.products).toEqual([]);
    expect(await productCount(ctx)).toBe(1);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'archive'));
    expect(entry.entityId).toBe(String(id));
    expect((await edit(who.director, id, { title: 'Again', description: '', price: 30 })).statusCode).toBe(
      404,
    );
  });

  it('sends an edit to the storefront once the product is published, and queues nothing for one never published', async () => {
    const { id } = await product();
    expect(
      (await edit(who.director, id, { title: 'Crest Tee', description: '', price: 30 })).statusCode,
    ).toBe(200);
    const syncs = () => ctx.db.select().from(jobs).where(eq(jobs.type, syncMerchandiseJob));
    expect(await syncs()).toHaveLength(1);

    // Ready without a storefront id, as the demo's products are.
    await ctx.db.delete(jobs);
    await ctx.db.update(merchandise).set({ status: 'ready', externalId: null }).where(eq(merchandise.id, id));
    expect(
      (await edit(who.director, id, { title: 'Crest Tee', description: '', price: 31 })).statusCode,
    ).toBe(200);
    expect((await who.director({ method: 'POST', url: `/api/merchandise/${id}/archive` })).statusCode).toBe(
      200,
    );
    expect(await syncs()).toHaveLength(0);
  });
});

describe('Try again', () => {
  it('processes a failed product again', async () => {
    const logo = await uploadLogo(who.director);
    const { id } = (await createProduct(who.director, productFields(apparelId, logo.id))).json().result;
    await ctx.db.update(merchandise).set({ status: 'failed' }).where(eq(merchandise.id, id));
    await ctx.db.delete(jobs);
    const response = await who.director({ method: 'POST', url: `/api/merchandise/${id}/retry` });
    expect(response.json().result.status).toBe('processing');
    await ctx.app.jobs.drain();
    const [row] = await ctx.db.select().from(merchandise);
    expect(row.status).toBe('ready');
  });

  it('refuses a product that has not failed', async () => {
    const logo = await uploadLogo(who.director);
    const { id } = (await createProduct(who.director, productFields(apparelId, logo.id))).json().result;
    expect((await who.director({ method: 'POST', url: `/api/merchandise/${id}/retry` })).statusCode).toBe(
      400,
    );
  });
});
