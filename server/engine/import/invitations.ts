import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';
import { badRequest } from '../../errors';
import type { SessionUser } from '../../auth/sessions';
import type { ResourceEngine } from '../engine';
import { scopeCondition } from '../scope';
import { visibleJobError } from '../../jobs';
import type { ModuleImport } from '../types';
import { importEntries } from './undo';

/**
 * What an import sends the people of the rows it created (accounts' invitations) is one job,
 * enqueued in the import's own transaction: it exists exactly when the rows do, a crash midway
 * leaves the rest to the job's retry, and Undo can stop what has not gone yet.
 */
const importInvitationsJob = 'import-invitations';

interface InvitationsPayload {
  resource: string;
  importId: string;
  ids: number[];
  /** How many of `ids` have been sent, in order: a retry goes on from there. */
  sent: number;
  cancelled?: boolean;
  /** Who imported: told when the invitations have gone, or have stopped for good. */
  startedBy?: number;
  /** Set with the notification that they have gone, so a retry does not tell it twice. */
  told?: boolean;
}

type Invitation = NonNullable<ModuleImport['invitation']>;

/** The senders of the resources that invite, by resource name: the one job type serves them all. */
const senders = new Map<string, Invitation>();

export function registerInvitations(app: FastifyInstance, resource: string, invitation: Invitation) {
  senders.set(resource, invitation);
  app.jobs.register(importInvitationsJob, {
    run: async (payload, job) => {
      const { resource: name, ids, sent } = payload as InvitationsPayload;
      const send = senders.get(name);
      if (!send) throw new Error(`No invitation is sent for ${name}`);
      for (let next = sent; next < ids.length; next++) {
        const [current] = await app.db
          .select({ payload: jobs.payload })
          .from(jobs)
          .where(eq(jobs.id, job.id));
        if ((current?.payload as InvitationsPayload | undefined)?.cancelled) return;
        await send.send(app, ids[next]);
        await app.db
          .update(jobs)
          .set({ payload: sql`jsonb_set(${jobs.payload}, '{sent}', ${String(next + 1)}::jsonb)` })
          .where(eq(jobs.id, job.id));
      }
      const { startedBy } = payload as InvitationsPayload;
      if (startedBy)
        await app.db.transaction(async (tx) => {
          const [first] = await tx
            .update(jobs)
            .set({ payload: sql`jsonb_set(${jobs.payload}, '{told}', 'true'::jsonb)` })
            .where(and(eq(jobs.id, job.id), sql`not (${jobs.payload} ? 'told')`))
            .returning({ id: jobs.id });
          if (first)
            await send.notify(tx as unknown as Db, {
              userIds: [startedBy],
              category: 'jobs',
              text: { key: 'jobs.invitationsSent', params: { count: ids.length } },
              link: `/admin/${name}`,
            });
        });
    },
    async gaveUp(payload, job, error) {
      const { resource: name, ids, startedBy } = payload as InvitationsPayload;
      if (!startedBy) return;
      // The payload as the last attempt left it: how far it got.
      const [current] = await app.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.id, job.id));
      const { sent } = (current?.payload ?? payload) as InvitationsPayload;
      // The import's own resource's; another's for a resource this server no longer serves.
      await (senders.get(name) ?? invitation).notify(app.db, {
        userIds: [startedBy],
        category: 'jobs',
        text: {
          key: 'jobs.invitationsFailed',
          params: { sent, count: ids.length, error: visibleJobError(error) },
        },
        link: `/admin/${name}`,
      });
    },
  });
}

/** The invitations of the rows an import created, queued in its transaction. */
export async function enqueueInvitations(
  app: FastifyInstance,
  tx: Db,
  resource: string,
  importId: string,
  ids: number[],
  startedBy: number,
) {
  const payload: InvitationsPayload = { resource, importId, ids, sent: 0, startedBy };
  await app.jobs.enqueue(importInvitationsJob, payload, tx);
}

/**
 * Stops an import's invitations that have not gone, in Undo's transaction, and tells how many
 * had gone and how many will not.
 */
export async function cancelInvitations(tx: Db, importId: string) {
  const [job] = await tx
    .select({ id: jobs.id, payload: jobs.payload, status: jobs.status })
    .from(jobs)
    .where(and(eq(jobs.type, importInvitationsJob), sql`${jobs.payload}->>'importId' = ${importId}`));
  if (!job) return { sent: 0, cancelled: 0 };
  const { ids, sent } = job.payload as InvitationsPayload;
  if (job.status === 'done') return { sent, cancelled: 0 };
  await tx
    .update(jobs)
    .set({ payload: sql`jsonb_set(${jobs.payload}, '{cancelled}', 'true'::jsonb)` })
    .where(eq(jobs.id, job.id));
  return { sent, cancelled: ids.length - sent };
}

const invitationsJobOf = async (db: Db, importId: string) =>
  (
    await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.type, importInvitationsJob), sql`${jobs.payload}->>'importId' = ${importId}`))
  )[0];

/**
 * "Send invitations" on an import committed with `invitations: 'later'`: the job the commit would
 * have queued, for the accounts it created that are still there (not undone, not deleted) within the actor's reach. Once.
 */
export async function sendLater(
  app: FastifyInstance,
  engine: ResourceEngine,
  actor: SessionUser,
  importId: string,
) {
  const created = (await importEntries(app.db, engine, importId))
    .filter((entry) => entry.action === 'create')
    .map((entry) => Number(entry.entityId));
  return app.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    if (await invitationsJobOf(tx, importId))
      throw badRequest('importId', 'The invitations of this import have been sent already');
    const ids: number[] = [];
    for (let start = 0; start < created.length; start += 1000) {
      const rows = await tx
        .select({ id: engine.columns.id })
        .from(engine.table)
        .where(
          and(inArray(engine.columns.id, created.slice(start, start + 1000)), scopeCondition(engine, actor)),
        )
        .orderBy(engine.columns.id);
      ids.push(...rows.map((row) => row.id as number));
    }
    if (ids.length > 0) await enqueueInvitations(app, tx, engine.definition.name, importId, ids, actor.id);
    return ids.length;
  });
}
