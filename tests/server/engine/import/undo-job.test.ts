import { count, eq, isNull, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importLimits } from '../../../../contract/import';
import { auditLog, promoCodes } from '../../../../server/db/schema';
import { createOrganization, createUser, signIn, testApp } from '../../helpers';
import { csvOf, importForm } from './files';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
let cookie: string;

beforeEach(async () => {
  ctx = await testApp();
  await createOrganization(ctx.db, 'Lincoln High School');
  await createUser(ctx.db, { email: 'admin@example.com' });
  cookie = await signIn(ctx.app, 'admin@example.com');
});
afterEach(() => ctx.app.close());

const call = (method: 'GET' | 'POST', url: string) =>
  ctx.app.inject({ method, url: `/api/promo-codes/${url}`, headers: { cookie } });
const codesLeft = async () =>
  (await ctx.db.select({ n: count() }).from(promoCodes).where(isNull(promoCodes.deletedAt)))[0].n;

describe('Undo of a large import', () => {
  it('runs as a job whose status says how far it has got, keeps a row changed since, and answers the same job when asked again', async () => {
    const rows = importLimits.undoInRequestRows + 1;
    const lines = [['Code', 'Name', 'Organization', 'State', 'Active']];
    for (let n = 0; n < rows; n++) lines.push([`BIG${n}`, `Sale ${n}`, 'Lincoln High School', 'OH', 'yes']);
    const form = importForm(csvOf(lines), {});
    const committed = await ctx.app.inject({
      method: 'POST',
      url: '/api/promo-codes/import',
      payload: form.payload,
      headers: { ...form.headers, cookie },
    });
    expect(committed.statusCode, committed.body).toBe(200);
    const { importId } = committed.json().result;
    const [changed] = await ctx.db.select().from(promoCodes).where(eq(promoCodes.code, 'BIG7'));
    await ctx.db
      .insert(auditLog)
      .values({ action: 'update', entityType: 'promoCode', entityId: String(changed.id) });

    const undo = await call('POST', `import/${importId}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().result).toEqual({ state: 'running', done: 0, total: rows });
    expect((await call('GET', `import/${importId}/undo`)).json().result).toMatchObject({
      state: 'running',
      total: rows,
    });
    expect(await codesLeft()).toBe(rows);

    await ctx.app.jobs.drain();
    const done = (await call('GET', `import/${importId}/undo`)).json().result;
    expect(done).toEqual({
      state: 'done',
      done: rows,
      total: rows,
      result: {
        removed: rows - 1,
        restored: 0,
        invitations: { sent: 0, cancelled: 0 },
        kept: [{ id: changed.id, title: changed.name, reason: 'changed' }],
      },
    });
    expect(await codesLeft()).toBe(1);
    expect((await call('POST', `import/${importId}/undo`)).json().result).toEqual(done);
    const [{ reverts }] = await ctx.db
      .select({ reverts: count() })
      .from(auditLog)
      .where(sql`${auditLog.action} = 'delete' and ${auditLog.entityType} = 'promoCode'`);
    expect(reverts).toBe(rows - 1);
  });

  it('answers 404 for the status of an import no job undoes', async () => {
    expect((await call('GET', `import/${crypto.randomUUID()}/undo`)).statusCode).toBe(404);
  });
});
