import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../../../server/db/schema';
import { JobQueue } from '../../../server/jobs';
import { retryJob } from '../../../server/modules/jobs';
import { renderSandbox } from '../../../server/storage/render-sandbox';
import { createUser, testApp } from '../helpers';
import { isRunning } from '../../faults/processes';

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

/** A logo that draws for minutes at any size (300,000 stretched characters). */
const endlessLogo = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="500" height="500"><text x="0" y="250" textLength="500" lengthAdjust="spacingAndGlyphs">${'W'.repeat(300_000)}</text></svg>`,
);

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

describe("a render past its job's time limit", () => {
  it("is killed with its job, is not retried, and an Admin's Retry runs it once more within the limit", async () => {
    const worker = new JobQueue(ctx.db, { log, timeLimitMs: 3_000 });
    worker.register('render', {
      lane: 'render',
      run: async (_payload, _job, { signal }) =>
        void (await renderSandbox.run({ kind: 'svgSize', svg: endlessLogo, side: 512 }, { signal })),
    });
    const job = await worker.enqueue('render', {});

    const attempt = async () => {
      const ran = worker.drain();
      await expect.poll(() => renderSandbox.pids.length, { timeout: 30_000 }).toBe(1);
      const [pid] = renderSandbox.pids;
      await ran;
      // No process is left drawing for a job that has failed.
      await expect.poll(() => isRunning(pid), { timeout: 5_000 }).toBe(false);
      expect(await jobRow(job.id)).toMatchObject({
        status: 'failed',
        attempts: 1,
        lastError: 'The job ran past its time limit of 3 s',
      });
      expect(await worker.runOnce()).toBe(false);
    };
    await attempt();

    const admin = await createUser(ctx.db, { email: 'admin@retry.example' });
    await retryJob(ctx.db, admin, job.id);
    await attempt();
  }, 90_000);
});

describe('one job worker in one process', () => {
  it("sends e-mail while a render runs, and gives two organizations' renders turns", async () => {
    const worker = new JobQueue(ctx.db, { log, pollMs: 50 });
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    worker.register('product', {
      lane: 'render',
      run: (payload) =>
        new Promise<void>((resolve) => {
          const { name } = payload as { name: string };
          started.push(name);
          finish.set(name, resolve);
        }),
    });
    const mailed: string[] = [];
    worker.register('mail', { run: async (payload) => void mailed.push((payload as { to: string }).to) });
    for (const name of ['A1', 'A2', 'A3'])
      await worker.enqueue('product', { name }, ctx.db, { organizationId: 1 });
    await worker.enqueue('product', { name: 'B1' }, ctx.db, { organizationId: 2 });
    await worker.enqueue('mail', { to: 'forgot-password@example.com' });

    worker.start();
    try {
      await expect.poll(() => started).toEqual(['A1']);
      await expect.poll(() => mailed).toEqual(['forgot-password@example.com']);
      finish.get('A1')!();
      await expect.poll(() => started).toEqual(['A1', 'B1']);
      finish.get('B1')!();
      await expect.poll(() => started).toEqual(['A1', 'B1', 'A2']);
      finish.get('A2')!();
      await expect.poll(() => started).toEqual(['A1', 'B1', 'A2', 'A3']);
      finish.get('A3')!();
    } finally {
      await worker.stop();
    }
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

/**
 * A logo that drew for 73 s at print size held the one render worker while another school's
 * plain product waited 75 s (issue 44 item 2). A render lane has two workers, and one school may
 * hold only one of them.
 */
describe('a render lane of two workers', () => {
  const product = (queue: JobQueue, name: string, organizationId: number) =>
    queue.enqueue('product', { name }, ctx.db, { organizationId });

  it("never lets one organization hold both: A's backlog waits for A's first job, B's job takes the other", async () => {
    const queue = new JobQueue(ctx.db, { log, laneWorkers: { render: 2 } });
    queue.register('product', { lane: 'render', run: async () => {} });
    const a1 = await product(queue, 'A1', 1);
    await product(queue, 'A2', 1);

    expect((await queue.claim('render'))?.id).toBe(a1.id);
    expect(await queue.claim('render'), 'A already holds all but one worker').toBeNull();
    const b1 = await product(queue, 'B1', 2);
    expect((await queue.claim('render'))?.id).toBe(b1.id);
  });

  it("runs another organization's product while a costly one of the first still draws", async () => {
    const queue = new JobQueue(ctx.db, { log, pollMs: 50, laneWorkers: { render: 2 } });
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    queue.register('product', {
      lane: 'render',
      run: (payload) =>
        new Promise<void>((resolve) => {
          const { name } = payload as { name: string };
          started.push(name);
          finish.set(name, resolve);
        }),
    });
    await product(queue, 'A1', 1);
    await product(queue, 'A2', 1);
    queue.start();
    try {
      await expect.poll(() => started).toEqual(['A1']);
      await product(queue, 'B1', 2);
      queue.wakeUp();
      await expect.poll(() => started).toEqual(['A1', 'B1']);
      finish.get('B1')!();
      finish.get('A1')!();
      await expect.poll(() => started).toEqual(['A1', 'B1', 'A2']);
      finish.get('A2')!();
    } finally {
      await queue.stop();
    }
  });
});
