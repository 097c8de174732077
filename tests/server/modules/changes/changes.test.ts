import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { changeStreamLimits } from '../../../../contract/changes';
import { buildApp } from '../../../../server/app';
import { testConfig } from '../../../../server/config';
import { pruneChangeLog } from '../../../../server/engine/change-log';
import { createOrganization, signIn, testApp, testDatabase } from '../../helpers';
import { actors } from '../organizations/actors';
import { readServerSentEvents, type ServerSentEvent } from './sse';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
let who: Awaited<ReturnType<typeof actors>>;
let base: string;
const open: AbortController[] = [];
beforeEach(async () => {
  ctx = await testApp();
  who = await actors(ctx);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  for (const controller of open.splice(0)) controller.abort();
  await ctx.app.close();
});

type Event = ServerSentEvent;

/** A `GET /api/changes` stream read as EventSource would, its events collected as they come. */
async function stream(cookie: string | undefined, headers: Record<string, string> = {}, server = base) {
  const controller = new AbortController();
  open.push(controller);
  const response = await fetch(`${server}/api/changes`, {
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    signal: controller.signal,
  });
  const { events, state } = response.ok
    ? readServerSentEvents(response)
    : { events: [] as Event[], state: { ended: true, text: '', lastEventId: '' } };
  return { response, events, state, close: () => controller.abort() };
}

const cookieOf = (email: string) => signIn(ctx.app, email);

const createSetting = (key: string) =>
  who.admin({ method: 'POST', url: '/api/settings', payload: { key, value: 'x', isEnabled: true } });
const changesOf = (events: Event[]) =>
  events.filter((event) => event.event === 'change').map((event) => event.data);

