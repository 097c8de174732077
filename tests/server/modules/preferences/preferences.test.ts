import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localeValueMessage } from '../../../../contract/locales';
import {
  preferenceCountMessage,
  preferenceKeyMessage,
  preferenceLimits,
  preferenceValueMessage,
} from '../../../../contract/preferences';
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

const views = [
  { label: 'Open orders', value: { filter: { status: 'Open' }, sort: { field: 'id', order: 'DESC' } } },
];

describe('preferences (each user their own)', () => {
  it('keeps a value by key and gives it back to the same user only', async () => {
    const saved = await who.admin({
      method: 'PUT',
      url: '/api/preferences/orders.savedQueries',
      payload: { value: views },
    });
    expect(saved.json()).toEqual({ result: true });
    await who.admin({ method: 'PUT', url: '/api/preferences/theme', payload: { value: 'dark' } });

    expect((await who.admin({ url: '/api/preferences' })).json()).toEqual({
      result: { 'orders.savedQueries': views, theme: 'dark' },
    });
    expect((await who.director({ url: '/api/preferences' })).json()).toEqual({ result: {} });
  });

  it('replaces a value, and removes one', async () => {
    await who.director({ method: 'PUT', url: '/api/preferences/theme', payload: { value: 'dark' } });
    await who.director({ method: 'PUT', url: '/api/preferences/theme', payload: { value: 'light' } });
    expect((await who.director({ url: '/api/preferences' })).json().result).toEqual({ theme: 'light' });

    const removed = await who.director({ method: 'DELETE', url: '/api/preferences/theme' });
    expect(removed.statusCode).toBe(200);
    expect((await who.director({ url: '/api/preferences' })).json().result).toEqual({});
  });

  it('keeps the language as a preference, English or Spanish and nothing else', async () => {
    const saved = await who.director({
      method: 'PUT',
      url: '/api/preferences/locale',
      payload: { value: 'es' },
    });
    expect(saved.statusCode).toBe(200);
    for (const value of ['fr', 'ES', ['es'], 1]) {
      const refused = await who.director({
        method: 'PUT',
        url: '/api/preferences/locale',
        payload: { value },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().validationFailures).toEqual([
        { propertyName: 'value', errorMessage: localeValueMessage },
      ]);
    }
    expect((await who.director({ url: '/api/preferences' })).json().result).toEqual({ locale: 'es' });
  });

  it('answers 401 without a session', async () => {
    expect((await who.visitor({ url: '/api/preferences' })).statusCode).toBe(401);
    const put = await who.visitor({
      method: 'PUT',
      url: '/api/preferences/theme',
      payload: { value: 'dark' },
    });
    expect(put.statusCode).toBe(401);
  });

  it('refuses a bad key, a missing or oversized value, and changes nothing', async () => {
    const badKey = await who.admin({ method: 'PUT', url: '/api/preferences/..%2Fx', payload: { value: 1 } });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().validationFailures).toEqual([
      { propertyName: 'key', errorMessage: preferenceKeyMessage },
    ]);

    const missing = await who.admin({ method: 'PUT', url: '/api/preferences/theme', payload: {} });
    expect(missing.json().validationFailures).toEqual([
      { propertyName: 'value', errorMessage: preferenceValueMessage },
    ]);

    const big = 'x'.repeat(preferenceLimits.valueBytes);
    const tooBig = await who.admin({ method: 'PUT', url: '/api/preferences/theme', payload: { value: big } });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().validationFailures).toEqual([
      { propertyName: 'value', errorMessage: preferenceValueMessage },
    ]);
    expect((await who.admin({ url: '/api/preferences' })).json().result).toEqual({});
  });

  it(`keeps at most ${preferenceLimits.keysPerUser} keys per user, replacing one still works`, async () => {
    for (let index = 0; index < preferenceLimits.keysPerUser; index++) {
      const saved = await who.admin({
        method: 'PUT',
        url: `/api/preferences/list${index}.columns`,
        payload: { value: [] },
      });
      expect(saved.statusCode).toBe(200);
    }
    const extra = await who.admin({ method: 'PUT', url: '/api/preferences/one-more', payload: { value: 1 } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().validationFailures).toEqual([
      { propertyName: 'key', errorMessage: preferenceCountMessage },
    ]);
    const replaced = await who.admin({
      method: 'PUT',
      url: '/api/preferences/list0.columns',
      payload: { value: ['1'] },
    });
    expect(replaced.statusCode).toBe(200);
    expect(Object.keys((await who.admin({ url: '/api/preferences' })).json().result)).toHaveLength(
      preferenceLimits.keysPerUser,
    );
  });
});
