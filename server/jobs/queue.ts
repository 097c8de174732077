import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, lte, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeAction, RecordChange } from '../../contract/changes';
import { jobs as jobsResource } from '../../contract/definitions/jobs';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { isDatabaseUnavailable } from '../http/error-handler';
import { announceAll, systemActor } from '../db/announce';

export type JobRow = typeof jobs.$inferSelect;

/** What a running job is given besides its payload: when to stop. */
interface JobContext {
  /**
   * Aborted when the job runs past its time limit (the queue has then failed it already) or its
   * worker stops; work it hands to a render child is killed then.
   */
  signal: AbortSignal;
}

export interface JobHandler {
  run(payload: unknown, job: JobRow, context: JobContext): Promise<void>;
  /** This type's own time limit per attempt, in place of the queue's. */
  timeLimitMs?: number;
  /** Called once when the job has failed its last attempt. */
  gaveUp?(payload: unknown, job: JobRow, error: Error): Promise<void>;
  /** This type's own schedule of retries, in place of the queue's. */
  backoffMs?: (attempt: number) => number;
  /**
   * Jobs of a named lane have their own worker in each process, so no job of another lane waits
   * behind them: a render that takes minutes never holds a password-reset e-mail.
   */
  lane?: string;
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
  /**
   * How long one attempt may run before it fails and its worker moves on: a job that never
   * ends would otherwise hold its worker, and the jobs of every organization behind it.
   */
  timeLimitMs?: number;
  /** Delay before attempt `attempt + 1`, after `attempt` failures. */
  backoffMs?: (attempt: number) => number;
  /**
   * This server's id when its files are on its local disk and other servers may share the
   * database: jobs it enqueues carry it, and only it claims them, since no other has their files.
   */
  localServerId?: string;
  /**
   * Workers per lane in this process; one unless told. A lane with more never lets one
   * organization hold all of them: a school's costly render leaves another school's job a worker.
   */
  laneWorkers?: Record<string, number>;
}

/** Finished jobs are kept this long for inspection, then deleted. */
const doneJobRetentionMs = 7 * 24 * 60 * 60_000;
const pruneEveryMs = 60 * 60_000;

/**
 * Above the slowest job the upload admits (the print of the costliest filtered SVG at the full
 * print width: 111 s on a quiet 2-core machine), far below a worker held for good.
 */
const defaultJobTimeLimitMs = 5 * 60_000;

/**
 * A job that ran past its time limit. It is not retried: the work that ran too long (drawing
 * a given image) would run as long again, once per attempt.
 */
class JobTimedOut extends Error {}

/** A job whose worker stopped (the server is shutting down): it runs again later, elsewhere or here. */
class JobInterrupted extends Error {}

/** The lane of every job type that names none. */
const defaultLane = '';

/** Product processing's lane: minutes of drawing never hold e-mail and storefront syncs. */
export const renderLane = 'render';

export interface EnqueueOptions {
  maxAttempts?: number;
  /** Whose work it is: claims are shared out between organizations. */
  organizationId?: number | null;
}

/**
 * A failure as the Jobs page shows it: the message without the stack, and file paths of the
 * server (a blob store's `open '/var/lib/...'`) replaced; the log keeps the whole error.
 */
