import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  campaigns,
  jobs,
  merchandise,
  notifications,
  orderItems,
  orders,
  users,
} from '../../../../server/db/schema';
import { closeUploadTestApp, type Ctx, type People, storedFiles, uploadLogo } from '../design-logos/fixtures';
import { createProduct, productFields, productTestApp } from '../merchandise/support';
import { createUser, signIn } from '../../helpers';
import { unzip } from './zip';

let ctx: Ctx;
let who: People;
let apparelId: number;
let reviewer: People['admin'];
let roleless: People['admin'];

beforeEach(async () => {
  ({ ctx, who, apparelId } = await productTestApp());
  await createUser(ctx.db, { email: 'reviewer@example.com', roles: ['Reviewer'] });
  await createUser(ctx.db, { email: 'nobody@example.com', roles: [] });
  const as = (cookie: string) => (options: InjectOptions) =>
    ctx.app.inject({ ...options, headers: { ...options.headers, cookie } });
  reviewer = as(await signIn(ctx.app, 'reviewer@example.com'));
  roleless = as(await signIn(ctx.app, 'nobody@example.com'));
});
afterEach(() => closeUploadTestApp(ctx));

/** An approved product of Lincoln's with stored front and back print files. */
async function approvedProduct(title: string) {
  const { id: logoId } = await uploadLogo(who.director);
  const created = await createProduct(who.director, productFields(apparelId, logoId, { Title: title }));
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().result.id as number;
  // Rendered first, so the print files set below are the ones it keeps.
  await ctx.app.jobs.drain();
  const front = await ctx.app.storage.put(Buffer.from(`${title} front`), {
    contentType: 'image/png',
    prefix: 'merchandise-prints',
  });
  const back = await ctx.app.storage.put(Buffer.from(`${title} back`), {
    contentType: 'image/png',
    prefix: 'merchandise-prints',
  });
  await ctx.db
    .update(merchandise)
    .set({ reviewState: 'approved', printKey: front.key, backPrintKey: back.key })
    .where(eq(merchandise.id, id));
  return id;
}

