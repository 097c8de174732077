import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { testConfig } from '../../../server/config';
import { type Database, openDatabase } from '../../../server/db/client';
import { databaseUnavailableMessage } from '../../../server/http/error-handler';
import { startPostgres } from '../../server/global-setup-postgres';
import { createUser, signIn } from '../../server/helpers';

let postgres: Awaited<ReturnType<typeof startPostgres>>;
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let postmaster: number;

function parentOf(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

function childrenOf(pid: number): number[] {
  const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text ? text.split(/\s+/).map(Number) : [];
}

/** Freezes (or thaws) the whole PostgreSQL server: the postmaster and every backend. */
function signalPostgres(signal: 'SIGSTOP' | 'SIGCONT') {
  for (const pid of [postmaster, ...childrenOf(postmaster)]) process.kill(pid, signal);
}

beforeAll(async () => {
  postgres = await startPostgres();
  const config = testConfig({
    databaseUrl: postgres.url,
    databaseConnectTimeoutSeconds: 1,
    databaseQueryTimeoutSeconds: 2,
  });
  database = await openDatabase(config);
  await database.migrate();
  const backend = await database.db.execute('select pg_backend_pid() as pid');
  postmaster = parentOf(Number((backend as unknown as { rows: { pid: number }[] }).rows[0].pid));
  app = await buildApp(config, { database });
  await app.ready();
}, 120_000);

afterAll(async () => {
  if (postmaster) signalPostgres('SIGCONT');
  await app?.close();
  await database?.close();
  postgres?.stop();
});

/** The answer of one request, timed; a request that outlives `limitMs` fails the test. */
async function timed(
  request: () => Promise<{ statusCode: number; json(): unknown; headers: Record<string, unknown> }>,
  limitMs: number,
) {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${limitMs} ms`)), limitMs);
  });
  try {
    const response = await Promise.race([request(), late]);
    return { response, ms: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

describe('a database that hangs instead of refusing', () => {
  it('answers 503 with Retry-After within seconds while PostgreSQL is frozen, and recovers when it thaws', async () => {
    await createUser(database.db, { email: 'admin@example.com' });
    expect(await signIn(app, 'admin@example.com')).toBeTruthy();
    // Signing in reads the account and counts the attempt: it always needs the database.
    const me = () =>
      app.inject({
        method: 'POST',
        url: '/api/account/login',
        payload: { email: 'admin@example.com', password: 'Not-the-passw0rd!' },
      });
    expect((await me()).statusCode).toBe(200);

    signalPostgres('SIGSTOP');
    try {
      // One request on a pooled connection, then enough at once to need new connections too.
      const answers = await Promise.all(Array.from({ length: 12 }, () => timed(me, 15_000)));
      for (const { response } of answers) {
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ result: null, message: databaseUnavailableMessage });
        expect(response.headers['retry-after']).toBeDefined();
      }
      expect((await timed(() => app.inject({ url: '/readyz' }), 15_000)).response.statusCode).toBe(503);
    } finally {
      signalPostgres('SIGCONT');
    }
    await expect.poll(async () => (await me()).statusCode, { timeout: 30_000, interval: 200 }).toBe(200);
  }, 120_000);
});