export const visibleJobError = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(
    /(^|[\s'"(=])(?:file:\/\/)?\/[^\s'"()]+/g,
    '$1[server path]',
  );

/** 5 s, 10 s, 20 s... capped at 10 minutes. */
const defaultBackoffMs = (attempt: number) => Math.min(5_000 * 2 ** (attempt - 1), 600_000);

type Executor = Pick<Db, 'insert' | 'execute'>;

/**
 * Tells open Jobs lists of jobs' new status (`server/modules/changes`), in the write's
 * transaction: the queue writes its rows itself, not through the engine that announces the
 * other resources' changes. Each announced write raises the job's version.
 */
export async function announceJobs(
  tx: Pick<Db, 'execute'>,
  rows: readonly Pick<JobRow, 'id' | 'version' | 'organizationId'>[],
  action: ChangeAction,
  by: RecordChange['by'] = systemActor('Spirit Portal'),
) {
  if (rows.length === 0) return;
  await announceAll(
    tx,
    rows.map((row) => ({
      resource: jobsResource.name,
      id: row.id,
      action,
      version: row.version,
      by,
      organizationId: row.organizationId,
    })),
  );
}

const nextVersion = sql`${jobs.version} + 1`;

/**
 * Writes a job and announces it in the caller's transaction, for code that has no queue at hand
 * (`notify` inside a caller's transaction); any server's worker claims it within its poll.
 */
export async function queueJob(
  tx: Executor,
  type: string,
  payload: unknown,
  { maxAttempts = 5, organizationId = null, runOn = null }: EnqueueOptions & { runOn?: string | null } = {},
) {
  const [row] = await tx
    .insert(jobs)
    .values({ type, payload, maxAttempts, organizationId, runOn })
    .returning();
  await announceJobs(tx, [row], 'created');
  return row;
}

/**
 * A durable job queue in the `jobs` table. Any number of processes may run workers: a job
 * is claimed with `FOR UPDATE SKIP LOCKED` and locked for `lockMs`, so each runs once at a
 * time, and one whose worker died is picked up again when its lock expires. Failures are
 * retried with backoff, keeping the last error; nothing lives only in memory.
 */
export class JobQueue {
  readonly workerId = `${process.pid}-${randomUUID()}`;
  private readonly lockMs: number;
  private readonly timeLimitMs: number;
  private readonly pollMs: number;
  private readonly backoffMs: (attempt: number) => number;
  private running = false;
  /** Set by `stop` (not by never starting: `drain` runs jobs of a worker that was not started). */
  private stopping = false;
  private current: Promise<unknown> = Promise.resolve();
  private readonly wakes = new Set<() => void>();
  /** The jobs in hand, to be told to stop with their worker. */
  private readonly inHand = new Set<AbortController>();
  private readonly handlers = new Map<string, JobHandler>();
  private readonly chores: (() => Promise<unknown>)[] = [];

  constructor(
    private readonly db: Db,
    private readonly options: JobQueueOptions,
  ) {
    this.lockMs = options.lockMs ?? 60_000;
    this.timeLimitMs = options.timeLimitMs ?? defaultJobTimeLimitMs;
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
  async enqueue(
    type: string,
    payload: unknown,
    executor: Executor = this.db,
    { maxAttempts = 5, organizationId = null }: EnqueueOptions = {},
  ) {
    const job = await this.inTransaction(executor, (tx) =>
      queueJob(tx, type, payload, {
        maxAttempts,
        organizationId,
        runOn: this.options.localServerId ?? null,
      }),
    );
    if (executor === this.db) this.wakeUp();
    return job;
  }

  /** The caller's transaction, or one of the queue's own for a write and its announcement. */
  private inTransaction<T>(executor: Executor, work: (tx: Executor) => Promise<T>) {
    return executor === this.db ? this.db.transaction((tx) => work(tx)) : work(executor);
  }

  /** Work that the worker does every hour beside pruning jobs (purging old mail bodies). */
  addChore(chore: () => Promise<unknown>) {
    this.chores.push(chore);
  }

  /** Lets this process's idle workers look for jobs now instead of at their next poll. */
  wakeUp() {
    for (const wake of this.wakes) wake();
  }

  /** The job types of the named lanes. */
  private laneTypes(lane: string) {
    return [...this.handlers]
      .filter(([, handler]) => (handler.lane ?? defaultLane) === lane)
      .map(([type]) => type);
  }

  /** Which job types a worker of `lane` claims: every type when it has no lane (`drain`). */
  private ofLane(lane: string | undefined) {
    if (lane === undefined) return undefined;
    if (lane !== defaultLane) return inArray(jobs.type, this.laneTypes(lane));
    const elsewhere = [...this.handlers]
      .filter(([, handler]) => (handler.lane ?? defaultLane) !== defaultLane)
      .map(([type]) => type);
    return elsewhere.length > 0 ? notInArray(jobs.type, elsewhere) : undefined;
  }

  /**
   * In a lane of n > 1 workers, an organization already running n - 1 of the lane's jobs gets
   * no more until one ends, so the last worker is always free for another organization's job.
   */
  private withinShare(lane: string | undefined) {
    const workers = lane === undefined ? 1 : this.workersOf(lane);
    if (workers < 2) return undefined;
    const types = lane === defaultLane ? undefined : this.laneTypes(lane!);
    return or(
      isNull(jobs.organizationId),
      sql`(select count(*) from ${jobs} as holding where holding.organization_id = ${jobs.organizationId}
        and holding.status = 'running' and holding.locked_until >= now()
        ${
          types
            ? sql`and holding.type in (${sql.join(
                types.map((type) => sql`${type}`),
                sql`, `,
              )})`
            : sql``
        }) < ${workers - 1}`,
    );
  }

  private workersOf(lane: string) {
    return Math.max(1, this.options.laneWorkers?.[lane] ?? 1);
  }

  /**
   * Takes the next due job of the lane, or one whose worker's lock has expired: first the
   * organization with the fewest jobs running, then the one served longest ago, then the oldest
   * job. So one organization's backlog cannot hold every worker while another's job waits, and
   * with one worker the organizations take turns. Jobs of no organization (mail) count as never
   * served.
   */
  async claim(lane?: string): Promise<JobRow | null> {
    const share = this.withinShare(lane);
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
          this.ofLane(lane),
          share,
        ),
      )
      .orderBy(
        sql`(select count(*) from ${jobs} as holding where holding.organization_id = ${jobs.organizationId}
          and holding.status = 'running' and holding.locked_until >= now())`,
        // A job is last touched when claimed or finished: the organization's latest is when it was served.
        sql`(select max(served.updated_at) from ${jobs} as served where served.organization_id = ${jobs.organizationId}
          and served.attempts > 0) asc nulls first`,
        jobs.runAt,
        jobs.id,
      )
      .limit(1)
      .for('update', { skipLocked: true });
    return this.db.transaction(async (tx) => {
      // Two workers of a shared lane (on any server) must not both count an organization's running
      // jobs before either claim commits, or both take its jobs: their claims take turns, each
      // statement seeing the claims committed before it.
      if (share) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`jobs.claim.${lane}`}))`);
      const [job] = await tx
        .update(jobs)
        .set({
          status: 'running',
          lockedBy: this.workerId,
          lockedUntil: sql`now() + ${`${this.lockMs} milliseconds`}::interval`,
          attempts: sql`${jobs.attempts} + 1`,
          updatedAt: sql`now()`,
          version: nextVersion,
        })
        .where(inArray(jobs.id, due))
        .returning();
      if (!job) return null;
      await announceJobs(tx, [job], 'updated');
      return job;
    });
  }

  /** Claims and runs one job of the lane (of any, without one); false when none was due. */
  async runOnce(lane?: string): Promise<boolean> {
    const job = await this.claim(lane);
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
    const limitMs = handler?.timeLimitMs ?? this.timeLimitMs;
    const abort = new AbortController();
    this.inHand.add(abort);
    // Claimed while `stop` ran: it told the jobs in hand before this one was, and would wait for
    // it to run to its end (a render of minutes kept a SIGTERM past the shutdown's grace).
    if (this.stopping) abort.abort(new JobInterrupted('The server stopped while the job ran'));
    let limit: NodeJS.Timeout | undefined;
    try {
      if (!handler) throw new Error(`No handler for job type ${job.type}`);
      const timedOut = new Promise<never>((_, reject) => {
        limit = setTimeout(() => {
          const error = new JobTimedOut(`The job ran past its time limit of ${limitMs / 1000} s`);
          abort.abort(error);
          reject(error);
        }, limitMs);
      });
      const running = handler.run(job.payload, job, { signal: abort.signal });
      // Past its limit the job is failed below and the worker moves on; what it still throws is moot.
      running.catch(() => undefined);
      await Promise.race([running, timedOut]);
      clearTimeout(limit);
      clearInterval(heartbeat);
      await this.finish(mine, {
        status: 'done',
        finishedAt: sql`now()`,
        lockedBy: null,
        lockedUntil: null,
        lastError: null,
      });
    } catch (caught) {
      clearTimeout(limit);
      clearInterval(heartbeat);
      const error = caught instanceof Error ? caught : new Error(String(caught));
      // The work the limit ended may fail first, with the limit as its reason.
      const timedOut = error instanceof JobTimedOut || abort.signal.reason instanceof JobTimedOut;
      const lastAttempt = timedOut || job.attempts >= job.maxAttempts;
      this.options.log.warn(
        { err: error, jobId: job.id, type: job.type, attempt: job.attempts },
        'job failed',
      );
      await this.finish(mine, {
        status: lastAttempt ? 'failed' : 'queued',
        lastError: visibleJobError(error),
        lockedBy: null,
        lockedUntil: null,
        runAt: lastAttempt
          ? job.runAt
          : sql`now() + ${`${(handler?.backoffMs ?? this.backoffMs)(job.attempts)} milliseconds`}::interval`,
        finishedAt: lastAttempt ? sql`now()` : null,
      });
      if (lastAttempt) await handler?.gaveUp?.(job.payload, job, error);
    } finally {
      this.inHand.delete(abort);
    }
    return true;
  }

  /** Writes an attempt's outcome on the job this worker still holds, and announces it. */
  private async finish(mine: SQL | undefined, outcome: PgUpdateSetSource<typeof jobs>) {
    await this.db.transaction(async (tx) => {
      const finished = await tx
        .update(jobs)
        .set({ ...outcome, updatedAt: sql`now()`, version: nextVersion })
        .where(mine)
        .returning();
      await announceJobs(tx, finished, 'updated');
    });
  }

  /** Deletes finished jobs older than the retention; failed ones stay for someone to look at. */
  async prune(retentionMs = doneJobRetentionMs) {
    return this.db.transaction(async (tx) => {
      const deleted = await tx
        .delete(jobs)
        .where(
          and(
            eq(jobs.status, 'done'),
            lt(jobs.finishedAt, sql`now() - ${`${retentionMs} milliseconds`}::interval`),
          ),
        )
        .returning({ id: jobs.id, version: jobs.version, organizationId: jobs.organizationId });
      await announceJobs(tx, deleted, 'deleted');
      return deleted.length;
    });
  }

  /** Runs due jobs until there are none (tests, scripts). */
  async drain() {
    for (;;) if (!(await this.runOnce())) return;
  }

  /** Runs the workers of each lane of the registered job types; the default lane's also prune. */
  start() {
    if (this.running) return;
    this.running = true;
    this.stopping = false;
    let lastPrune = 0;
    const loop = async (lane: string) => {
      while (this.running) {
        let worked = false;
        try {
          if (lane === defaultLane && Date.now() - lastPrune > pruneEveryMs) {
            lastPrune = Date.now();
            await this.prune();
            for (const chore of this.chores) await chore();
          }
          worked = await this.runOnce(lane);
        } catch (error) {
          // A database blip is expected and passes (the manual's outages); anything else is a fault.
          const level = isDatabaseUnavailable(error) ? 'warn' : 'error';
          this.options.log[level]({ err: error, lane }, 'job worker could not claim a job');
        }
        if (!worked && this.running) {
          let timer: NodeJS.Timeout | undefined;
          let wake = () => {};
          await new Promise<void>((resolve) => {
            wake = resolve;
            this.wakes.add(wake);
            timer = setTimeout(resolve, this.pollMs);
          });
          clearTimeout(timer);
          this.wakes.delete(wake);
        }
      }
    };
    const lanes = new Set([
      defaultLane,
      ...[...this.handlers.values()].map((handler) => handler.lane ?? defaultLane),
    ]);
    this.current = Promise.all(
      [...lanes].flatMap((lane) => Array.from({ length: this.workersOf(lane) }, () => loop(lane))),
    );
  }

  /**
   * Stops taking jobs, tells the jobs in hand to stop (a render is killed; the job runs again
   * later) and waits for them to finish.
   */
  async stop() {
    this.running = false;
    this.stopping = true;
    this.wakeUp();
    for (const abort of this.inHand) abort.abort(new JobInterrupted('The server stopped while the job ran'));
    await this.current;
  }
}