/** A window of Lincoln's selling `products`, opened by its director. */
async function openCampaign(products: { productId: number; minimum: number; fundraising: number }[]) {
  const created = await who.director({
    method: 'POST',
    url: '/api/campaigns',
    payload: {
      name: 'Winter spirit week',
      organizationId: who.lincoln.id,
      opensAt: '2026-12-01T14:00:00.000Z',
      closesAt: '2026-12-14T23:00:00.000Z',
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().result.id as number;
  const sold = await who.director({
    method: 'PUT',
    url: `/api/campaigns/${id}/products`,
    payload: { products },
  });
  expect(sold.statusCode, sold.body).toBe(200);
  const opened = await who.director({
    method: 'POST',
    url: `/api/campaigns/${id}/transitions/open`,
    payload: {},
  });
  expect(opened.statusCode, opened.body).toBe(200);
  return id;
}

type Line = {
  productId: number;
  title: string;
  size: string | null;
  colour: string | null;
  quantity: number;
};

async function order(
  campaignId: number | null,
  orderNumber: string,
  customerName: string,
  lines: Line[],
  extra: { status?: 'Paid' | 'Refunded'; outsideWindow?: boolean; createdAt?: Date } = {},
) {
  const unitPrice = 34.99;
  const [row] = await ctx.db
    .insert(orders)
    .values({
      organizationId: who.lincoln.id,
      orderNumber,
      collectionId: 'col-1',
      customerName,
      customerEmail: `${customerName.split(' ')[0].toLowerCase()}@example.com`,
      total: lines.reduce((sum, line) => sum + line.quantity * unitPrice, 0),
      status: extra.status ?? 'Paid',
      campaignId,
      outsideWindow: extra.outsideWindow ?? false,
      ...(extra.createdAt && { createdAt: extra.createdAt }),
    })
    .returning();
  await ctx.db.insert(orderItems).values(lines.map((line) => ({ ...line, orderId: row.id, unitPrice })));
}

const csvLines = (file: Buffer | undefined) => {
  const text = file!.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  return text.slice(1).split('\r\n').slice(0, -1);
};

describe('the close-out of a store window', () => {
  it('counts, checks minimums, raises, and packages the window when it closes', async () => {
    const hoodie = await approvedProduct('Crest Hoodie');
    const tee = await approvedProduct('Lincoln Tee');
    const id = await openCampaign([
      { productId: hoodie, minimum: 3, fundraising: 12.5 },
      { productId: tee, minimum: 24, fundraising: 5 },
    ]);
    const hoodieLine = (size: string | null, colour: string | null, quantity: number): Line => ({
      productId: hoodie,
      title: 'Crest Hoodie',
      size,
      colour,
      quantity,
    });
    const teeLine = (size: string, quantity: number): Line => ({
      productId: tee,
      title: 'Lincoln Tee',
      size,
      colour: 'Navy',
      quantity,
    });
    await order(id, '1001', 'Zoe Adams', [hoodieLine('XL', 'Navy', 1), hoodieLine('S', 'Navy', 2)]);
    await order(id, '1002', 'Ann Brown', [hoodieLine('S', 'Navy', 1), teeLine('M', 2)]);
    await order(id, '1003', 'Carl Diaz', [teeLine('YL', 1), hoodieLine(null, null, 1)]);
    // Neither a refunded order nor one of no window counts; one flagged near the window is told of.
    await order(id, '1004', 'Dee Evans', [hoodieLine('M', 'Navy', 5)], { status: 'Refunded' });
    await order(null, '1005', 'Eve Fox', [hoodieLine('M', 'Navy', 1)], {
      outsideWindow: true,
      createdAt: new Date('2026-12-16T10:00:00Z'),
    });
    await order(null, '1006', 'Fay Gold', [hoodieLine('M', 'Navy', 1)], {
      outsideWindow: true,
      createdAt: new Date('2027-03-01T10:00:00Z'),
    });

    const before = await who.director({ method: 'GET', url: `/api/campaigns/${id}/close-out/package` });
    expect(before.statusCode).toBe(404);
    expect(before.json().message).toBe('The close-out package is not ready');

    const closed = await who.director({
      method: 'POST',
      url: `/api/campaigns/${id}/transitions/close`,
      payload: {},
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const building = await who.director({ method: 'GET', url: `/api/campaigns/${id}/close-out` });
    expect(building.json().result.package.status).toBe('building');
    await ctx.app.jobs.drain();

    const response = await who.director({ method: 'GET', url: `/api/campaigns/${id}/close-out` });
    expect(response.statusCode, response.body).toBe(200);
    const figures = response.json().result;
    expect(figures).toMatchObject({
      orders: 3,
      units: 8,
      // Hoodies: 5 x 12.50; tees: 3 x 5.00. The platform keeps 10%.
      raised: 77.5,
      platformShare: 7.75,
      outsideWindow: 1,
      package: { status: 'ready', builtAt: expect.any(String), bytes: expect.any(Number) },
    });
    expect(figures.products).toEqual([
      {
        productId: hoodie,
        title: 'Crest Hoodie',
        minimum: 3,
        units: 5,
        met: true,
        fundraising: 12.5,
        raised: 62.5,
      },
      { productId: tee, title: 'Lincoln Tee', minimum: 24, units: 3, met: false, fundraising: 5, raised: 15 },
    ]);
    expect(figures.counts).toEqual([
      { productId: hoodie, title: 'Crest Hoodie', colour: '', size: '', units: 1 },
      { productId: hoodie, title: 'Crest Hoodie', colour: 'Navy', size: 'S', units: 3 },
      { productId: hoodie, title: 'Crest Hoodie', colour: 'Navy', size: 'XL', units: 1 },
      { productId: tee, title: 'Lincoln Tee', colour: 'Navy', size: 'YL', units: 1 },
      { productId: tee, title: 'Lincoln Tee', colour: 'Navy', size: 'M', units: 2 },
    ]);

    const download = await who.director({ method: 'GET', url: `/api/campaigns/${id}/close-out/package` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toBe(
      'attachment; filename="Winter-spirit-week-close-out.zip"',
    );
    const files = unzip(download.rawPayload);
    expect([...files.keys()].sort()).toEqual([
      'close-out.pdf',
      'counts.csv',
      'fundraising.csv',
      'minimums.csv',
      'packing-list.csv',
      'print-files/Crest Hoodie-back.png',
      'print-files/Crest Hoodie-front.png',
      'print-files/Crest Hoodie-preflight.json',
      'print-files/Lincoln Tee-back.png',
      'print-files/Lincoln Tee-front.png',
      'print-files/Lincoln Tee-preflight.json',
      'refunds.csv',
    ]);
    expect(csvLines(files.get('counts.csv'))).toEqual([
      'Product,Colour,Size,Units',
      'Crest Hoodie,,,1',
      'Crest Hoodie,Navy,S,3',
      'Crest Hoodie,Navy,XL,1',
      'Lincoln Tee,Navy,YL,1',
      'Lincoln Tee,Navy,M,2',
    ]);
    expect(csvLines(files.get('minimums.csv'))).toEqual([
      'Product,Minimum,Units,Met',
      'Crest Hoodie,3,5,yes',
      'Lincoln Tee,24,3,no',
    ]);
    // Exactly the tee's orders, refunded order 1004 not among them.
    expect(csvLines(files.get('refunds.csv'))).toEqual([
      'Order number,Customer,Email,Product,Size,Colour,Quantity,Amount',
      '1002,Ann Brown,ann@example.com,Lincoln Tee,M,Navy,2,69.98',
      '1003,Carl Diaz,carl@example.com,Lincoln Tee,YL,Navy,1,34.99',
    ]);
    // Buyers by name; the tees are refunded, not packed.
    expect(csvLines(files.get('packing-list.csv'))).toEqual([
      'Order number,Customer,Product,Colour,Size,Quantity',
      '1002,Ann Brown,,,,',
      ',,Crest Hoodie,Navy,S,1',
      '',
      '1003,Carl Diaz,,,,',
      ',,Crest Hoodie,,,1',
      '',
      '1001,Zoe Adams,,,,',
      ',,Crest Hoodie,Navy,S,2',
      ',,Crest Hoodie,Navy,XL,1',
      '',
    ]);
    expect(csvLines(files.get('fundraising.csv'))).toEqual([
      'Product,Units,Amount per unit,Raised',
      'Crest Hoodie,5,12.5,62.5',
      'Lincoln Tee,3,5,15',
      'Total,8,,77.5',
      'Platform share,,,7.75',
    ]);
    const pdf = files.get('close-out.pdf')!;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // A title page, the tables' page, a packing list page for each of the three buyers.
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(5);
    expect(files.get('print-files/Lincoln Tee-front.png')!.toString()).toBe('Lincoln Tee front');

    // The director (and the Admin) heard of it.
    const told = await ctx.db
      .select({ messageKey: notifications.messageKey, params: notifications.params })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(users.normalizedEmail, 'director@example.com'));
    expect(told).toContainEqual({
      messageKey: 'orders.closeOutReady',
      params: { name: 'Winter spirit week', units: 8, raised: '77.50' },
    });

    // Run again (as after a worker died past its commit), the job leaves the package as it is.
    const [row] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, id));
    await ctx.db
      .update(jobs)
      .set({ status: 'queued', runAt: new Date(0) })
      .where(eq(jobs.type, 'campaigns.close-out'));
    await ctx.app.jobs.drain();
    const [after] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(after).toMatchObject({ packageKey: row.packageKey, packageBuiltAt: row.packageBuiltAt });
    expect(await storedFiles(ctx, 'campaign-packages')).toHaveLength(1);
    const again = await ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.messageKey, 'orders.closeOutReady'));
    expect(again).toHaveLength(told.length + 1);

    for (const url of [`/api/campaigns/${id}/close-out`, `/api/campaigns/${id}/close-out/package`]) {
      expect((await who.admin({ method: 'GET', url })).statusCode).toBe(200);
      expect((await who.otherDirector({ method: 'GET', url })).statusCode).toBe(404);
      expect((await reviewer({ method: 'GET', url })).statusCode).toBe(403);
      expect((await roleless({ method: 'GET', url })).statusCode).toBe(403);
      expect((await who.visitor({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('packs every buyer once across pages of orders, names shared or not, and replaces a package it rebuilds', async () => {
    const hoodie = await approvedProduct('Crest Hoodie');
    const id = await openCampaign([{ productId: hoodie, minimum: 1, fundraising: 1 }]);
    // 1,201 orders (three pages of 500), their buyers' names shared in threes across page edges.
    await ctx.db.execute(sql`
      insert into orders (organization_id, collection_id, order_number, customer_name, customer_email, total,
                          status, campaign_id)
      select ${who.lincoln.id}, 'col-1', 'N' || i, 'Buyer ' || lpad((i / 3)::text, 4, '0'), 'b' || i || '@example.com',
             10, 'Paid', ${id}
      from generate_series(1, 1201) as i`);
    await ctx.db.execute(sql`
      insert into order_items (order_id, product_id, title, quantity, unit_price, size, colour)
      select id, ${hoodie}, 'Crest Hoodie', 1, 10, 'M', 'Navy' from orders where campaign_id = ${id}`);
    const closed = await who.director({
      method: 'POST',
      url: `/api/campaigns/${id}/transitions/close`,
      payload: {},
    });
    expect(closed.statusCode, closed.body).toBe(200);
    await ctx.app.jobs.drain();
    const download = async () =>
      unzip(
        (await who.director({ method: 'GET', url: `/api/campaigns/${id}/close-out/package` })).rawPayload,
      );
    const files = await download();
    const buyers = csvLines(files.get('packing-list.csv'))
      .filter((line) => line.startsWith('N'))
      .map((line) => line.split(','));
    expect(buyers).toHaveLength(1201);
    expect(new Set(buyers.map(([number]) => number)).size).toBe(1201);
    const names = buyers.map(([, name]) => name);
    expect(names).toEqual(names.toSorted());
    // The title page, the tables' page, a packing list page per buyer.
    expect(
      files
        .get('close-out.pdf')!
        .toString('latin1')
        .match(/\/Type \/Page\b/g),
    ).toHaveLength(1203);

    // Built again (an Admin's retry), the new package replaces the old, whose file goes.
    const [first] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, id));
    await ctx.app.jobs.enqueue('campaigns.close-out', { campaignId: id });
    await ctx.app.jobs.drain();
    const [second] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(second.packageKey).not.toBe(first.packageKey);
    expect(await storedFiles(ctx, 'campaign-packages')).toEqual([second.packageKey]);
    expect((await download()).get('counts.csv')).toEqual(files.get('counts.csv'));
  });

  it('fails the package, leaving no file, when the store has lost a print file', async () => {
    const hoodie = await approvedProduct('Crest Hoodie');
    const id = await openCampaign([{ productId: hoodie, minimum: 1, fundraising: 1 }]);
    await order(id, '2001', 'Ann Brown', [
      { productId: hoodie, title: 'Crest Hoodie', size: 'M', colour: 'Navy', quantity: 1 },
    ]);
    const [product] = await ctx.db.select().from(merchandise).where(eq(merchandise.id, hoodie));
    await ctx.app.storage.delete(product.backPrintKey!);
    const closed = await who.director({
      method: 'POST',
      url: `/api/campaigns/${id}/transitions/close`,
      payload: {},
    });
    expect(closed.statusCode, closed.body).toBe(200);
    // Its last attempt, so the director hears of it.
    await ctx.db.update(jobs).set({ maxAttempts: 1 }).where(eq(jobs.type, 'campaigns.close-out'));
    await ctx.app.jobs.drain();
    const [job] = await ctx.db.select().from(jobs).where(eq(jobs.type, 'campaigns.close-out'));
    expect(job.status).toBe('failed');
    expect(job.lastError).toBe(
      "The close-out's print-files/Crest Hoodie-back.png is missing from the file store",
    );
    expect(await storedFiles(ctx, 'campaign-packages')).toEqual([]);
    const [row] = await ctx.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(row.packageKey).toBeNull();
    const told = await ctx.db
      .select({ messageKey: notifications.messageKey, params: notifications.params })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(users.normalizedEmail, 'director@example.com'));
    expect(told).toContainEqual({
      messageKey: 'jobs.closeOutFailed',
      params: { name: 'Winter spirit week', error: job.lastError },
    });
    const figures = await who.director({ method: 'GET', url: `/api/campaigns/${id}/close-out` });
    expect(figures.json().result.package).toEqual({
      status: 'failed',
      builtAt: null,
      bytes: null,
      error: job.lastError,
    });

    // Once the file is back, the director builds it again.
    const restored = await ctx.app.storage.put(Buffer.from('Crest Hoodie back'), {
      contentType: 'image/png',
      prefix: 'merchandise-prints',
    });
    await ctx.db.update(merchandise).set({ backPrintKey: restored.key }).where(eq(merchandise.id, hoodie));
    expect(
      (await reviewer({ method: 'POST', url: `/api/campaigns/${id}/close-out/package` })).statusCode,
    ).toBe(403);
    const again = await who.director({ method: 'POST', url: `/api/campaigns/${id}/close-out/package` });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().result.package).toMatchObject({ status: 'building', error: null });
    // Asked twice, it is built once.
    await who.director({ method: 'POST', url: `/api/campaigns/${id}/close-out/package` });
    expect(await ctx.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.status, 'queued'))).toHaveLength(1);
    await ctx.app.jobs.drain();
    const built = await who.director({ method: 'GET', url: `/api/campaigns/${id}/close-out` });
    expect(built.json().result.package).toMatchObject({ status: 'ready', error: null });
  });

  it('refuses to build the package of a window still open', async () => {
    const hoodie = await approvedProduct('Crest Hoodie');
    const id = await openCampaign([{ productId: hoodie, minimum: 1, fundraising: 1 }]);
    const early = await who.director({ method: 'POST', url: `/api/campaigns/${id}/close-out/package` });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('The package is built once the window has closed');
  });
});
