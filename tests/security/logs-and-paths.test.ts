import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import { orders } from '../../server/db/schema';
import {
  createOrganization,
  createUser,
  resetDatabase,
  sessionCookieOf,
  strongPassword,
  testDatabase,
} from '../server/helpers';

/**
 * What the request log keeps (links carry their one-time code in the query string) and
 * which path the cross-site check looks at (routing decodes `%61pi` to `api`; the check must
 * see the same route).
 */
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function appLoggingTo(lines: string[], overrides = {}) {
  const database = await testDatabase();
  await resetDatabase(database);
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = await buildApp(testConfig({ logLevel: 'info', ...overrides }), { database, logStream });
  await app.ready();
  close = () => app.close();
  return { app, db: database.db };
}

describe('the request log at the default level', () => {
  it('keeps paths without their query strings, so no link code or e-mail is logged', async () => {
    const lines: string[] = [];
    const { app } = await appLoggingTo(lines);
    const secret = 'c0de-that-must-not-be-logged';
    await app.inject({
      url: `/api/account/confirm-account-redirect?email=someone%40example.com&code=${secret}`,
    });
    await app.inject({ url: `/reset-password?email=someone%40example.com&code=${secret}` });
    const logged = lines.join('');
    expect(logged).toContain('/api/account/confirm-account-redirect');
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain('someone');
  });
});

describe('the error log', () => {
  it("keeps a failed query's values, a customer's name and e-mail, out of it", async () => {
    const lines: string[] = [];
    const { app, db } = await appLoggingTo(lines);
    const organization = await createOrganization(db);
    const order = {
      organizationId: organization.id,
      collectionId: 'C-1',
      orderNumber: 'SO-1',
      customerName: 'Pat Parent',
      customerEmail: 'pat@example.com',
      total: 10,
      status: 'Paid',
    };
    const failures = [
      { ...order, total: 1e11 },
      // PostgreSQL's detail quotes the row: 'Failing row contains (...)'.
      { ...order, status: null as unknown as string },
    ];
    for (const values of failures) {
      const failed = await db
        .insert(orders)
        .values(values)
        .catch((error: unknown) => error);
      app.log.error({ err: failed }, 'request failed');
    }
    const logged = lines.join('');
    expect(logged).toContain('insert into \\"orders\\"');
    expect(logged).toContain('numeric field overflow');
    expect(logged).toContain('null value in column');
    expect(logged).not.toContain('Pat');
    expect(logged).not.toContain('pat@example.com');
  });
});

describe('the cross-site check', () => {
  it('looks at the route that answers, however its path is encoded', async () => {
    const { app, db } = await appLoggingTo([], { logLevel: 'silent' });
    await createUser(db, { email: 'user@example.com' });
    for (const url of ['/%61pi/account/login', '/api/%61ccount/login', '/api/account/%6Cogin']) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { origin: 'https://evil.example' },
        payload: { email: 'user@example.com', password: strongPassword },
      });
      expect(response.statusCode, url).toBe(403);
      expect(sessionCookieOf(response), url).toBeUndefined();
    }
  });

  it('and the session is read for the same route', async () => {
    const { app, db } = await appLoggingTo([], { logLevel: 'silent' });
    await createUser(db, { email: 'user@example.com' });
    const login = await app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { email: 'user@example.com', password: strongPassword },
    });
    const cookie = `sp_session=${sessionCookieOf(login)!.value}`;
    const me = await app.inject({ url: '/%61pi/account/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
  });
});
