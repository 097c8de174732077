import { count, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { promoCodes as promoCodesDefinition } from '../../../contract/definitions/promo-codes';
import { resourceCalls } from '../../../contract/resource';
import { idempotencyKeys, promoCodes } from '../../../server/db/schema';
import { purgeIdempotencyKeys } from '../../../server/http/idempotency';
import { testApp } from '../helpers';
import { actors } from '../modules/organizations/actors';
import { csvOf, importForm } from './import/files';

/**
 * A create answered 503 ("database not reachable") may have committed, and its retry made a
 * second row. With an `Idempotency-Key` the retry answers what the first did (Stripe's contract).
 */
type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
let who: Awaited<ReturnType<typeof actors>>;
beforeEach(async () => {
  ctx = await testApp();
  who = await actors(ctx);
});
afterEach(() => ctx.app.close());

const promo = {
  code: 'SPIRIT10',
  name: 'Spirit Week',
  organization: 'Lincoln High School',
  state: 'OH',
  isActive: true,
  description: '10% off',
};
const create = (key: string | undefined, payload: object = promo, as = who.admin) =>
  as({
    method: 'POST',
    url: '/api/promo-codes',
    payload,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });
const rows = async () => (await ctx.db.select({ n: count() }).from(promoCodes))[0].n;

describe('Idempotency-Key on creates', () => {
  it('answers a retried create with the first answer and writes no second row', async () => {
    const first = await create('4f1c-retry');
    expect(first.statusCode, first.body).toBe(200);
    const again = await create('4f1c-retry');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await rows()).toBe(1);
  });

  it('writes one row for two requests racing with one key', async () => {
    const [a, b] = await Promise.all([create('race'), create('race')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect(await rows()).toBe(1);
  });

  it('refuses the key with another request, and a key that is not one', async () => {
    expect((await create('shared')).statusCode).toBe(200);
    const other = await create('shared', { ...promo, code: 'OTHER' });
    expect(other.statusCode).toBe(400);
    expect(other.json().validationFailures).toEqual([
      {
        propertyName: 'Idempotency-Key',
        errorMessage: 'This Idempotency-Key was already sent with another request',
      },
    ]);
    const bad = await create('with space');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().validationFailures[0].errorMessage).toBe(
      'Idempotency-Key must be 1 to 255 visible characters',
    );
    expect(await rows()).toBe(1);
  });

  it('keeps no answer of a refused create, and forgets a key after 24 hours', async () => {
    const refused = await create('after-fix', { ...promo, state: 'XX' });
    expect(refused.statusCode).toBe(400);
    expect((await create('after-fix')).statusCode).toBe(200);
    await ctx.db
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(idempotencyKeys.key, 'after-fix'));
    await purgeIdempotencyKeys(ctx.db);
    expect(await ctx.db.select().from(idempotencyKeys)).toEqual([]);
    const later = await create('after-fix', { ...promo, code: 'LATER' });
    expect(later.statusCode, later.body).toBe(200);
    expect(await rows()).toBe(2);
  });

  it('still creates a row per request without a key', async () => {
    await create(undefined);
    await create(undefined, { ...promo, code: 'SECOND' });
    expect(await rows()).toBe(2);
  });
});

describe('Idempotency-Key on imports', () => {
  it('answers a retried import with the first answer and imports the rows once', async () => {
    const { path } = resourceCalls(promoCodesDefinition).importCommit!;
    const file = csvOf([
      ['Code', 'Name', 'Organization', 'State', 'Active', 'Description'],
      ['A1', 'Fall', 'Lincoln High School', 'OH', 'yes', ''],
      ['B2', 'Spring', 'Lincoln High School', 'OH', 'yes', ''],
    ]);
    const send = () => {
      const form = importForm(file);
      return who.admin({
        method: 'POST',
        url: `/api/${path}`,
        payload: form.payload,
        headers: { ...form.headers, 'idempotency-key': 'import-once' },
      });
    };
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result.created).toBe(2);
    const again = await send();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await rows()).toBe(2);
  });
});
