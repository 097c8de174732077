import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { promoCodes } from '../../../server/db/schema';
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

const json = { 'content-type': 'application/json' };
const promo = {
  code: 'SPIRIT10',
  name: 'Spirit Week',
  organization: 'Lincoln High School',
  state: 'OH',
  isActive: true,
};

describe('a JSON content type with an empty body', () => {
  it('is accepted by a route that takes no body, as most clients send DELETE', async () => {
    const { id } = (await who.admin({ method: 'POST', url: '/api/promo-codes', payload: promo })).json()
      .result;
    const deleted = await who.admin({ method: 'DELETE', url: `/api/promo-codes?id=${id}`, headers: json });
    expect(deleted.statusCode).toBe(200);
    // Promo codes keep a trash: the delete moved it there.
    const [row] = await ctx.db.select().from(promoCodes);
    expect(row.deletedAt).toBeInstanceOf(Date);
  });

  it('still answers 400 where the route takes a body', async () => {
    const created = await who.admin({ method: 'POST', url: '/api/promo-codes', headers: json, payload: '' });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({
      result: null,
      validationFailures: [{ propertyName: '', errorMessage: 'The request body is empty' }],
    });
  });

  it('still parses and checks a body sent on a route that takes none', async () => {
    const call = { method: 'DELETE' as const, url: '/api/promo-codes?id=1', headers: json };
    expect((await who.admin({ ...call, payload: '{"id":' })).json().validationFailures).toEqual([
      { propertyName: '', errorMessage: 'The request body is not valid JSON' },
    ]);
  });
});
