import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { readServerSentEvents } from '../server/modules/changes/sse';
import { workerDatabaseUrl } from '../server/helpers';
import { Client, type ServerProcess, startServer } from './servers';

let a: ServerProcess;
let b: ServerProcess;
let sql: pg.Client;
const streams: AbortController[] = [];

beforeAll(async () => {
  const databaseUrl = await workerDatabaseUrl(inject('postgresUrl'), `live_changes_${Date.now()}`);
  [a, b] = await Promise.all([startServer(databaseUrl), startServer(databaseUrl)]);
  sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
}, 120_000);

afterAll(async () => {
  for (const controller of streams) controller.abort();
  await sql?.end();
  await Promise.all([a?.stop(), b?.stop()]);
});

async function changesOn(server: ServerProcess, client: Client) {
  const controller = new AbortController();
  streams.push(controller);
  const response = await fetch(`${server.url}/api/changes`, {
    headers: { cookie: client.cookie },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const read = readServerSentEvents(response);
  // The first comment block (retry and the current id) says the stream is subscribed.
  await vi.waitFor(() => expect(read.state.text === '' && read.events.length === 0).toBe(true));
  return read;
}

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
      { timeout: 10_000, interval: 50 },
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
});
