import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../../../server/db/schema';
import { JobQueue } from '../../../server/jobs';
import { testApp } from '../helpers';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
beforeEach(async () => {
  ctx = await testApp();
});
afterEach(() => ctx.app.close());

const log = pino({ level: 'silent' });
const queue = (options: Partial<ConstructorParameters<typeof JobQueue>[1]> = {}) =>
  new JobQueue(ctx.db, { log, backoffMs: () => 0, ...options });

async function jobRow(id: number) {
  const [row] = await ctx.db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

describe('job queue', () => {
  it('runs an enqueued job once and marks it done', async () => {
    const worker = queue();
    const seen: unknown[] = [];
    worker.register('greet', { run: async (payload) => void seen.push(payload) });
    const job = await worker.enqueue('greet', { name: 'Lincoln' });
    await worker.drain();
    expect(seen).toEqual([{ name: 'Lincoln' }]);
    expect(await jobRow(job.id)).toMatchObject({ status: 'done', attempts: 1, lastError: null });
    expect(await worker.runOnce()).toBe(false);
  });

  it('retries a failing job with backoff, keeps the last error, and gives up after maxAttempts', async () => {
    const worker = queue({ backoffMs: (attempt) => attempt * 60_000 });
    let calls = 0;
    const gaveUp: string[] = [];
    worker.register('flaky', {
      run: async () => {
        calls += 1;
        throw new Error(`attempt ${calls} failed`);
      },
      gaveUp: async (_payload, _job, error) => void gaveUp.push(error.message),
    });
    const job = await worker.enqueue('flaky', {}, ctx.db, { maxAttempts: 2 });
    await worker.drain();
    let row = await jobRow(job.id);
    expect(row.status).toBe('queued');
    expect(row.lastError).toContain('attempt 1 failed');
    expect(row.runAt.getTime() - Date.now()).toBeGreaterThan(50_000);
    expect(await worker.runOnce()).toBe(false);

    await ctx.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(eq(jobs.id, job.id));
    await worker.drain();
    row = await jobRow(job.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    expect(row.lastError).toContain('attempt 2 failed');
    expect(gaveUp).toEqual(['attempt 2 failed']);
  });

  it("keeps the stack and the server's file paths out of the error the Jobs page shows", async () => {
    const worker = queue();
    worker.register('read-file', {
      run: async () => {
        throw new Error("ENOENT: no such file or directory, open '/var/lib/spirit/blobs/ab/cd'");
      },
    });
    const job = await worker.enqueue('read-file', {}, ctx.db, { maxAttempts: 1 });
    await worker.drain();
    expect((await jobRow(job.id)).lastError).toBe("ENOENT: no such file or directory, open '[server path]'");
  });

  it('loses no job across a restart: a job locked by a dead worker runs again once its lock expires', async () => {
    const dead = queue({ lockMs: 50 });
    const job = await dead.enqueue('work', {});
    expect((await dead.claim())?.id).toBe(job.id);

    const restarted = queue();
    const ran: number[] = [];
    restarted.register('work', { run: async (_payload, claimed) => void ran.push(claimed.id) });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await restarted.drain();
    expect(ran).toEqual([job.id]);
    expect(await jobRow(job.id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('never hands the same job to two workers at once', async () => {
    const first = queue();
    const second = queue();
    await first.enqueue('work', {});
    const [a, b] = await Promise.all([first.claim(), second.claim()]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
  });

  it('a started worker picks up new jobs by itself and stops cleanly', async () => {
    const worker = queue({ pollMs: 20 });
    const done = new Promise<unknown>((resolve) =>
      worker.register('ping', { run: async (payload) => resolve(payload) }),
    );
    worker.start();
    await worker.enqueue('ping', { n: 1 });
    expect(await done).toEqual({ n: 1 });
    await worker.stop();
  });

  it('a job claimed while the worker stops is told to stop too, not run to its end', async () => {
    // What a worker's loop does when its claim was in flight as `stop` told the jobs in hand.
    const worker = queue();
    const started = new Promise<void>((resolve) =>
      worker.register('draw', {
        run: (_payload, _job, { signal }) =>
          new Promise((_, reject) => {
            resolve();
            if (signal.aborted) reject(signal.reason);
            signal.addEventListener('abort', () => reject(signal.reason));
          }),
      }),
    );
    const job = await worker.enqueue('draw', {});
    await worker.stop();
    expect(await worker.runOnce()).toBe(true);
    await started;
    expect(await jobRow(job.id)).toMatchObject({ status: 'queued', lockedBy: null });
  });
});

describe('job retention', () => {
  it('deletes done jobs older than a week and keeps failed and recent ones', async () => {
    const worker = queue();
    const old = await worker.enqueue('x', {});
    const recent = await worker.enqueue('x', {});
    const failed = await worker.enqueue('x', {});
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60_000);
    await ctx.db.update(jobs).set({ status: 'done', finishedAt: eightDaysAgo }).where(eq(jobs.id, old.id));
    await ctx.db.update(jobs).set({ status: 'done', finishedAt: new Date() }).where(eq(jobs.id, recent.id));
    await ctx.db
      .update(jobs)
      .set({ status: 'failed', finishedAt: eightDaysAgo })
      .where(eq(jobs.id, failed.id));
    expect(await worker.prune()).toBe(1);
    const left = await ctx.db.select({ id: jobs.id }).from(jobs).orderBy(jobs.id);
    expect(left.map((row) => row.id)).toEqual([recent.id, failed.id]);
  });
});
