import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, jobs, merchandise, notifications, organizations } from '../../../../server/db/schema';
import { syncMerchandiseJob } from '../../../../server/modules/merchandise/products';
import { type Call, closeUploadTestApp, type Ctx, type People, uploadLogo } from '../design-logos/fixtures';
import { createUser, signIn } from '../../helpers';
import { createProduct, onSale, productFields, productTestApp } from './support';

let ctx: Ctx;
let who: People;
let apparelId: number;
let reviewer: Call;

beforeEach(async () => {
  ({ ctx, who, apparelId } = await productTestApp());
  const lincolnReviewer = await createUser(ctx.db, { email: 'reviewer@example.com', roles: ['Reviewer'] });
  const assigned = await who.admin({
    method: 'POST',
    url: '/api/review-assignments',
    payload: { reviewerId: lincolnReviewer.id, organizationId: who.lincoln.id },
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  const cookie = await signIn(ctx.app, 'reviewer@example.com');
  reviewer = (options: InjectOptions) =>
    ctx.app.inject({ ...options, headers: { ...options.headers, cookie } });
});
afterEach(() => closeUploadTestApp(ctx));

/** A product of `call`'s school, processed, through review and on sale in the shop. */
async function onSaleProduct(call: Call = who.director) {
  const logo = await uploadLogo(call);
  const created = await createProduct(call, productFields(apparelId, logo.id));
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().result.id as number;
  await ctx.app.jobs.drain();
  await onSale(ctx, id);
  await ctx.db
    .update(merchandise)
    .set({ externalId: `portal-${id}` })
    .where(eq(merchandise.id, id));
  return id;
}

const row = async (id: number) => (await ctx.db.select().from(merchandise).where(eq(merchandise.id, id)))[0];
const edit = (call: Call, id: number, body: Record<string, unknown>) =>
  call({ method: 'PUT', url: `/api/merchandise/${id}`, payload: body });
const step = (call: Call, id: number, name: string, comment?: string) =>
  call({
    method: 'POST',
    url: `/api/merchandise/${id}/transitions/${name}`,
    payload: comment === undefined ? {} : { comment },
  });
const syncs = () => ctx.db.select().from(jobs).where(eq(jobs.type, syncMerchandiseJob));
const reviewTextChanges = (organizationId: number, on: boolean) =>
  ctx.db.update(organizations).set({ reviewTextChanges: on }).where(eq(organizations.id, organizationId));
const newText = { title: 'Crest Tee', description: 'Now in school blue', price: 30 };

describe("a school's setting to review title, description and price changes", () => {
  it('is off by default: a change reaches the product and the shop at once', async () => {
    const id = await onSaleProduct();
    const response = await edit(who.director, id, newText);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toMatchObject({
      ...newText,
      reviewState: 'published',
      pendingChanges: null,
    });
    expect(await row(id)).toMatchObject({ ...newText, reviewState: 'published' });
    expect(await syncs()).toHaveLength(1);
  });

  it('keeps a change aside while on: the product sells as before until a reviewer approves', async () => {
    await reviewTextChanges(who.lincoln.id, true);
    const id = await onSaleProduct();
    const response = await edit(who.director, id, newText);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toMatchObject({
      title: 'Lincoln Tee',
      price: 24.99,
      reviewState: 'submitted',
      pendingChanges: { ...newText, returnTo: 'published' },
    });
    // The shop keeps the product, on sale, with what a reviewer approved.
    expect(await row(id)).toMatchObject({ title: 'Lincoln Tee', price: 24.99, externalId: `portal-${id}` });
    expect(await syncs()).toHaveLength(0);
    const [told] = await ctx.db.select().from(notifications);
    expect(told).toMatchObject({ messageKey: 'reviews.submitted' });
    const queue = await reviewer({ method: 'GET', url: '/api/merchandise/review-queue' });
    expect(queue.json().result).toEqual([
      expect.objectContaining({ id, title: 'Lincoln Tee', pendingChanges: expect.objectContaining(newText) }),
    ]);
    const [proposed] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'propose'));
    expect(proposed.details).toMatchObject({ proposed: newText });

    const approved = await step(reviewer, id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().result).toMatchObject({ title: 'Crest Tee', reviewState: 'published' });
    expect(await row(id)).toMatchObject({ ...newText, reviewState: 'published', pendingChanges: null });
    expect(await syncs()).toHaveLength(1);
  });

  it('drops a change a reviewer sends back, keeping the comment, and the product where it was', async () => {
    await reviewTextChanges(who.lincoln.id, true);
    const id = await onSaleProduct();
    await ctx.db.update(merchandise).set({ reviewState: 'approved' }).where(eq(merchandise.id, id));
    expect((await edit(who.director, id, newText)).statusCode).toBe(200);
    // A second edit before the decision replaces the first.
    expect((await edit(who.director, id, { ...newText, price: 32 })).statusCode).toBe(200);
    expect((await row(id)).pendingChanges).toEqual({ ...newText, price: 32, returnTo: 'approved' });
    const asked = await step(reviewer, id, 'requestChanges', 'Keep the price at $24.99');
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await row(id)).toMatchObject({
      title: 'Lincoln Tee',
      price: 24.99,
      reviewState: 'approved',
      pendingChanges: null,
      reviewComment: 'Keep the price at $24.99',
    });
    expect(await syncs()).toHaveLength(0);
  });

  it("reviews only the changes of its own school's products, and only of approved designs", async () => {
    await reviewTextChanges(who.riverside.id, true);
    const id = await onSaleProduct();
    expect((await edit(who.director, id, newText)).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ ...newText, reviewState: 'published', pendingChanges: null });

    // A draft's text is the director's: the reviewer sees it when it is submitted.
    await reviewTextChanges(who.lincoln.id, true);
    await ctx.db.update(merchandise).set({ reviewState: 'draft' }).where(eq(merchandise.id, id));
    expect((await edit(who.director, id, { ...newText, title: 'Draft Tee' })).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ title: 'Draft Tee', pendingChanges: null });
  });

  it('is an Admin’s to turn on: a director reading their school cannot change it', async () => {
    const url = `/api/organizations/${who.lincoln.id}`;
    const read = await who.director({ method: 'GET', url });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().result.reviewTextChanges).toBe(false);
    const refused = await who.director({
      method: 'PUT',
      url,
      payload: { ...read.json().result, reviewTextChanges: true },
    });
    expect(refused.statusCode).toBe(403);
    expect(
      (await ctx.db.select().from(organizations).where(eq(organizations.id, who.lincoln.id)))[0],
    ).toMatchObject({ reviewTextChanges: false });
    const asAdmin = await who.admin({ method: 'GET', url });
    const changed = await who.admin({
      method: 'PUT',
      url,
      payload: { ...asAdmin.json().result, reviewTextChanges: true },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().result.reviewTextChanges).toBe(true);
  });
});
