import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, brands } from '../../../../server/db/schema';
import { brandSeeds } from '../../../../server/db/seed-data';
import { testApp } from '../../helpers';
import { actors } from '../organizations/actors';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
let who: Awaited<ReturnType<typeof actors>>;
beforeEach(async () => {
  ctx = await testApp();
  who = await actors(ctx);
});
afterEach(() => ctx.app.close());

const brand = async (slug: string) => (await ctx.db.select().from(brands).where(eq(brands.slug, slug)))[0];
const showcase = (id: number, payload: object) =>
  who.admin({ method: 'PATCH', url: `/api/brands/${id}/showcase`, payload });

describe('brands', () => {
  it('pages the brands table for an Admin', async () => {
    const table = await who.admin({
      method: 'POST',
      url: '/api/brands/table',
      payload: { skip: 0, take: 10 },
    });
    expect(table.json().result.totalFilteredRecords).toBe(brandSeeds.length);
    expect(table.json().result.data).toHaveLength(10);
    const search = await who.admin({
      method: 'POST',
      url: '/api/brands/table',
      payload: { take: 10, allSearch: 'under_armour' },
    });
    expect(search.json().result.data).toEqual([
      { id: expect.any(Number), version: 1, slug: 'under_armour', name: 'Under Armour', isShowcased: false },
    ]);
  });

  it('switches the showcase on and off with PATCH brands/{id}/showcase, audited, and lists it in showcased', async () => {
    const gildan = await brand('gildan');
    expect((await showcase(gildan.id, { isShowcased: true })).json().result).toMatchObject({
      id: gildan.id,
      isShowcased: true,
    });
    const showcased = await who.director({ url: '/api/brands/showcased' });
    expect(showcased.json().result).toEqual([
      { id: gildan.id, slug: 'gildan', name: 'Gildan', isShowcased: true },
    ]);
    await showcase(gildan.id, { isShowcased: false });
    expect((await who.admin({ url: '/api/brands/showcased' })).json().result).toEqual([]);
    const entries = await ctx.db.select().from(auditLog).where(eq(auditLog.entityType, 'brand'));
    expect(entries.map((e) => [e.action, e.details])).toEqual([
      ['showcase', { isShowcased: true, changes: [{ field: 'isShowcased', before: false, after: true }] }],
      ['showcase', { isShowcased: false, changes: [{ field: 'isShowcased', before: true, after: false }] }],
    ]);
  });

  it('refuses a body without isShowcased and an unknown brand', async () => {
    const gildan = await brand('gildan');
    expect((await showcase(gildan.id, {})).json().validationFailures).toEqual([
      { propertyName: 'isShowcased', errorMessage: 'Showcase is required' },
    ]);
    expect((await showcase(99999, { isShowcased: true })).statusCode).toBe(404);
  });

  it('refuses the table and the switch to an AthleticDirector (403) and a visitor (401)', async () => {
    const gildan = await brand('gildan');
    const calls = [
      { method: 'POST', url: '/api/brands/table', payload: {} },
      { method: 'PATCH', url: `/api/brands/${gildan.id}/showcase`, payload: { isShowcased: true } },
    ] as const;
    for (const call of calls) {
      expect((await who.director(call)).statusCode, call.url).toBe(403);
      expect((await who.visitor(call)).statusCode, call.url).toBe(401);
    }
    expect((await who.visitor({ url: '/api/brands/showcased' })).statusCode).toBe(401);
    expect((await brand('gildan')).isShowcased).toBe(false);
  });
});
