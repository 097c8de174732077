import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '../../server/db/schema';
import { JobQueue } from '../../server/jobs';
import { testApp } from '../server/helpers';

let ctx: Awaited<ReturnType<typeof testApp>>;
beforeEach(async () => {
  ctx = await testApp();
});
afterEach(() => ctx.app.close());

const log = pino({ level: 'silent' });

describe('job leases', () => {
  it('a live worker keeps its job for as long as it runs, however short the lease', async () => {
    const worker = new JobQueue(ctx.db, { log, lockMs: 600 });
    const rival = new JobQueue(ctx.db, { log, lockMs: 600 });
    let finish!: () => void;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    worker.register('slow', {
      run: () => {
        started();
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    const job = await worker.enqueue('slow', {});
    const done = worker.runOnce();
    await running;
    // Three leases' worth of trying: a rival may never take a job whose worker is alive.
    const until = Date.now() + 1800;
    while (Date.now() < until) {
      expect(await rival.claim()).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    finish();
    await done;
    const [row] = await ctx.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row.status).toBe('done');
    expect(row.attempts).toBe(1);
  });

  it('leases a claimed job for at most a minute by default, so a dead worker’s job is retaken within one', async () => {
    const queue = new JobQueue(ctx.db, { log });
    const job = await queue.enqueue('anything', {});
    expect(await queue.claim()).not.toBeNull();
    const [row] = await ctx.db
      .select({ left: sql<number>`extract(epoch from ${jobs.lockedUntil} - now())` })
      .from(jobs)
      .where(eq(jobs.id, job.id));
    expect(Number(row.left)).toBeLessThanOrEqual(60);
    expect(Number(row.left)).toBeGreaterThan(10);
  });
});
