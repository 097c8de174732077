import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../../server/db/schema';
import { searchCondition } from '../../../server/http/table';
import { createUser, signIn, testApp } from '../helpers';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
beforeEach(async () => {
  ctx = await testApp();
});
afterEach(() => ctx.app.close());

const usersPrefix = {
  searchColumn: users.searchText,
  prefixColumns: [users.searchText, sql`lower(${users.firstName})`, sql`lower(${users.lastName})`],
};

async function search(allSearch: string) {
  const cookie = await signIn(ctx.app, 'admin@example.com');
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/users/table',
    headers: { cookie },
    payload: { skip: 0, take: 100, allSearch },
  });
  expect(response.statusCode).toBe(200);
  const { data, totalFilteredRecords } = response.json().result as {
    data: { email: string }[];
    totalFilteredRecords: number;
  };
  expect(totalFilteredRecords).toBe(data.length);
  return data.map((row) => row.email).sort();
}

describe('searching the users table with a short term', () => {
  beforeEach(async () => {
    await createUser(ctx.db, { email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin' });
    await createUser(ctx.db, { email: 'jo@example.com', firstName: 'Pat', lastName: 'Doe' });
    await createUser(ctx.db, { email: 'pat@example.com', firstName: 'Joanna', lastName: 'Doe' });
    await createUser(ctx.db, { email: 'sam@example.com', firstName: 'Sam', lastName: 'Jones' });
    await createUser(ctx.db, { email: 'major@example.com', firstName: 'Max', lastName: 'Major' });
  });

  it('matches one- and two-character terms at the start of the e-mail, first name or last name', async () => {
    expect(await search('Jo')).toEqual(['jo@example.com', 'pat@example.com', 'sam@example.com']);
    expect(await search('m')).toEqual(['major@example.com']);
  });

  it('matches three characters and more anywhere, as before', async () => {
    expect(await search('jor')).toEqual(['major@example.com']);
    expect(await search('example')).toHaveLength(5);
  });

  it('treats % and _ in a short term as plain characters', async () => {
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
  });

  it('answers a short term through the prefix indexes, never by reading the whole table', async () => {
    const plan = await ctx.db.transaction(async (tx) => {
      // Five rows are cheaper to scan than to look up; forbid that so the plan shows the indexes.
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = (await tx.execute(
        sql`explain select count(*) from ${users} where ${searchCondition(usersPrefix, 'jo')}`,
      )) as unknown as { rows: Record<string, string>[] };
      return result.rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toContain('users_search_prefix_idx');
    expect(plan).toContain('users_first_name_prefix_idx');
    expect(plan).toContain('users_last_name_prefix_idx');
    expect(plan).not.toContain('Seq Scan');
  });
});
