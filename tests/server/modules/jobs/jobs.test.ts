import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, jobs, merchandise } from '../../../../server/db/schema';
import { processMerchandiseJob } from '../../../../server/modules/merchandise/products';
import { testApp } from '../../helpers';
import { addProduct } from '../orders/fixtures';
import { actors } from '../organizations/actors';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
let who: Awaited<ReturnType<typeof actors>>;
beforeEach(async () => {
  // No worker: a requeued job must stay queued for the test to see it.
  ctx = await testApp({ jobWorker: false });
  who = await actors(ctx);
});
afterEach(() => ctx.app.close());

const table = (call: typeof who.admin, payload: object = { take: 10 }) =>
  call({ method: 'POST', url: '/api/jobs/table', payload });
const retry = (call: typeof who.admin, id: number) => call({ method: 'POST', url: `/api/jobs/${id}/retry` });

async function addJob(values: Partial<typeof jobs.$inferInsert>) {
  const [row] = await ctx.db
    .insert(jobs)
    .values({ type: 'mail.send', payload: {}, ...values })
    .returning();
  return row;
}

describe('jobs', () => {
  it('lists the queue for Admins with the product a job works on, filtered by status and kind', async () => {
    const product = await addProduct(ctx.db, who.organization.id, { title: 'Spirit Hoodie', price: 40 });
    await addJob({
      type: processMerchandiseJob,
      payload: { merchandiseId: product.id },
      status: 'failed',
      attempts: 5,
      lastError: 'Error: the storefront said 503',
    });
    await addJob({ type: 'mail.send', payload: { to: 'someone@example.com' }, status: 'done', attempts: 1 });

    const all = await table(who.admin);
    expect(all.statusCode).toBe(200);
    expect(all.json().result.totalFilteredRecords).toBe(2);
    const failed = await table(who.admin, { take: 10, filter: { status: 'failed' } });
    expect(failed.json().result.data).toEqual([
      expect.objectContaining({
        type: processMerchandiseJob,
        merchandiseId: product.id,
        status: 'failed',
        attempts: 5,
        lastError: 'Error: the storefront said 503',
        runAt: expect.any(String),
        updatedAt: expect.any(String),
      }),
    ]);
    const mail = await table(who.admin, { take: 10, filter: { type: 'mail.send' } });
    expect(mail.json().result.data).toEqual([
      expect.objectContaining({ merchandiseId: null, status: 'done' }),
    ]);
    expect((await table(who.director)).statusCode).toBe(403);
    expect((await table(who.visitor)).statusCode).toBe(401);
  });

  it('retries a failed job: requeued with fresh attempts, audited, and its failed product processing again', async () => {
    const product = await addProduct(ctx.db, who.organization.id, { title: 'Spirit Hoodie', price: 40 });
    await ctx.db.update(merchandise).set({ status: 'failed' }).where(eq(merchandise.id, product.id));
    const job = await addJob({
      type: processMerchandiseJob,
      payload: { merchandiseId: product.id },
      status: 'failed',
      attempts: 5,
    });
    const response = await retry(who.admin, job.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ id: job.id, status: 'queued', attempts: 0 });
    const [stored] = await ctx.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(stored).toMatchObject({ status: 'queued', attempts: 0, finishedAt: null });
    const [again] = await ctx.db.select().from(merchandise).where(eq(merchandise.id, product.id));
    expect(again.status).toBe('processing');
    expect(await ctx.db.select().from(auditLog)).toEqual([
      expect.objectContaining({ action: 'retry', entityType: 'job', entityId: String(job.id) }),
    ]);
  });

  it('refuses to retry a job that has not failed (400), another role (403) and no job (404)', async () => {
    const job = await addJob({ status: 'queued' });
    expect((await retry(who.admin, job.id)).json().validationFailures).toEqual([
      { propertyName: 'status', errorMessage: 'Only a failed job can be retried' },
    ]);
    const failed = await addJob({ status: 'failed', attempts: 5 });
    expect((await retry(who.director, failed.id)).statusCode).toBe(403);
    expect((await retry(who.visitor, failed.id)).statusCode).toBe(401);
    expect((await retry(who.admin, 999_999)).statusCode).toBe(404);
    expect(await ctx.db.select().from(auditLog)).toHaveLength(0);
  });
});
