import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { settings } from '../../../server/db/schema';
import { createUser, signIn, testApp } from '../helpers';

/** More rows than one export page, with many ties and gaps in the sort column. */
const rowCount = 4_500;

describe('GET /api/settings/export', () => {
  let ctx: Awaited<ReturnType<typeof testApp>>;
  let cookie: string;

  beforeEach(async () => {
    ctx = await testApp();
    await createUser(ctx.db, { email: 'admin@example.com' });
    cookie = await signIn(ctx.app, 'admin@example.com');
    await ctx.db.insert(settings).values(
      Array.from({ length: rowCount }, (_, i) => ({
        key: `key-${String(i).padStart(5, '0')}`,
        value: `value-${i % 7}`,
        isEnabled: i % 3 === 0,
      })),
    );
  });
  afterEach(() => ctx.app.close());

  const keysOf = (csv: string) =>
    csv
      .trim()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[0]);

  it.each([
    ['value', 'ASC'],
    ['value', 'DESC'],
    ['isEnabled', 'DESC'],
  ])('streams every row once, in the table’s order, sorted by %s %s', async (sortField, sortOrder) => {
    const exported = await ctx.app.inject({
      url: `/api/settings/export?sortField=${sortField}&sortOrder=${sortOrder}`,
      headers: { cookie },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const firstPage = await ctx.app.inject({
      method: 'POST',
      url: '/api/settings/table',
      payload: { take: 100, sortField, sortOrder },
      headers: { cookie },
    });
    const keys = keysOf(exported.body);
    expect(keys).toHaveLength(rowCount);
    expect(new Set(keys).size).toBe(rowCount);
    expect(keys.slice(0, 100)).toEqual(firstPage.json().result.data.map((row: { key: string }) => row.key));
  });

  it('applies the search and the filter given in the query', async () => {
    const filter = encodeURIComponent(JSON.stringify({ isEnabled: true }));
    const exported = await ctx.app.inject({
      url: `/api/settings/export?allSearch=value-3&filter=${filter}`,
      headers: { cookie },
    });
    const expected = Array.from({ length: rowCount }, (_, i) => i)
      .filter((i) => i % 7 === 3 && i % 3 === 0)
      .map((i) => `key-${String(i).padStart(5, '0')}`);
    expect(keysOf(exported.body)).toEqual(expected);
  });

  it('refuses a filter that is not JSON or names no filterable field with a 400', async () => {
    for (const filter of ['{not json', JSON.stringify({ value: 'x' })]) {
      const response = await ctx.app.inject({
        url: `/api/settings/export?filter=${encodeURIComponent(filter)}`,
        headers: { cookie },
      });
      expect(response.statusCode, filter).toBe(400);
    }
  });

  it('answers a search the database refuses (a NUL byte) with a 400, not a file cut short', async () => {
    const response = await ctx.app.inject({
      url: `/api/settings/export?allSearch=${encodeURIComponent('key-\u0000')}`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().validationFailures).toHaveLength(1);
  });

  it('keeps a cell a spreadsheet would run as a formula as text', async () => {
    await ctx.db
      .insert(settings)
      .values({ key: 'aaa-formula', value: '=HYPERLINK("https://evil.example")', isEnabled: true });
    const exported = await ctx.app.inject({
      url: '/api/settings/export?allSearch=aaa-formula',
      headers: { cookie },
    });
    expect(exported.body.trim().split('\r\n')[1]).toBe(
      `aaa-formula,"'=HYPERLINK(""https://evil.example"")",true`,
    );
  });
});
