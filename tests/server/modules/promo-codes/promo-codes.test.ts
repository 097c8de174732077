import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, promoCodes } from '../../../../server/db/schema';
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

const spiritWeek = {
  code: 'SPIRIT10',
  name: 'Spirit Week',
  organization: 'Lincoln High School',
  state: 'OH',
  isActive: true,
  description: '10% off',
};
const create = (payload: object) => who.admin({ method: 'POST', url: '/api/promo-codes', payload });

describe('promo codes (Admin only)', () => {
  it('stores name and organization in uppercase and reads the promo back by id', async () => {
    const created = await create(spiritWeek);
    expect(created.statusCode).toBe(200);
    const promo = created.json().result;
    expect(promo).toEqual({
      ...spiritWeek,
      id: expect.any(Number),
      version: 1,
      name: 'SPIRIT WEEK',
      organization: 'LINCOLN HIGH SCHOOL',
    });
    expect((await who.admin({ url: `/api/promo-codes/${promo.id}` })).json()).toEqual({ result: promo });
  });

  it('requires name and organization (at most 100), a US state and isActive', async () => {
    const missing = await create({ code: 'X1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().validationFailures).toEqual(
      expect.arrayContaining([
        { propertyName: 'name', errorMessage: 'Name is required' },
        { propertyName: 'organization', errorMessage: 'Organization is required' },
        { propertyName: 'state', errorMessage: 'State is required' },
        { propertyName: 'isActive', errorMessage: 'Active is required' },
      ]),
    );
    const tooLong = await create({ ...spiritWeek, name: 'n'.repeat(101), organization: 'o'.repeat(101) });
    expect(tooLong.json().validationFailures).toEqual([
      { propertyName: 'name', errorMessage: 'Name must be at most 100 characters' },
      { propertyName: 'organization', errorMessage: 'Organization must be at most 100 characters' },
    ]);
    expect((await create({ ...spiritWeek, state: 'XX' })).statusCode).toBe(400);
    expect(await ctx.db.select().from(promoCodes)).toHaveLength(0);
  });

  it('refuses a code that differs from an existing one only in case', async () => {
    await create(spiritWeek);
    const again = await create({ ...spiritWeek, code: 'spirit10' });
    expect(again.json().validationFailures).toEqual([
      { propertyName: 'code', errorMessage: 'Code is already in use' },
    ]);
  });

  it('updates every field but the id, and toggles Active/Inactive through update-active-status', async () => {
    const { id } = (await create(spiritWeek)).json().result;
    const updated = await who.admin({
      method: 'PUT',
      url: `/api/promo-codes/${id}`,
      payload: { ...spiritWeek, id: 999, name: 'homecoming', state: 'TX' },
    });
    expect(updated.json().result).toMatchObject({ id, name: 'HOMECOMING', state: 'TX' });

    const toggled = await who.admin({
      method: 'PUT',
      url: '/api/promo-codes/update-active-status',
      payload: { id, isActive: false },
    });
    expect(toggled.json().result).toMatchObject({ id, isActive: false });
    const actions = await ctx.db
      .select({ action: auditLog.action, type: auditLog.entityType })
      .from(auditLog);
    expect(actions).toEqual([
      { action: 'create', type: 'promoCode' },
      { action: 'update', type: 'promoCode' },
      { action: 'toggle', type: 'promoCode' },
    ]);
  });

  it('moves a promo code to the trash through DELETE promo-codes?id=', async () => {
    const { id } = (await create(spiritWeek)).json().result;
    expect((await who.admin({ method: 'DELETE', url: '/api/promo-codes' })).statusCode).toBe(400);
    expect((await who.admin({ method: 'DELETE', url: `/api/promo-codes?id=${id}` })).json()).toEqual({
      result: null,
    });
    expect(await ctx.db.select().from(promoCodes)).toEqual([
      expect.objectContaining({ id, deletedAt: expect.any(Date) }),
    ]);
  });

  it('searches the table by code, name, organization and state', async () => {
    await create(spiritWeek);
    await create({ ...spiritWeek, code: 'ROW2026', name: 'Regatta', organization: 'Riverside', state: 'WA' });
    const search = await who.admin({
      method: 'POST',
      url: '/api/promo-codes/table',
      payload: { skip: 0, take: 10, allSearch: 'regatta' },
    });
    expect(search.json().result).toEqual({
      data: [expect.objectContaining({ code: 'ROW2026' })],
      totalFilteredRecords: 1,
    });
  });

  it('refuses an AthleticDirector with 403 and a visitor with 401 on every endpoint', async () => {
    const { id } = (await create(spiritWeek)).json().result;
    const calls = [
      { method: 'POST', url: '/api/promo-codes/table', payload: {} },
      { method: 'GET', url: `/api/promo-codes/${id}` },
      { method: 'POST', url: '/api/promo-codes', payload: { ...spiritWeek, code: 'NEW' } },
      { method: 'PUT', url: `/api/promo-codes/${id}`, payload: spiritWeek },
      { method: 'PUT', url: '/api/promo-codes/update-active-status', payload: { id, isActive: false } },
      { method: 'DELETE', url: `/api/promo-codes?id=${id}` },
    ] as const;
    for (const call of calls) {
      expect((await who.director(call)).statusCode, `${call.method} ${call.url}`).toBe(403);
      expect((await who.visitor(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
    }
    expect(await ctx.db.select().from(promoCodes)).toEqual([expect.objectContaining({ isActive: true })]);
  });
});
