import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { audit } from '../../../server/audit';
import { auditLog } from '../../../server/db/schema';
import { expectNoSecretsInAudit } from '../audit-secrets';
import { testApp } from '../helpers';
import { actors } from '../modules/organizations/actors';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
let who: Awaited<ReturnType<typeof actors>>;
beforeEach(async () => {
  ctx = await testApp();
  who = await actors(ctx);
});
afterEach(() => ctx.app.close());

const spring = { code: 'SPRING', name: 'Spring', organization: 'Lincoln', state: 'OH', isActive: true };

async function promoWithTwoEdits() {
  const { id } = (await who.admin({ method: 'POST', url: '/api/promo-codes', payload: spring })).json()
    .result;
  const put = (changes: object) =>
    who.admin({ method: 'PUT', url: `/api/promo-codes/${id}`, payload: { ...spring, ...changes } });
  expect((await put({ name: 'Summer', description: 'Ships Friday' })).statusCode).toBe(200);
  expect((await put({ name: 'Autumn', description: 'Ships Friday' })).statusCode).toBe(200);
  return id as number;
}

const history = async (id: number) => {
  const response = await who.admin({ method: 'GET', url: `/api/promo-codes/${id}/history` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as { id: number; action: string; byName: string; changes: object[] }[];
};

describe('a record’s history', () => {
  it('lists each change as field, before, after, who and when, newest first', async () => {
    const id = await promoWithTwoEdits();
    const entries = await history(id);
    expect(entries.map((entry) => entry.action)).toEqual(['update', 'update', 'create']);
    expect(entries[0]).toMatchObject({
      changes: [{ field: 'name', before: 'SUMMER', after: 'AUTUMN' }],
      byName: expect.any(String),
      at: expect.any(String),
    });
    expect(entries[1].changes).toEqual([
      { field: 'name', before: 'SPRING', after: 'SUMMER' },
      { field: 'description', before: null, after: 'Ships Friday' },
    ]);
  });

  it('restores a version: the earlier values come back as a new change audited as revert', async () => {
    const id = await promoWithTwoEdits();
    const [, firstEdit] = await history(id);
    const reverted = await who.admin({
      method: 'POST',
      url: `/api/promo-codes/${id}/revert`,
      payload: { auditId: firstEdit.id, fields: ['name'] },
    });
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect(reverted.json().result).toMatchObject({ name: 'SPRING', description: 'Ships Friday' });
    const [latest] = await history(id);
    expect(latest).toMatchObject({
      action: 'revert',
      changes: [{ field: 'name', before: 'AUTUMN', after: 'SPRING' }],
    });
  });

  it('restores a whole version: every later change undone, as one change audited as revert', async () => {
    const id = await promoWithTwoEdits();
    const [, , created] = await history(id);
    const restored = await who.admin({
      method: 'POST',
      url: `/api/promo-codes/${id}/revert`,
      payload: { auditId: created.id, whole: true },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().result).toMatchObject({ name: 'SPRING', description: null });
    const [latest] = await history(id);
    expect(latest).toMatchObject({
      action: 'revert',
      changes: expect.arrayContaining([
        { field: 'name', before: 'AUTUMN', after: 'SPRING' },
        { field: 'description', before: 'Ships Friday', after: null },
      ]),
    });
    const newest = await who.admin({
      method: 'POST',
      url: `/api/promo-codes/${id}/revert`,
      payload: { auditId: latest.id, whole: true },
    });
    expect(newest.statusCode, newest.body).toBe(400);
  });

  it('refuses a stale revert with the update’s 409 and changes nothing; a current version restores', async () => {
    const id = await promoWithTwoEdits();
    const read = (await who.admin({ method: 'GET', url: `/api/promo-codes/${id}` })).json().result;
    const [, firstEdit] = await history(id);
    // Someone saves after the history page was read.
    const theirs = await who.admin({
      method: 'PUT',
      url: `/api/promo-codes/${id}`,
      payload: { ...spring, name: 'Winter', description: 'Ships Monday', version: read.version },
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const before = await history(id);

    const stale = await who.admin({
      method: 'POST',
      url: `/api/promo-codes/${id}/revert`,
      payload: { auditId: firstEdit.id, version: read.version },
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().validationFailures).toEqual([
      {
        propertyName: '',
        errorMessage: expect.stringMatching(/changed this promo code at .* UTC, after you opened it/),
      },
    ]);
    expect(stale.json().result.current).toMatchObject({ name: 'WINTER', version: read.version + 1 });
    const now = (await who.admin({ method: 'GET', url: `/api/promo-codes/${id}` })).json().result;
    expect(now).toMatchObject({ name: 'WINTER', description: 'Ships Monday', version: read.version + 1 });
    expect(await history(id)).toEqual(before);

    const current = await who.admin({
      method: 'POST',
      url: `/api/promo-codes/${id}/revert`,
      payload: { auditId: firstEdit.id, fields: ['name'], version: now.version },
    });
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json().result).toMatchObject({ name: 'SPRING', version: now.version + 1 });
  });

  it('refuses a revert through the same validation as an update (a taken code is the field’s 400)', async () => {
    const { id } = (await who.admin({ method: 'POST', url: '/api/promo-codes', payload: spring })).json()
      .result;
    await who.admin({
      method: 'PUT',
      url: `/api/promo-codes/${id}`,
      payload: { ...spring, code: 'RENAMED' },
    });
    await who.admin({ method: 'POST', url: '/api/promo-codes', payload: { ...spring, name: 'Other' } });
    const [rename] = await history(id);
    const refused = await who.admin({
      method: 'POST',
      url: `/api/promo-codes/${id}/revert`,
      payload: { auditId: rename.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().validationFailures).toEqual([
      { propertyName: 'code', errorMessage: 'Code is already in use' },
    ]);
  });

  it('answers 404 for a change of another record, and 403 to a role that may not update', async () => {
    const id = await promoWithTwoEdits();
    const other = (
      await who.admin({ method: 'POST', url: '/api/promo-codes', payload: { ...spring, code: 'OTHER' } })
    ).json().result.id;
    const [change] = await history(id);
    const elsewhere = await who.admin({
      method: 'POST',
      url: `/api/promo-codes/${other}/revert`,
      payload: { auditId: change.id },
    });
    expect(elsewhere.statusCode).toBe(404);
    expect((await who.director({ method: 'GET', url: `/api/promo-codes/${id}/history` })).statusCode).toBe(
      403,
    );
  });
});

describe('secrets in the audit log', () => {
  it('are dropped by audit() whatever a caller passes, and the suite’s check would catch one', async () => {
    await audit(ctx.db, null, 'changeEmail', 'user', 1, {
      email: 'a@example.com',
      passwordHash: 'x',
      nested: { securityStamp: 'y', recoveryCodes: ['z'] },
      changes: [
        { field: 'authenticatorKey', before: null, after: 'k' },
        { field: 'name', before: 'a', after: 'b' },
      ],
    });
    const [row] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'changeEmail'));
    expect(row.details).toEqual({
      email: 'a@example.com',
      nested: {},
      changes: [{ field: 'name', before: 'a', after: 'b' }],
    });
    await ctx.db
      .insert(auditLog)
      .values({ action: 'leak', entityType: 'user', details: { passwordHash: 'x' } });
    await expect(expectNoSecretsInAudit(ctx.db)).rejects.toThrow(/names a secret/);
    await ctx.db.delete(auditLog).where(eq(auditLog.action, 'leak'));
  });
});
