import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../../../server/db/schema';
import { JobQueue } from '../../../server/jobs';
import { testApp } from '../helpers';

/**
 * One organization's costly jobs (a crafted logo drew for 50 s a product) held every worker
 * while another organization's product waited 155 s. A job now has a time limit, and workers
 * take the oldest job of the organization with the fewest jobs running.
 */
let ctx: Awaited<ReturnType<typeof testApp>>;
beforeEach(async () => {
  ctx = await testApp();
});
afterEach(() => ctx.app.close());

const log = pino({ level: 'silent' });

async function jobRow(id: number) {
  const [row] = await ctx.db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

describe('a job past its time limit', () => {
  it('fails for good with a clear error, is told to stop, and frees its worker for the next job', async () => {
    const worker = new JobQueue(ctx.db, { log, timeLimitMs: 100 });
    const gaveUp: string[] = [];
    let stopped: unknown;
    worker.register('endless', {
      run: (_payload, _job, { signal }) =>
        new Promise<void>(() => signal.addEventListener('abort', () => (stopped = signal.reason))),
      gaveUp: async (_payload, _job, error) => void gaveUp.push(error.message),
    });
    const ran: unknown[] = [];
    worker.register('quick', { run: async (payload) => void ran.push(payload) });
    const endless = await worker.enqueue('endless', {});
    const quick = await worker.enqueue('quick', { n: 1 });

    await worker.drain();

    const row = await jobRow(endless.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lockedBy: null });
    expect(row.lastError).toBe('The job ran past its time limit of 0.1 s');
    expect(gaveUp).toEqual(['The job ran past its time limit of 0.1 s']);
    expect(stopped).toBeInstanceOf(Error);
    expect(ran).toEqual([{ n: 1 }]);
    expect((await jobRow(quick.id)).status).toBe('done');
  });
});

describe('claiming jobs of two organizations', () => {
  it("takes organization B's job before the rest of A's older backlog while A's job is running", async () => {
    const workers = Array.from({ length: 3 }, () => new JobQueue(ctx.db, { log }));
    const a = [];
    for (const n of [1, 2, 3])
      a.push(await workers[0].enqueue('product', { org: 'A', n }, ctx.db, { organizationId: 1 }));
    const b = await workers[0].enqueue('product', { org: 'B', n: 1 }, ctx.db, { organizationId: 2 });

    const claimed = [];
    for (const worker of workers) claimed.push((await worker.claim())?.id);

    expect(claimed).toEqual([a[0].id, b.id, a[1].id]);
  });

  it('takes jobs of no organization (mail) beside a busy organization', async () => {
    const workers = [new JobQueue(ctx.db, { log }), new JobQueue(ctx.db, { log })];
    const a = [];
    for (const n of [1, 2]) a.push(await workers[0].enqueue('product', { n }, ctx.db, { organizationId: 1 }));
    const mail = await workers[0].enqueue('mail', {});
    expect((await workers[0].claim())?.id).toBe(a[0].id);
    expect((await workers[1].claim())?.id).toBe(mail.id);
  });
});
