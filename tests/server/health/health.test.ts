import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { testConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/client';
import { databaseUnavailableMessage } from '../../../server/http/error-handler';
import { resetDatabase, testApp, testDatabase } from '../helpers';

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('health probes', () => {
  it('GET /healthz answers while the process is alive, without a session', async () => {
    const { app } = await testApp();
    closers.push(() => app.close());
    const response = await app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: { status: 'alive' } });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('GET /readyz answers 200 when the database is reachable', async () => {
    const { app } = await testApp();
    closers.push(() => app.close());
    const response = await app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      result: { status: 'ready', database: 'reachable', fileStore: 'reachable' },
    });
  });
});

describe('the request log', () => {
  it('leaves out probes that succeed, which come every few seconds, and keeps other requests', async () => {
    const database = await testDatabase();
    await resetDatabase(database);
    const lines: string[] = [];
    const app = await buildApp(testConfig({ logLevel: 'info' }), {
      database,
      logStream: { write: (line) => lines.push(line) },
    });
    closers.push(() => app.close());
    await app.ready();
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/readyz' })).statusCode).toBe(200);
    await app.inject({ url: '/api/account/me' });
    const logged = lines.join('');
    expect(logged).not.toContain('/healthz');
    expect(logged).not.toContain('/readyz');
    expect(logged).toContain('/api/account/me');
  });
});

describe('with the database out of reach', () => {
  async function appWithoutDatabase() {
    // Nothing listens on port 1: every connection is refused, as when the database is down.
    const database = await openDatabase({
      ...testConfig(),
      databaseUrl: 'postgres://postgres@127.0.0.1:1/none',
    });
    const app = await buildApp(testConfig(), { database });
    closers.push(
      () => database.close(),
      () => app.close(),
    );
    return app;
  }

  it('GET /readyz answers 503 with a clear message', async () => {
    const app = await appWithoutDatabase();
    const response = await app.inject({ url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ result: null, message: databaseUnavailableMessage });
    expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('API calls answer 503 with a clear message rather than 500', async () => {
    const app = await appWithoutDatabase();
    const signedIn = await app.inject({
      url: '/api/account/me',
      headers: { cookie: 'sp_session=some-token' },
    });
    expect(signedIn.statusCode).toBe(503);
    expect(signedIn.headers['retry-after']).toBe('5');
    expect(signedIn.json()).toEqual({ result: null, message: databaseUnavailableMessage });
    const login = await app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email: 'admin@example.com', password: 'Str0ng-Passw0rd!' },
    });
    expect(login.statusCode).toBe(503);
  });
});
