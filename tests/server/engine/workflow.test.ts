import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { campaigns, campaignWorkflow } from '../../../contract/definitions/campaigns';
import { buildApp } from '../../../server/app';
import { auditLog, campaigns as campaignsTable } from '../../../server/db/schema';
import { takeDueTransitions } from '../../../server/engine/workflow';
import { createOrganization, createUser, signIn, testApp, testDatabase } from '../helpers';
import { actors } from '../modules/organizations/actors';
import { testConfig } from '../../../server/config';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
let who: Awaited<ReturnType<typeof actors>>;
beforeEach(async () => {
  ctx = await testApp();
  who = await actors(ctx);
});
afterEach(() => ctx.app.close());

const window = { opensAt: '2026-12-01T14:00:00.000Z', closesAt: '2026-12-14T23:00:00.000Z' };

async function campaign(name = 'Winter spirit week', values: object = window) {
  const created = await who.director({
    method: 'POST',
    url: '/api/campaigns',
    payload: { name, organizationId: who.organization.id, ...values },
  });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().result as { id: number; version: number; state: string };
}

const step = (call: typeof who.admin, id: number, name: string, payload: object = {}) =>
  call({ method: 'POST', url: `/api/campaigns/${id}/transitions/${name}`, payload });

const stateOf = async (id: number) =>
  (await ctx.db.select().from(campaignsTable).where(eq(campaignsTable.id, id)))[0].state;

