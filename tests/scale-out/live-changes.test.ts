import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { readServerSentEvents } from '../server/modules/changes/sse';
import { workerDatabaseUrl } from '../server/helpers';
import { Client, type ServerProcess, startServer } from './servers';

let a: ServerProcess;
let b: ServerProcess;
let sql: pg.Client;
let databaseUrl: string;
const streams: AbortController[] = [];

beforeAll(async () => {
  databaseUrl = await workerDatabaseUrl(inject('postgresUrl'), `live_changes_${Date.now()}`);
  [a, b] = await Promise.all([startServer(databaseUrl), startServer(databaseUrl)]);
  sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
}, 120_000);

afterAll(async () => {
  for (const controller of streams) controller.abort();
  await sql?.end();
  await Promise.all([a?.stop(), b?.stop()]);
});

async function changesOn(server: ServerProcess, client: Client, lastEventId?: string) {
  const controller = new AbortController();
  streams.push(controller);
  const response = await fetch(`${server.url}/api/changes`, {
    headers: { cookie: client.cookie, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const read = readServerSentEvents(response);
  if (!lastEventId) {
    // The first comment block (retry and the current id) says the stream is subscribed.
    await vi.waitFor(() => expect(read.state.text === '' && read.events.length === 0).toBe(true));
  }
  return { ...read, close: () => controller.abort() };
}

const createSetting = async (client: Client, server: ServerProcess, key: string) => {
  const created = await client.call(server, 'POST', '/api/settings', { key, value: 'x', isEnabled: true });
  expect(created.status).toBe(200);
  return created.body.result.id as number;
};

/** Opens a stream on `server`, makes one change there, and leaves with the id of its event. */
async function leaveAfterOneChange(client: Client, server: ServerProcess, key: string) {
  const stream = await changesOn(server, client);
  const id = await createSetting(client, server, key);
  await vi.waitFor(
    () => expect(stream.events.map((event) => event.data)).toContainEqual(expect.objectContaining({ id })),
    {
      timeout: 30_000,
      interval: 50,
    },
  );
  stream.close();
  return stream.events.at(-1)!.id!;
}

/** Only settings: a server starting queues its chores, and the stream rightly carries those jobs too. */
const settingIdsOf = (events: { event?: string; data?: unknown }[]) =>
  events
    .filter((event) => event.event === 'change')
    .map((event) => event.data as { resource: string; id: number })
    .filter((change) => change.resource === 'settings')
    .map((change) => change.id);

describe('live changes across two servers on one PostgreSQL', () => {
  it('a setting created through server A reaches a stream open on server B', async () => {
    const client = new Client();
    await client.signIn(a);
    const onB = await changesOn(b, client);
    const created = await client.call(a, 'POST', '/api/settings', {
      key: 'live-across',
      value: 'from A',
      isEnabled: true,
    });
    expect(created.status).toBe(200);
    await vi.waitFor(
      () =>
        expect(onB.events.map((event) => event.data)).toContainEqual(
          expect.objectContaining({ resource: 'settings', id: created.body.result.id, action: 'created' }),
        ),
      { timeout: 30_000, interval: 50 },
    );
  });

  it("a killed listener connection ends in a reset on the server's streams, never in silence", async () => {
    const client = new Client();
    await client.signIn(a);
    const onB = await changesOn(b, client);
    const killed = await sql.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'listen record_changed%'`,
    );
    expect(killed.rowCount).toBeGreaterThan(0);
    // One reset when the connection goes, one when it is back (a change in between is gone).
    const resets = () => onB.events.filter((event) => event.event === 'reset').length;
    await vi.waitFor(() => expect(resets()).toBe(2), { timeout: 20_000, interval: 50 });
    // And the stream goes on: a change after the reconnect arrives.
    const created = await client.call(a, 'POST', '/api/settings', {
      key: 'live-after-reset',
      value: 'x',
      isEnabled: true,
    });
    expect(created.status).toBe(200);
    await vi.waitFor(
      () =>
        expect(onB.events.map((event) => event.data)).toContainEqual(
          expect.objectContaining({ id: created.body.result.id }),
        ),
      { timeout: 20_000, interval: 50 },
    );
  });

  it('a stream left on server A and resumed on server B gets every change it missed, and no reset', async () => {
    const client = new Client();
    await client.signIn(a);
    const lastId = await leaveAfterOneChange(client, a, 'resume-left-a');
    const missed = [
      await createSetting(client, a, 'resume-missed-1'),
      await createSetting(client, b, 'resume-missed-2'),
      await createSetting(client, a, 'resume-missed-3'),
    ];
    const onB = await changesOn(b, client, lastId);
    await vi.waitFor(() => expect(settingIdsOf(onB.events)).toEqual(missed), {
      timeout: 30_000,
      interval: 50,
    });
    // And on a server that started since (a balancer adding one), the same.
    const c = await startServer(databaseUrl);
    try {
      const onC = await changesOn(c, client, lastId);
      await vi.waitFor(() => expect(settingIdsOf(onC.events)).toEqual(missed), {
        timeout: 30_000,
        interval: 50,
      });
      expect([...onB.events, ...onC.events].map((event) => event.event)).not.toContain('reset');
    } finally {
      await c.stop();
    }
  }, 120_000);

  it('a stream resumed after a restart of both servers gets every change it missed, and no reset', async () => {
    const client = new Client();
    await client.signIn(a);
    const lastId = await leaveAfterOneChange(client, b, 'restart-left');
    const missed = [await createSetting(client, a, 'restart-missed-1')];
    await Promise.all([a.stop(), b.stop()]);
    [a, b] = await Promise.all([startServer(databaseUrl), startServer(databaseUrl)]);
    missed.push(await createSetting(client, b, 'restart-missed-2'));
    const onA = await changesOn(a, client, lastId);
    await vi.waitFor(() => expect(settingIdsOf(onA.events)).toEqual(missed), {
      timeout: 30_000,
      interval: 50,
    });
    expect(onA.events.map((event) => event.event)).not.toContain('reset');
  }, 120_000);
});