describe('GET /api/changes (live lists)', () => {
  it('tells an Admin of a change: resource, id, action, who and when, a move to the trash and back too', async () => {
    const admin = await stream(await cookieOf('admin@example.com'));
    expect(admin.response.headers.get('content-type')).toContain('text/event-stream');
    const created = (await createSetting('LiveBanner')).json().result;
    await expect
      .poll(() => changesOf(admin.events))
      .toEqual([
        {
          resource: 'settings',
          id: created.id,
          action: 'created',
          version: 1,
          by: { id: expect.any(Number), name: expect.any(String) },
          at: expect.any(String),
        },
      ]);
    await who.admin({ method: 'DELETE', url: `/api/settings/${created.id}` });
    await who.admin({ method: 'POST', url: `/api/settings/${created.id}/restore` });
    await expect
      .poll(() => changesOf(admin.events).map((change) => (change as { action: string }).action))
      .toEqual(['created', 'deleted', 'restored']);
  });

  it("tells an Admin of every change to an account, made through the users module's own routes", async () => {
    const admin = await stream(await cookieOf('admin@example.com'));
    const body = {
      email: 'lee.live@example.com',
      name: { firstName: 'Lee', lastName: 'Live' },
      userRoles: ['Admin'],
      organizationId: null,
      password: '',
      confirmPassword: '',
    };
    const created = (await who.admin({ method: 'POST', url: '/api/users', payload: body })).json().result;
    const renamed = await who.admin({
      method: 'PUT',
      url: `/api/users/${created.id}`,
      payload: { ...body, name: { firstName: 'Lee', lastName: 'Renamed' }, version: created.version },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await who.admin({ method: 'PATCH', url: `/api/users/${created.id}/lock` });
    await who.admin({ method: 'PATCH', url: `/api/users/${created.id}/unlock` });
    const account = (action: string) =>
      expect.objectContaining({ resource: 'users', id: created.id, action, by: expect.any(Object) });
    // The account's invitation e-mail and its job are changes too, of their own lists.
    const accounts = () =>
      changesOf(admin.events).filter((change) => (change as { resource: string }).resource === 'users');
    await expect
      .poll(accounts)
      .toEqual([account('created'), account('updated'), account('updated'), account('updated')]);
  });

  it('tells an Admin of each status a job goes through: queued, running, failed, retried, done', async () => {
    const admin = await stream(await cookieOf('admin@example.com'));
    const director = await stream(await cookieOf('director@example.com'));
    let failures = 1;
    ctx.app.jobs.register('live.flaky', {
      run: async () => {
        if (failures-- > 0) throw new Error('the storefront said 503');
      },
    });
    const job = await ctx.app.jobs.enqueue('live.flaky', {}, ctx.db, { maxAttempts: 1 });
    await ctx.app.jobs.drain();
    const retried = await who.admin({ method: 'POST', url: `/api/jobs/${job.id}/retry` });
    expect(retried.statusCode, retried.body).toBe(200);
    await ctx.app.jobs.drain();
    const system = { id: 0, name: 'Spirit Portal' };
    const jobChange = (action: string, version: number, by: object = system) =>
      expect.objectContaining({ resource: 'jobs', id: job.id, action, version, by });
    await expect
      .poll(() => changesOf(admin.events))
      .toEqual([
        jobChange('created', 1),
        jobChange('updated', 2),
        jobChange('updated', 3),
        jobChange('updated', 4, { id: expect.any(Number), name: expect.any(String) }),
        jobChange('updated', 5),
        jobChange('updated', 6),
      ]);
    // The queue is an Admin's page only.
    expect(changesOf(director.events)).toEqual([]);
  });

  it("never tells an athletic director of Settings or another organization's rows", async () => {
    const director = await stream(await cookieOf('director@example.com'));
    const admin = await stream(await cookieOf('admin@example.com'));
    const other = (await createOrganization(ctx.db, 'Riverside Falcons')).id;
    const order = (organizationId: number, orderNumber: string) => ({
      organizationId,
      collectionId: 'C-1',
      orderNumber,
      customerName: 'Pat Parent',
      customerEmail: 'pat@example.com',
      total: 20,
      status: 'Paid',
    });
    await createSetting('Hidden');
    await who.admin({ method: 'POST', url: '/api/orders', payload: order(other, 'RIV-1') });
    const own = (
      await who.admin({ method: 'POST', url: '/api/orders', payload: order(who.organization.id, 'LIN-1') })
    ).json().result;
    await expect.poll(() => changesOf(admin.events)).toHaveLength(3);
    // Of the three changes, the one order of the director's own organization.
    await expect
      .poll(() => changesOf(director.events))
      .toEqual([expect.objectContaining({ resource: 'orders', id: own.id, action: 'created' })]);
  });

  it('refuses a visitor', async () => {
    expect((await stream(undefined)).response.status).toBe(401);
  });

  it('resumes after Last-Event-ID, and sends reset for an id it no longer holds', async () => {
    const cookie = await cookieOf('admin@example.com');
    const first = await stream(cookie);
    await createSetting('One');
    await expect.poll(() => changesOf(first.events)).toHaveLength(1);
    const lastId = first.events.at(-1)!.id!;
    first.close();
    await createSetting('Two');
    await createSetting('Three');
    const resumed = await stream(cookie, { 'last-event-id': lastId });
    await expect
      .poll(() => changesOf(resumed.events).map((change) => (change as { id: number }).id))
      .toHaveLength(2);
    const unknown = await stream(cookie, { 'last-event-id': '999999' });
    await expect.poll(() => unknown.events.map((event) => event.event)).toEqual(['reset']);
  });

  it('resumes on another server of the database, even one started since, with every change missed', async () => {
    const cookie = await cookieOf('admin@example.com');
    const first = await stream(cookie);
    await createSetting('Seen');
    await expect.poll(() => changesOf(first.events)).toHaveLength(1);
    const lastId = first.events.at(-1)!.id!;
    first.close();
    const missed = [
      (await createSetting('Missed1')).json().result.id,
      (await createSetting('Missed2')).json().result.id,
    ];
    const other = await buildApp(testConfig(), { database: await testDatabase() });
    onTestFinished(() => other.close());
    await other.listen({ port: 0, host: '127.0.0.1' });
    const resumed = await stream(
      cookie,
      { 'last-event-id': lastId },
      `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`,
    );
    await expect
      .poll(() => changesOf(resumed.events).map((change) => (change as { id: number }).id))
      .toEqual(missed);
    expect(resumed.events.map((event) => event.event)).not.toContain('reset');
  });

  it('sends reset when resuming from before the changes the log still keeps', async () => {
    const cookie = await cookieOf('admin@example.com');
    const first = await stream(cookie);
    await createSetting('Old');
    await expect.poll(() => changesOf(first.events)).toHaveLength(1);
    const lastId = first.events.at(-1)!.id!;
    first.close();
    await createSetting('Pruned');
    await createSetting('Kept');
    expect(await pruneChangeLog(ctx.db, { keep: 1 })).toBe(2);
    const resumed = await stream(cookie, { 'last-event-id': lastId });
    await expect.poll(() => resumed.events.map((event) => event.event)).toEqual(['reset']);
    // The reset's id is where the client now stands: resuming from it misses nothing.
    const after = await stream(cookie, { 'last-event-id': resumed.events[0].id! });
    const latest = (await createSetting('Latest')).json().result.id;
    await expect.poll(() => changesOf(after.events)).toEqual([expect.objectContaining({ id: latest })]);
  });

  it('gives an athletic director ids that carry no count of the changes they cannot see', async () => {
    const director = await stream(await cookieOf('director@example.com'));
    const order = (orderNumber: string) => ({
      organizationId: who.organization.id,
      collectionId: 'C-1',
      orderNumber,
      customerName: 'Pat Parent',
      customerEmail: 'pat@example.com',
      total: 20,
      status: 'Paid',
    });
    await who.admin({ method: 'POST', url: '/api/orders', payload: order('LIN-1') });
    await who.admin({ method: 'POST', url: '/api/orders', payload: order('LIN-2') });
    for (const key of ['Hidden1', 'Hidden2', 'Hidden3']) await createSetting(key);
    await who.admin({ method: 'POST', url: '/api/orders', payload: order('LIN-3') });
    await expect.poll(() => changesOf(director.events)).toHaveLength(3);
    const ids = director.events.map((event) => event.id!);
    // Sealed positions: no number to subtract, and each one new, even for the same position.
    expect(ids.filter((id) => /^\d+$/.test(id))).toEqual([]);
    expect(new Set(ids.map((id) => id.length)).size).toBe(1);
    expect(new Set(ids).size).toBe(ids.length);
    // Yet each is a place to resume from: after the first, the two later orders.
    const resumed = await stream(await cookieOf('director@example.com'), { 'last-event-id': ids[0] });
    await expect.poll(() => changesOf(resumed.events)).toHaveLength(2);
  });

  it("moves a quiet reader's id past changes it cannot see, so they do not push it out of the window", async () => {
    const config = testConfig();
    // A heartbeat every half second (half the idle timeout) rather than every 25 s.
    const quick = await buildApp(
      { ...config, http: { ...config.http, idleTimeoutSeconds: 1 } },
      { database: await testDatabase() },
    );
    onTestFinished(() => quick.close());
    await quick.listen({ port: 0, host: '127.0.0.1' });
    const server = `http://127.0.0.1:${(quick.server.address() as AddressInfo).port}`;
    const cookie = await cookieOf('director@example.com');
    const director = await stream(cookie, {}, server);
    await expect.poll(() => director.state.lastEventId).not.toBe('');
    const before = director.state.lastEventId;
    for (const key of ['Hidden1', 'Hidden2', 'Hidden3']) await createSetting(key);
    await pruneChangeLog(ctx.db, { keep: 1 });
    await expect.poll(() => director.state.lastEventId, { timeout: 5_000 }).not.toBe(before);
    const resumed = await stream(cookie, { 'last-event-id': director.state.lastEventId }, server);
    const own = (
      await who.admin({
        method: 'POST',
        url: '/api/orders',
        payload: {
          organizationId: who.organization.id,
          collectionId: 'C-1',
          orderNumber: 'LIN-1',
          customerName: 'Pat Parent',
          customerEmail: 'pat@example.com',
          total: 20,
          status: 'Paid',
        },
      })
    ).json().result;
    await expect
      .poll(() => resumed.events)
      .toEqual([expect.objectContaining({ event: 'change', data: expect.objectContaining({ id: own.id }) })]);
  });

  it('ends the stream within a second of logout', async () => {
    const cookie = await cookieOf('admin@example.com');
    const open = await stream(cookie);
    await ctx.app.inject({ method: 'POST', url: '/api/account/logout', headers: { cookie } });
    await expect
      .poll(() => open.state.ended, { timeout: 1_000 + changeStreamLimits.sessionCheckMs })
      .toBe(true);
  });

  it('ends every stream when the server closes', async () => {
    const open = await stream(await cookieOf('admin@example.com'));
    await ctx.app.close();
    await expect.poll(() => open.state.ended).toBe(true);
  });
});