describe('workflow states in a definition (campaigns)', () => {
  it('starts a record in the initial state, which no create or update body sets', async () => {
    const created = await campaign();
    expect(created.state).toBe(campaignWorkflow.initial);
    const sneaky = await who.director({
      method: 'POST',
      url: '/api/campaigns',
      payload: { name: 'Already open', organizationId: who.organization.id, ...window, state: 'open' },
    });
    // As every read-only field: what a body says of it is ignored.
    expect(sneaky.statusCode, sneaky.body).toBe(200);
    expect(sneaky.json().result.state).toBe('scheduled');
    const update = await who.director({
      method: 'PUT',
      url: `/api/campaigns/${created.id}`,
      payload: {
        name: 'Winter spirit week',
        organizationId: who.organization.id,
        ...window,
        state: 'sentToPrint',
      },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(await stateOf(created.id)).toBe('scheduled');
  });

  it('takes each transition only from its states, naming where the record stands', async () => {
    const { id } = await campaign();
    const early = await step(who.director, id, 'sendToPrint');
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().validationFailures).toEqual([
      { propertyName: 'state', errorMessage: 'Send to print is not possible: it is Scheduled' },
    ]);
    for (const [name, to] of [
      ['open', 'open'],
      ['close', 'closed'],
      ['sendToPrint', 'sentToPrint'],
    ]) {
      const taken = await step(who.director, id, name);
      expect(taken.statusCode, taken.body).toBe(200);
      expect(taken.json().result.state).toBe(to);
    }
    expect(await stateOf(id)).toBe('sentToPrint');
    expect((await step(who.director, id, 'open')).statusCode).toBe(400);
  });

  it('refuses a role the transition does not list, and another school’s record, changing nothing', async () => {
    const { id } = await campaign();
    expect((await step(who.visitor, id, 'open')).statusCode).toBe(401);
    const other = await createOrganization(ctx.db, 'Roosevelt High School');
    await createUser(ctx.db, {
      email: 'other-director@example.com',
      roles: ['AthleticDirector'],
      organizationId: other.id,
    });
    await createUser(ctx.db, { email: 'nobody@example.com', roles: [] });
    const as = (cookie: string) => (options: Parameters<typeof who.admin>[0]) =>
      ctx.app.inject({ ...options, headers: { cookie } });
    const otherDirector = as(await signIn(ctx.app, 'other-director@example.com'));
    const roleless = as(await signIn(ctx.app, 'nobody@example.com'));
    expect((await step(roleless, id, 'open')).statusCode).toBe(403);
    expect((await step(otherDirector, id, 'open')).statusCode).toBe(404);
    expect(await stateOf(id)).toBe('scheduled');
    expect((await step(who.admin, id, 'open')).statusCode).toBe(200);
  });

  it('refuses a stale version with 409 and leaves the state', async () => {
    const { id, version } = await campaign();
    const renamed = await who.director({
      method: 'PUT',
      url: `/api/campaigns/${id}`,
      payload: { name: 'Renamed', organizationId: who.organization.id, ...window, version },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const stale = await step(who.director, id, 'open', { version });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(await stateOf(id)).toBe('scheduled');
  });

  it('records each step in the history and the audit log, with the state before and after', async () => {
    const { id } = await campaign();
    await step(who.director, id, 'open');
    const history = await who.director({ method: 'GET', url: `/api/campaigns/${id}/history` });
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().result[0]).toMatchObject({
      action: 'transition',
      transition: 'open',
      changes: [{ field: 'state', before: 'scheduled', after: 'open' }],
    });
    // The history's undo cannot bring a state back: only transitions change it.
    const revert = await who.director({
      method: 'POST',
      url: `/api/campaigns/${id}/revert`,
      payload: { auditId: history.json().result[0].id },
    });
    expect(revert.statusCode).toBe(400);
    expect(await stateOf(id)).toBe('open');
  });

  it('refuses a window that closes before it opens', async () => {
    const response = await who.director({
      method: 'POST',
      url: '/api/campaigns',
      payload: {
        name: 'Backwards',
        organizationId: who.organization.id,
        opensAt: window.closesAt,
        closesAt: window.opensAt,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().validationFailures).toEqual([
      { propertyName: 'closesAt', errorMessage: 'Closes at must not be before Opens at' },
    ]);
  });

  it('serves each transition a role takes in OpenAPI, none for the clock alone', async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const name of Object.keys(campaigns.workflow!.transitions))
      expect(spec.paths[`/api/campaigns/{id}/transitions/${name}`]?.post).toBeDefined();
  });
});

describe('the clock takes scheduled transitions', () => {
  it('opens and closes a window at its times, not before, with the clock moved', async () => {
    const { id } = await campaign();
    const engines = ctx.app.resourceEngines;
    expect(await takeDueTransitions(ctx.db, engines, new Date('2026-12-01T13:59:59Z'))).toBe(0);
    expect(await stateOf(id)).toBe('scheduled');
    expect(await takeDueTransitions(ctx.db, engines, new Date('2026-12-01T14:00:00Z'))).toBe(1);
    expect(await stateOf(id)).toBe('open');
    expect(await takeDueTransitions(ctx.db, engines, new Date('2026-12-10T00:00:00Z'))).toBe(0);
    expect(await takeDueTransitions(ctx.db, engines, new Date('2026-12-15T00:00:00Z'))).toBe(1);
    expect(await stateOf(id)).toBe('closed');
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'campaign'), eq(auditLog.action, 'transition')))
      .limit(1);
    expect(entry.actorUserId).toBeNull();
  });

  it('takes each step exactly once with two servers sweeping at once and a restart between', async () => {
    const names = Array.from({ length: 12 }, (_, index) => `Window ${index + 1}`);
    const ids = [];
    for (const name of names) ids.push((await campaign(name)).id);
    const database = await testDatabase();
    const second = await buildApp(testConfig(), { database });
    await second.ready();
    const opening = new Date('2026-12-01T14:00:00Z');
    const taken = await Promise.all([
      takeDueTransitions(ctx.db, ctx.app.resourceEngines, opening),
      takeDueTransitions(second.db, second.resourceEngines, opening),
    ]);
    expect(taken[0] + taken[1]).toBe(ids.length);
    await second.close();
    // A server started afresh closes what the others opened.
    const third = await buildApp(testConfig(), { database });
    await third.ready();
    expect(await takeDueTransitions(third.db, third.resourceEngines, new Date('2026-12-15T00:00:00Z'))).toBe(
      ids.length,
    );
    await third.close();
    const steps = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'campaign'), eq(auditLog.action, 'transition')));
    expect(steps).toHaveLength(ids.length * 2);
    for (const id of ids) expect(await stateOf(id)).toBe('closed');
  });
});
