import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';

export type JobRow = typeof jobs.$inferSelect;

export interface JobHandler {
  run(payload: unknown, job: JobRow): Promise<void>;
  /** Called once when the job has failed its last attempt. */
  gaveUp?(payload: unknown, job: JobRow, error: Error): Promise<void>;
  /** This type's own schedule of retries, in place of the queue's. */
  backoffMs?: (attempt: number) => number;
}

export interface JobQueueOptions {
  log: FastifyBaseLogger;
  /**
   * How long a claim lasts unless renewed; the worker renews it every third of this while the
   * job runs, so a long job keeps it and a process that dies frees its jobs within this.
   */
  lockMs?: number;
  /** How often an idle worker looks for due jobs (it is also woken by local enqueues). */
  pollMs?: number;
  /** Delay before attempt `attempt + 1`, after `attempt` failures. */
  backoffMs?: (attempt: number) => number;
  /**
   * This server's id when its files are on its local disk and other servers may share the
   * database: jobs it enqueues carry it, and only it claims them, since no other has their files.
   */
  localServerId?: string;
}

/** Finished jobs are kept this long for inspection, then deleted. */
export const doneJobRetentionMs = 7 * 24 * 60 * 60_000;
const pruneEveryMs = 60 * 60_000;

/** 5 s, 10 s, 20 s... capped at 10 minutes. */
export const defaultBackoffMs = (attempt: number) => Math.min(5_000 * 2 ** (attempt - 1), 600_000);

type Executor = Pick<Db, 'insert'>;

/**
 * A durable job queue in the `jobs` table. Any number of processes may run workers: a job
 * is claimed with `FOR UPDATE SKIP LOCKED` and locked for `lockMs`, so each runs once at a
 * time, and one whose worker died is picked up again when its lock expires. Failures are
 * retried with backoff, keeping the last error; nothing lives only in memory.
 */
export class JobQueue {
  readonly workerId = `${process.pid}-${randomUUID()}`;
  private readonly lockMs: number;
  private readonly pollMs: number;
  private readonly backoffMs: (attempt: number) => number;
  private running = false;
  private current: Promise<unknown> = Promise.resolve();
  private wake: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly chores: (() => Promise<unknown>)[] = [];

  constructor(
    private readonly db: Db,
    private readonly options: JobQueueOptions,
  ) {
    this.lockMs = options.lockMs ?? 60_000;
    this.pollMs = options.pollMs ?? 1_000;
    this.backoffMs = options.backoffMs ?? defaultBackoffMs;
  }

  /** Modules register what runs each job type they enqueue. */
  register(type: string, handler: JobHandler) {
    this.handlers.set(type, handler);
  }

  /**
   * Adds a job. Pass the transaction that writes the job's subject so both commit
   * together, and call `wakeUp` after it commits: a worker woken earlier would not see it.
   */
  async enqueue(type: string, payload: unknown, executor: Executor = this.db, maxAttempts = 5) {
    const [job] = await executor
      .insert(jobs)
      .values({ type, payload, maxAttempts, runOn: this.options.localServerId ?? null })
      .returning();
    if (executor === this.db) this.wakeUp();
    return job;
  }

  /** Work that the worker does every hour beside pruning jobs (purging old mail bodies). */
  addChore(chore: () => Promise<unknown>) {
    this.chores.push(chore);
  }

  /** Lets this process's idle worker look for jobs now instead of at its next poll. */
  wakeUp() {
    this.wake?.();
  }

