import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, settings } from '../../../../server/db/schema';
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

const create = (payload: object) => who.admin({ method: 'POST', url: '/api/settings', payload });

describe('settings (Admin only)', () => {
  it('creates a setting, reads it by id and by key, and writes the audit log', async () => {
    const created = await create({ key: 'ShopBanner', value: 'Back to school', isEnabled: true });
    expect(created.statusCode).toBe(200);
    const setting = created.json().result;
    expect(setting).toEqual({
      id: expect.any(Number),
      version: 1,
      key: 'ShopBanner',
      value: 'Back to school',
      isEnabled: true,
    });

    const byId = await who.admin({ url: `/api/settings/${setting.id}` });
    const byKey = await who.admin({ url: '/api/settings/ShopBanner' });
    expect(byId.json()).toEqual({ result: setting });
    expect(byKey.json()).toEqual({ result: setting });

    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.entityType, 'setting'));
    expect(entry).toMatchObject({ action: 'create', entityId: String(setting.id) });
  });

  it('answers 404 for an unknown id or key', async () => {
    expect((await who.admin({ url: '/api/settings/999' })).statusCode).toBe(404);
    expect((await who.admin({ url: '/api/settings/NoSuchKey' })).statusCode).toBe(404);
  });

  it('requires key (at most 100), value and isEnabled, and changes nothing on a 400', async () => {
    const missing = await create({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().validationFailures).toEqual(
      expect.arrayContaining([
        { propertyName: 'key', errorMessage: 'Key is required' },
        { propertyName: 'value', errorMessage: 'Value is required' },
        { propertyName: 'isEnabled', errorMessage: 'Enabled is required' },
      ]),
    );
    const tooLong = await create({ key: 'k'.repeat(101), value: 'v', isEnabled: true });
    expect(tooLong.json().validationFailures).toEqual([
      { propertyName: 'key', errorMessage: 'Key must be at most 100 characters' },
    ]);
    expect((await create({ key: 'k'.repeat(100), value: 'v', isEnabled: true })).statusCode).toBe(200);
    expect((await create({ key: '12345', value: 'v', isEnabled: true })).statusCode).toBe(400);
    expect(await ctx.db.select().from(settings)).toHaveLength(1);
  });

  it('refuses a second setting with the same key', async () => {
    await create({ key: 'Dup', value: 'a', isEnabled: true });
    const again = await create({ key: 'Dup', value: 'b', isEnabled: false });
    expect(again.statusCode).toBe(400);
    expect(again.json().validationFailures).toEqual([
      { propertyName: 'key', errorMessage: 'Key is already in use' },
    ]);
  });

  it('updates value and isEnabled but never the key or the id', async () => {
    const { id } = (await create({ key: 'Banner', value: 'old', isEnabled: true })).json().result;
    const updated = await who.admin({
      method: 'PUT',
      url: `/api/settings/${id}`,
      payload: { id: 777, key: 'Hijacked', value: 'new', isEnabled: false },
    });
    expect(updated.json()).toEqual({
      result: { id, version: 2, key: 'Banner', value: 'new', isEnabled: false },
    });
    expect(await ctx.db.select().from(settings)).toEqual([
      expect.objectContaining({ id, key: 'Banner', value: 'new', isEnabled: false }),
    ]);
    const actions = await ctx.db.select({ action: auditLog.action }).from(auditLog);
    expect(actions.map((a) => a.action)).toEqual(['create', 'update']);
  });

  it('moves a setting to the trash through the generic row delete DELETE /api/settings/{id}', async () => {
    const { id } = (await create({ key: 'Gone', value: 'x', isEnabled: true })).json().result;
    const deleted = await who.admin({ method: 'DELETE', url: `/api/settings/${id}` });
    expect(deleted.json()).toEqual({ result: null });
    expect(await ctx.db.select().from(settings)).toEqual([
      expect.objectContaining({ id, deletedAt: expect.any(Date), deletedBy: expect.any(Number) }),
    ]);
    expect((await who.admin({ method: 'GET', url: '/api/settings/Gone' })).statusCode).toBe(404);
    expect((await who.admin({ method: 'DELETE', url: `/api/settings/${id}` })).statusCode).toBe(404);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'delete'));
    expect(entry).toMatchObject({ entityType: 'setting', entityId: String(id) });
  });

  it('pages and searches the table in the database', async () => {
    for (let i = 1; i <= 12; i += 1)
      await create({ key: `Key${String(i).padStart(2, '0')}`, value: `v${i}`, isEnabled: true });
    const page2 = await who.admin({
      method: 'POST',
      url: '/api/settings/table',
      payload: { skip: 10, take: 10 },
    });
    expect(page2.json().result.totalFilteredRecords).toBe(12);
    expect(page2.json().result.data.map((s: { key: string }) => s.key)).toEqual(['Key11', 'Key12']);
    const search = await who.admin({
      method: 'POST',
      url: '/api/settings/table',
      payload: { skip: 0, take: 10, allSearch: 'key0' },
    });
    expect(search.json().result.totalFilteredRecords).toBe(9);
  });

  it('refuses bad skip/take and an over-long search with a 400', async () => {
    const table = (payload: object) => who.admin({ method: 'POST', url: '/api/settings/table', payload });
    expect((await table({ skip: -1, take: 10 })).json().validationFailures).toEqual([
      { propertyName: 'skip', errorMessage: 'Skip must not be negative' },
    ]);
    expect((await table({ skip: 0, take: 101 })).json().validationFailures).toEqual([
      { propertyName: 'take', errorMessage: 'Take must be at most 100' },
    ]);
    expect((await table({ skip: 0, take: 0 })).statusCode).toBe(400);
    expect(
      (await table({ skip: 0, take: 10, allSearch: 's'.repeat(201) })).json().validationFailures,
    ).toEqual([{ propertyName: 'allSearch', errorMessage: 'Search must be at most 200 characters' }]);
  });

  it('refuses an AthleticDirector with 403 and a visitor with 401 on every endpoint', async () => {
    const { id } = (await create({ key: 'Guarded', value: 'x', isEnabled: true })).json().result;
    const calls = [
      { method: 'POST', url: '/api/settings/table', payload: {} },
      { method: 'GET', url: `/api/settings/${id}` },
      { method: 'GET', url: '/api/settings/Guarded' },
      { method: 'POST', url: '/api/settings', payload: { key: 'X', value: 'y', isEnabled: true } },
      { method: 'PUT', url: `/api/settings/${id}`, payload: { value: 'y', isEnabled: true } },
      { method: 'DELETE', url: `/api/settings/${id}` },
    ] as const;
    for (const call of calls) {
      expect((await who.director(call)).statusCode, `${call.method} ${call.url}`).toBe(403);
      expect((await who.visitor(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
    }
    expect(await ctx.db.select().from(settings)).toEqual([
      expect.objectContaining({ key: 'Guarded', value: 'x' }),
    ]);
  });
});
