import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { conflictBodySchema, resultOf, versionInput } from '../../contract/common';
import { idSchema, rowSchemaOf } from '../../contract/resource';
import { roles } from '../../contract/roles';
import {
  commentMax,
  commentRequiredMessage,
  notFromMessage,
  type Transition,
  type Workflow,
} from '../../contract/workflow';
import { currentUser } from '../auth/guards';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/client';
import { badRequest, forbidden, HttpError } from '../errors';
import type { ResourceEngine } from './engine';
import { resourceSchema, staleWriteDescription } from './openapi';
import { rowCondition } from './scope';
import type { Values } from './types';
import { nextVersion } from './versions';

export const transitionBodySchema = z.object({
  version: versionInput,
  comment: z
    .string({ error: 'Comment must be text' })
    .max(commentMax, `Comment must be at most ${commentMax} characters`)
    .optional(),
});

/**
 * The clock as the one who takes a scheduled transition: it reaches every organization's rows and
 * is no account (the audit row's actor is empty, the history says "Schedule").
 */
const clockActor = {
  id: null,
  firstName: 'Schedule',
  lastName: '',
  email: '',
  roles: [roles.admin],
  organizationId: null,
} as unknown as SessionUser;

/**
 * Takes one transition of one record within the actor's reach, in the change's transaction: the
 * row is locked and its state checked there, so of two people (or two servers' clocks) taking a
 * step at once exactly one does and the other is told where the record now stands.
 */
function takeTransition(
  db: Db,
  engine: ResourceEngine,
  actor: SessionUser,
  id: number,
  name: string,
  body: z.output<typeof transitionBodySchema> = {},
) {
  const workflow = engine.definition.workflow!;
  const transition = workflow.transitions[name];
  const comment = body.comment?.trim() || undefined;
  if (transition.comment === 'required' && !comment) throw badRequest('comment', commentRequiredMessage);
  const condition = rowCondition(engine, actor, id);
  const state = engine.columns[workflow.field];
  return engine.change(
    db,
    actor,
    'transition',
    async (tx) => {
      const [current] = await tx.select(engine.select).from(engine.table).where(condition).for('update');
      if (!current) return undefined;
      if (body.version !== undefined && current.version !== body.version)
        await engine.staleVersion(tx, actor, condition, id);
      const from = current[workflow.field] as string;
      if (!transition.from.includes(from))
        throw badRequest(workflow.field, notFromMessage(workflow, transition, from));
      const [written] = await tx
        .update(engine.table)
        .set({ [workflow.field]: transition.to, version: nextVersion(engine.columns.version) } as never)
        .where(and(eq(engine.columns.id, id), eq(state, from)))
        .returning(engine.select);
      return written;
    },
    { id, values: { [workflow.field]: transition.to }, transition: { transition: name, comment } },
  );
}

/**
 * Each transition of the definition's workflow a role may take, as `POST {path}/:id/transitions/{name}`
 * with `{ version?, comment? }`: 403 for a role it does not list, 404 outside the actor's reach,
 * 400 from a state it does not leave (naming the state) or without a required comment, 409 on a
 * stale version. A transition only the clock takes has no route. `prefix` is the resource's path
 * as the registering plugin sees it (`/api/campaigns` at the root, empty inside a module's own).
 */
export function registerWorkflow(app: FastifyInstance, engine: ResourceEngine, prefix: string) {
  const { definition } = engine;
  const workflow = definition.workflow;
  if (!workflow) return;
  for (const [name, transition] of Object.entries(workflow.transitions)) {
    if (transition.roles.length === 0) continue;
    app.route({
      method: 'POST',
      url: `${prefix}/:id/transitions/${name}`,
      onRequest: async (request) => {
        if (!transition.roles.some((role) => currentUser(request).roles.includes(role))) throw forbidden();
      },
      schema: resourceSchema(definition, {
        summary: `${transition.label} (${definition.label.one})`,
        description: `${describe(workflow, transition)} ${staleWriteDescription}`,
        params: z.object({ id: idSchema }),
        body: transitionBodySchema,
        response: {
          200: resultOf(rowSchemaOf(definition)),
          409: conflictBodySchema(rowSchemaOf(definition)),
        },
      }),
      handler: async (request) => {
        const { id } = request.params as { id: number };
        const body = request.body as z.output<typeof transitionBodySchema>;
        return { result: await takeTransition(app.db, engine, currentUser(request), id, name, body) };
      },
    });
  }
}

const describe = (workflow: Workflow, transition: Transition) =>
  `From ${transition.from.map((state) => workflow.states[state].label).join(' or ')} to ` +
  `${workflow.states[transition.to].label}, by ${transition.roles.join(' or ')}` +
  `${transition.comment === 'required' ? ', with a comment' : ''}.`;

/** How many due records one sweep takes per transition; the next sweep takes the rest. */
const sweepBatch = 100;

/**
 * Takes every scheduled transition whose instant has passed by `now`: a store window opens, then
 * closes. Any number of servers may sweep at once and a server may restart between sweeps: each
 * record's step is taken once, by whichever sweep locks it first (`takeTransition`).
 */
export async function takeDueTransitions(db: Db, engines: readonly ResourceEngine[], now = new Date()) {
  let taken = 0;
  for (const engine of engines) {
    const workflow = engine.definition.workflow;
    if (!workflow) continue;
    for (const [name, transition] of Object.entries(workflow.transitions)) {
      if (!transition.at) continue;
      const due = await db
        .select({ id: engine.columns.id })
        .from(engine.table)
        .where(
          and(
            inArray(engine.columns[workflow.field], [...transition.from]),
            lte(engine.columns[transition.at], now),
            engine.definition.trash ? isNull(engine.columns.deletedAt) : undefined,
          ),
        )
        .orderBy(engine.columns[transition.at])
        .limit(sweepBatch);
      for (const { id } of due as Values[]) {
        try {
          await takeTransition(db, engine, clockActor, id as number, name);
          taken++;
        } catch (error) {
          // Another server's sweep took it first: its state has moved on.
          if (!(error instanceof HttpError && error.statusCode === 400)) throw error;
        }
      }
    }
  }
  return taken;
}

/**
 * Sweeps for due transitions every `everyMs` while the server runs; a failed sweep (the database
 * away for a moment) is logged and the next one tries again.
 */
export function scheduleWorkflowClock(
  db: Db,
  engines: readonly ResourceEngine[],
  log: FastifyBaseLogger,
  everyMs: number,
) {
  if (
    !engines.some((engine) => Object.values(engine.definition.workflow?.transitions ?? {}).some((t) => t.at))
  )
    return () => {};
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = takeDueTransitions(db, engines).catch((error: unknown) =>
      log.warn({ err: error }, 'scheduled transitions could not be taken; the next sweep tries again'),
    );
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
