import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../server/db/client';
import { users } from '../../../server/db/schema';
import { TableCounts, tablesWithChangeNotices } from '../../../server/http/table-counts';
import { createUser, resetDatabase, signIn, testApp, testDatabase } from '../helpers';

let database: Database;
let counts: TableCounts;

beforeEach(async () => {
  database = await testDatabase();
  await resetDatabase(database);
  counts = new TableCounts(database.db, { ttlMs: 60_000, maxEntries: 10 });
  await counts.ready();
});
afterEach(() => counts.close());

const countUsers = async () =>
  (
    (await database.db.execute(sql`select count(*)::int as n from users`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0].n;

/**
 * Waits until the notice of a change to users has reached `counts`: the `probe` count kept
 * before the change (0) is forgotten then, so counting it again gives the new one.
 */
const noticeOfUsersArrived = () =>
  expect.poll(() => counts.count('users', 'probe', countUsers), { timeout: 10_000, interval: 5 }).toBe(1);

describe('the count of a table query kept in memory', () => {
  it('is counted once and then answered from memory', async () => {
    await createUser(database.db, { email: 'a@example.com' });
    const countNow = vi.fn(countUsers);
    expect(await counts.count('users', 'all users', countNow)).toBe(1);
    // On PostgreSQL the notice of the insert above may still be on its way and drop the first.
    const answeredFromMemory = async () => {
      const before = countNow.mock.calls.length;
      expect(await counts.count('users', 'all users', countNow)).toBe(1);
      return countNow.mock.calls.length === before;
    };
    await expect.poll(answeredFromMemory, { timeout: 2000, interval: 20 }).toBe(true);
  });

  it('is counted again after any change to the table, made by any process or by hand in SQL', async () => {
    await createUser(database.db, { email: 'a@example.com' });
    const countNow = vi.fn(countUsers);
    await counts.count('users', 'all users', countNow);
    await database.db.execute(sql`insert into users (email, normalized_email, username, security_stamp)
      values ('b@example.com', 'b@example.com', 'b@example.com', 'stamp')`);
    await expect
      .poll(() => counts.count('users', 'all users', countNow), { timeout: 2000, interval: 5 })
      .toBe(2);
    await database.db.delete(users).where(sql`${users.email} = 'b@example.com'`);
    await expect
      .poll(() => counts.count('users', 'all users', countNow), { timeout: 2000, interval: 5 })
      .toBe(1);
  });

  it("keeps other tables' counts when one table changes", async () => {
    const brands = vi.fn(async () => 7);
    await counts.count('brands', 'all brands', brands);
    await counts.count('users', 'probe', countUsers);
    await createUser(database.db, { email: 'a@example.com' });
    await noticeOfUsersArrived();
    expect(await counts.count('brands', 'all brands', brands)).toBe(7);
    expect(brands).toHaveBeenCalledTimes(1);
  });

  it('counts again when the query asks for a refresh', async () => {
    const countNow = vi.fn(async () => 3);
    await counts.count('users', 'all users', countNow);
    await counts.count('users', 'all users', countNow, { fresh: true });
    expect(countNow).toHaveBeenCalledTimes(2);
  });

  it('never keeps the count of a table no trigger watches', async () => {
    const countNow = vi.fn(async () => 3);
    await counts.count('rate_limits', 'all limits', countNow);
    await counts.count('rate_limits', 'all limits', countNow);
    expect(countNow).toHaveBeenCalledTimes(2);
  });

  it('does not keep a count that raced with a change to its table', async () => {
    let finish!: (n: number) => void;
    const slow = counts.count(
      'users',
      'all users',
      () => new Promise<number>((resolve) => (finish = resolve)),
    );
    await counts.count('users', 'probe', countUsers);
    await createUser(database.db, { email: 'a@example.com' });
    await noticeOfUsersArrived();
    finish(0);
    expect(await slow).toBe(0);
    const countNow = vi.fn(countUsers);
    expect(await counts.count('users', 'all users', countNow)).toBe(1);
    expect(countNow).toHaveBeenCalledTimes(1);
  });

  it('has a change trigger on every table it keeps counts of', async () => {
    const result = (await database.db.execute(
      sql`select c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
          where t.tgname = c.relname || '_table_change'`,
    )) as unknown as { rows: { name: string }[] };
    expect(result.rows.map((row) => row.name).sort()).toEqual([...tablesWithChangeNotices].sort());
  });
});

describe('POST /api/users/table with kept counts', () => {
  it('counts a search once while paging through it', async () => {
    const ctx = await testApp();
    try {
      await createUser(ctx.db, { email: 'admin@example.com' });
      const cookie = await signIn(ctx.app, 'admin@example.com');
      const page = (skip: number) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/users/table',
          headers: { cookie },
          payload: { skip, take: 10, allSearch: 'admin' },
        });
      await page(0);
      const client = (ctx.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
      const counted = async () => {
        const query = vi.spyOn(client, 'query');
        expect((await page(10)).json().result.totalFilteredRecords).toBe(1);
        const statements = query.mock.calls.map((call) => JSON.stringify(call[0]));
        query.mockRestore();
        return statements.filter((statement) => statement.includes('count(*)')).length;
      };
      // The page is read every time; the count only until it is kept.
      await expect.poll(counted, { timeout: 2000, interval: 20 }).toBe(0);
    } finally {
      await ctx.app.close();
    }
  });

  it('shows an account created through the API in the very next count', async () => {
    const ctx = await testApp();
    try {
      await createUser(ctx.db, { email: 'admin@example.com' });
      const cookie = await signIn(ctx.app, 'admin@example.com');
      const table = async () =>
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/users/table',
            headers: { cookie },
            payload: { skip: 0, take: 10 },
          })
        ).json().result.totalFilteredRecords;
      expect(await table()).toBe(1);
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { cookie },
        payload: {
          email: 'new@example.com',
          name: { firstName: 'New', lastName: 'Person' },
          userRoles: ['Admin'],
          organizationId: null,
        },
      });
      expect(created.statusCode).toBe(200);
      expect(await table()).toBe(2);
    } finally {
      await ctx.app.close();
    }
  });
});
