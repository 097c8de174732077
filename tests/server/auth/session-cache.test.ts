import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { SessionStore } from '../../../server/auth/sessions';
import type { Database } from '../../../server/db/client';
import { recoveryCodes, sessions, users } from '../../../server/db/schema';
import { consumeRecoveryCode, replaceRecoveryCodes } from '../../../server/auth/recovery-codes';
import { createUser, resetDatabase, testDatabase } from '../helpers';

let database: Database;
let store: SessionStore;
const stores: SessionStore[] = [];

async function newStore(cache = { ttlMs: 60_000, maxEntries: 100 }) {
  const created = new SessionStore(database.db, 15, { cache });
  stores.push(created);
  await created.ready();
  return created;
}

beforeEach(async () => {
  database = await testDatabase();
  await resetDatabase(database);
  store = await newStore();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(stores.splice(0).map((s) => s.close()));
});

/** Counts the database reads a lookup makes: a session served from memory makes none. */
async function readsDuring(action: () => Promise<unknown>) {
  const select = vi.spyOn(database.db, 'select');
  await action();
  const calls = select.mock.calls.length;
  select.mockRestore();
  return calls;
}

async function signedIn(email = 'admin@example.com') {
  const user = await createUser(database.db, { email });
  const { token } = await store.create(user.id, 'full', false);
  return { user, token };
}

describe('the in-memory session cache', () => {
  it('serves a validated session from memory on the next request', async () => {
    const { token, user } = await signedIn();
    expect(await readsDuring(() => store.find(token))).toBe(1);
    let again: Awaited<ReturnType<SessionStore['find']>>;
    expect(await readsDuring(async () => (again = await store.find(token)))).toBe(0);
    expect(again?.user.id).toBe(user.id);
  });

  it('ends a session revoked by any process, including a plain SQL delete, at once', async () => {
    const { token } = await signedIn();
    const other = await newStore();
    expect(await store.find(token)).toBeDefined();
    expect(await other.find(token)).toBeDefined();
    await database.db.delete(sessions);
    // On PostgreSQL the notice crosses a connection; it is a matter of a millisecond.
    await expect.poll(() => store.find(token), { timeout: 2000, interval: 5 }).toBeUndefined();
    await expect.poll(() => other.find(token), { timeout: 2000, interval: 5 }).toBeUndefined();
  });

  it('ends the session on this process with no delay when revoked through the store', async () => {
    const { token } = await signedIn();
    const auth = await store.find(token);
    await store.revoke(auth!.sessionId);
    expect(await store.find(token)).toBeUndefined();
  });

  it('revokes every other session of a user and keeps the current one', async () => {
    const { token, user } = await signedIn();
    const { token: second } = await store.create(user.id, 'full', false);
    const current = await store.find(token);
    expect(await store.find(second)).toBeDefined();
    await store.revokeAllForUser(user.id, current!.sessionId);
    expect(await store.find(second)).toBeUndefined();
    expect(await store.find(token)).toBeDefined();
  });

  it('sees a change to the user, such as a new role, on the following lookups', async () => {
    const { token, user } = await signedIn();
    expect((await store.find(token))?.user.roles).toEqual(['Admin']);
    await database.db
      .update(users)
      .set({ roles: ['AthleticDirector'] })
      .where(eq(users.id, user.id));
    await expect
      .poll(async () => (await store.find(token))?.user.roles, { timeout: 2000, interval: 5 })
      .toEqual(['AthleticDirector']);
  });

  it('carries the count of unused recovery codes, kept exact when codes are made, used or deleted', async () => {
    const { token, user } = await signedIn();
    expect((await store.find(token))?.recoveryCodesLeft).toBe(0);
    const [first] = await replaceRecoveryCodes(database.db, user.id);
    const left = async () => (await store.find(token))?.recoveryCodesLeft;
    await expect.poll(left, { timeout: 2000, interval: 5 }).toBe(10);
    expect(await consumeRecoveryCode(database.db, user.id, first)).toBe(true);
    await expect.poll(left, { timeout: 2000, interval: 5 }).toBe(9);
    await database.db.delete(recoveryCodes);
    await expect.poll(left, { timeout: 2000, interval: 5 }).toBe(0);
  });

  it('ends the sessions of a user locked by any process', async () => {
    const { token, user } = await signedIn();
    expect(await store.find(token)).toBeDefined();
    await database.db.update(users).set({ isLocked: true }).where(eq(users.id, user.id));
    await expect.poll(() => store.find(token), { timeout: 2000, interval: 5 }).toBeUndefined();
  });

  it('does not serve a session past its expiry from memory', async () => {
    const { token } = await signedIn();
    const auth = await store.find(token);
    auth!.expiresAt = new Date(Date.now() - 1);
    // Shares nothing with what it handed out: the cached copy still expires in the future.
    expect(await readsDuring(() => store.find(token))).toBe(0);
    await database.db.execute(sql`update sessions set expires_at = now() - interval '1 second'`);
    await expect.poll(() => store.find(token), { timeout: 2000, interval: 5 }).toBeUndefined();
  });

  it('keeps at most maxEntries sessions, dropping the least recently used', async () => {
    const small = await newStore({ ttlMs: 60_000, maxEntries: 2 });
    const user = await createUser(database.db, { email: 'admin@example.com' });
    const tokens = await Promise.all([1, 2, 3].map(() => small.create(user.id, 'full', false)));
    for (const { token } of tokens) await small.find(token);
    expect(await readsDuring(() => small.find(tokens[0].token))).toBe(1);
    expect(await readsDuring(() => small.find(tokens[2].token))).toBe(0);
  });

  it('reads the database again once the time to live has passed', async () => {
    const brief = await newStore({ ttlMs: 1, maxEntries: 10 });
    const user = await createUser(database.db, { email: 'admin@example.com' });
    const { token } = await brief.create(user.id, 'full', false);
    await brief.find(token);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await readsDuring(() => brief.find(token))).toBe(1);
  });

  it.runIf(Boolean(inject('postgresUrl')))(
    'stops caching while its PostgreSQL listener is cut off, and resumes once reconnected',
    async () => {
      const { token } = await signedIn();
      await store.find(token);
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where query ilike 'listen%' and datname = current_database()`,
      );
      await expect.poll(() => readsDuring(() => store.find(token)), { timeout: 2000, interval: 10 }).toBe(1);
      await expect.poll(() => readsDuring(() => store.find(token)), { timeout: 5000, interval: 50 }).toBe(0);
    },
  );
});