  /** Takes the next due job, or one whose worker's lock has expired. */
  async claim(): Promise<JobRow | null> {
    const due = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          or(
            and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`)),
            and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, sql`now()`)),
          ),
          this.options.localServerId
            ? or(isNull(jobs.runOn), eq(jobs.runOn, this.options.localServerId))
            : isNull(jobs.runOn),
        ),
      )
      .orderBy(jobs.runAt, jobs.id)
      .limit(1)
      .for('update', { skipLocked: true });
    const [job] = await this.db
      .update(jobs)
      .set({
        status: 'running',
        lockedBy: this.workerId,
        lockedUntil: sql`now() + ${`${this.lockMs} milliseconds`}::interval`,
        attempts: sql`${jobs.attempts} + 1`,
        updatedAt: sql`now()`,
      })
      .where(inArray(jobs.id, due))
      .returning();
    return job ?? null;
  }

  /** Claims and runs one job; false when none was due. */
  async runOnce(): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    const handler = this.handlers.get(job.type);
    const mine = and(eq(jobs.id, job.id), eq(jobs.lockedBy, this.workerId));
    const heartbeat = setInterval(() => {
      this.db
        .update(jobs)
        .set({ lockedUntil: sql`now() + ${`${this.lockMs} milliseconds`}::interval` })
        .where(mine)
        .catch((error: unknown) =>
          this.options.log.warn({ err: error, jobId: job.id }, 'could not renew a job lease'),
        );
    }, this.lockMs / 3);
    try {
      if (!handler) throw new Error(`No handler for job type ${job.type}`);
      await handler.run(job.payload, job);
      clearInterval(heartbeat);
      await this.db
        .update(jobs)
        .set({
          status: 'done',
          finishedAt: sql`now()`,
          updatedAt: sql`now()`,
          lockedBy: null,
          lockedUntil: null,
          lastError: null,
        })
        .where(mine);
    } catch (caught) {
      clearInterval(heartbeat);
      const error = caught instanceof Error ? caught : new Error(String(caught));
      const lastAttempt = job.attempts >= job.maxAttempts;
      this.options.log.warn(
        { err: error, jobId: job.id, type: job.type, attempt: job.attempts },
        'job failed',
      );
      await this.db
        .update(jobs)
        .set({
          status: lastAttempt ? 'failed' : 'queued',
          lastError: error.stack ?? error.message,
          lockedBy: null,
          lockedUntil: null,
          runAt: lastAttempt
            ? job.runAt
            : sql`now() + ${`${(handler?.backoffMs ?? this.backoffMs)(job.attempts)} milliseconds`}::interval`,
          finishedAt: lastAttempt ? sql`now()` : null,
          updatedAt: sql`now()`,
        })
        .where(mine);
      if (lastAttempt) await handler?.gaveUp?.(job.payload, job, error);
    }
    return true;
  }

  /** Deletes finished jobs older than the retention; failed ones stay for someone to look at. */
  async prune(retentionMs = doneJobRetentionMs) {
    const deleted = await this.db
      .delete(jobs)
      .where(
        and(
          eq(jobs.status, 'done'),
          lt(jobs.finishedAt, sql`now() - ${`${retentionMs} milliseconds`}::interval`),
        ),
      )
      .returning({ id: jobs.id });
    return deleted.length;
  }

  /** Runs due jobs until there are none (tests, scripts). */
  async drain() {
    for (;;) if (!(await this.runOnce())) return;
  }

  start() {
    if (this.running) return;
    this.running = true;
    let lastPrune = 0;
    const loop = async () => {
      while (this.running) {
        let worked = false;
        try {
          if (Date.now() - lastPrune > pruneEveryMs) {
            lastPrune = Date.now();
            await this.prune();
            for (const chore of this.chores) await chore();
          }
          worked = await this.runOnce();
        } catch (error) {
          this.options.log.error({ err: error }, 'job worker could not claim a job');
        }
        if (!worked && this.running) {
          await new Promise<void>((resolve) => {
            this.wake = resolve;
            this.timer = setTimeout(resolve, this.pollMs);
          });
          clearTimeout(this.timer);
          this.wake = undefined;
        }
      }
    };
    this.current = loop();
  }

  /** Stops taking jobs and waits for the one in hand to finish. */
  async stop() {
    this.running = false;
    this.wake?.();
    await this.current;
  }
}
