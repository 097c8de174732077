import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { importLimits, type ImportUndoStatus } from '../../../contract/import';
import { seesEveryOrganization } from '../../../contract/resource';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { jobs, users } from '../../db/schema';
import type { ResourceEngine } from '../engine';
import { cancelInvitations } from './invitations';
import { type ImportKept, importEntries, undoEntries } from './undo';

/**
 * Undo of a large import is a job of one transaction per `importLimits.undoInRequestRows` of its
 * rows: on the embedded database one transaction holds its one connection, and 10,000 rows in one
 * held every other user's request for the whole Undo. Each part writes how far it got in the same
 * transaction, so the page reads progress from the job and a retry goes on from there.
 */
const importUndoJob = 'import-undo';

interface UndoPayload {
  resource: string;
  importId: string;
  actorId: number;
  total: number;
  /** How many of the import's entries, in order, are undone. */
  next: number;
  removed: number;
  restored: number;
  kept: ImportKept[];
  invitations: { sent: number; cancelled: number };
}

const engines = new Map<string, ResourceEngine>();

export function registerUndoJob(app: FastifyInstance, engine: ResourceEngine) {
  engines.set(engine.definition.name, engine);
  app.jobs.register(importUndoJob, {
    // Parts of 1,000 rows take about a second each; 50,000 rows at a load of 20 stay well inside.
    timeLimitMs: 30 * 60_000,
    run: async (payload, job) => {
      const { resource, importId, actorId } = payload as UndoPayload;
      const undoing = engines.get(resource);
      if (!undoing) throw new Error(`No import is undone for ${resource}`);
      const [actor] = await app.db.select().from(users).where(eq(users.id, actorId));
      if (!actor) throw new Error('The account that asked for this Undo is gone');
      const entries = await importEntries(app.db, undoing, importId);
      let finished = false;
      while (!finished)
        finished = await app.db.transaction(async (transaction) => {
          const tx = transaction as unknown as Db;
          const [row] = await tx.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.id, job.id));
          const state = row.payload as UndoPayload;
          const part = entries.slice(state.next, state.next + importLimits.undoInRequestRows);
          if (part.length === 0) return true;
          const undone = await undoEntries(tx, undoing, actor, part);
          const next: UndoPayload = {
            ...state,
            next: state.next + part.length,
            removed: state.removed + undone.removed,
            restored: state.restored + undone.restored,
            kept: [...state.kept, ...undone.kept],
            invitations: state.next === 0 ? await cancelInvitations(tx, importId) : state.invitations,
          };
          await tx.update(jobs).set({ payload: next }).where(eq(jobs.id, job.id));
          return next.next >= entries.length;
        });
    },
  });
}

/** The latest job undoing the import, unless it is another organization's and the actor sees only theirs. */
async function undoJobOf(db: Db, importId: string, actor: SessionUser) {
  const [job] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.type, importUndoJob), sql`${jobs.payload}->>'importId' = ${importId}`))
    .orderBy(desc(jobs.id))
    .limit(1);
  return job && (seesEveryOrganization(actor.roles) || job.organizationId === actor.organizationId)
    ? job
    : undefined;
}

const statusOf = (job: typeof jobs.$inferSelect): ImportUndoStatus => {
  const { next, total, removed, restored, kept, invitations } = job.payload as UndoPayload;
  if (job.status === 'done')
    return { state: 'done', done: total, total, result: { removed, restored, kept, invitations } };
  if (job.status === 'failed') return { state: 'failed', done: next, total, error: job.lastError ?? '' };
  return { state: 'running', done: next, total };
};

/**
 * Undo in the request for an import of at most `importLimits.undoInRequestRows` rows (one such
 * transaction is about a second), else as the job above, whose status this answers. Asked again
 * while the job runs, or after, it answers that job; after a failed one it goes on from where
 * that stopped.
 */
export async function undoOrQueue(
  app: FastifyInstance,
  engine: ResourceEngine,
  actor: SessionUser,
  importId: string,
) {
  const earlier = await undoJobOf(app.db, importId, actor);
  if (earlier && earlier.status !== 'failed') return statusOf(earlier);
  const entries = await importEntries(app.db, engine, importId);
  if (!earlier && entries.length <= importLimits.undoInRequestRows)
    return app.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const invitations = await cancelInvitations(tx, importId);
      return { ...(await undoEntries(tx, engine, actor, entries)), invitations };
    });
  const payload: UndoPayload = earlier
    ? { ...(earlier.payload as UndoPayload), actorId: actor.id }
    : {
        resource: engine.definition.name,
        importId,
        actorId: actor.id,
        total: entries.length,
        next: 0,
        removed: 0,
        restored: 0,
        kept: [],
        invitations: { sent: 0, cancelled: 0 },
      };
  const job = await app.jobs.enqueue(importUndoJob, payload, app.db, {
    organizationId: actor.organizationId,
  });
  return statusOf(job);
}

/** The job Undo runs for a large import, as far as it got; 404 when there is none. */
export async function undoStatus(db: Db, importId: string, actor: SessionUser) {
  const job = await undoJobOf(db, importId, actor);
  return job ? statusOf(job) : undefined;
}
