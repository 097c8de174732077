import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testApp } from './helpers';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
beforeEach(async () => {
  ctx = await testApp();
});
afterEach(() => ctx.app.close());

describe('the API as a whole', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const response = await ctx.app.inject({ url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ result: null, message: 'No API route GET /api/no-such-thing' });
  });

  it('publishes an OpenAPI document generated from the zod contract', async () => {
    const response = await ctx.app.inject({ url: '/api/openapi.json' });
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const login = document.paths['/api/account/login'].post;
    expect(login.requestBody.content['application/json'].schema.properties.email.maxLength).toBe(256);
  });

  it('serves a reference page at /api/docs', async () => {
    const response = await ctx.app.inject({ url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});
