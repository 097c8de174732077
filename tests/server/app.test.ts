import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { shutdownGraceMs } from '../../server/config';
import { testApp } from './helpers';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
beforeEach(async () => {
  ctx = await testApp();
});
afterEach(() => ctx.app.close());

describe('the API as a whole', () => {
  it("bounds its stop by the shutdown grace, not Fastify's 10 s plugin timeout (a slower preClose hook ended the process with exit 1)", async () => {
    // Fastify bounds preClose hooks by its plugin timeout (10 s unless told): a job worker
    // waiting on an interrupted render on a loaded machine passed it, and close() rejected.
    expect(shutdownGraceMs).toBe(30_000);
    expect(ctx.app.initialConfig.pluginTimeout).toBe(shutdownGraceMs);
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const response = await ctx.app.inject({ url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ result: null, message: 'No API route GET /api/no-such-thing' });
  });

  it('answers a path it cannot route (a broken %-escape, an over-long segment) with the spec’s 400', async () => {
    for (const url of ['/api/settings/%E0%A4%A', `/api/settings/${'1'.repeat(101)}`]) {
      const response = await ctx.app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().validationFailures).toHaveLength(1);
    }
  });

  it('publishes an OpenAPI document generated from the zod contract', async () => {
    const response = await ctx.app.inject({ url: '/api/openapi.json' });
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    const login = document.paths['/api/account/login'].post;
    expect(login.requestBody.content['application/json'].schema.properties.email.maxLength).toBe(256);
  });

  it('describes the multipart bodies: their text fields and their files', async () => {
    const { paths } = (await ctx.app.inject({ url: '/api/openapi.json' })).json();
    const form = (operation: { requestBody?: { content: Record<string, { schema: unknown }> } }) =>
      operation.requestBody?.content['multipart/form-data']?.schema as
        { properties: Record<string, { type?: string; format?: string }>; required?: string[] } | undefined;

    const user = form(paths['/api/users/with-photo/{id}'].put);
    expect(user?.properties.profilePhoto).toMatchObject({ type: 'string', format: 'binary' });
    expect(user?.properties['name.firstName']).toMatchObject({ type: 'string' });
    expect(user?.required).toEqual(expect.arrayContaining(['email', 'name.firstName', 'userRoles']));

    const logo = form(paths['/api/design-logos'].post);
    expect(logo?.properties.ImageFile).toMatchObject({ type: 'string', format: 'binary' });
    expect(logo?.required).toEqual(['ImageFile']);
    expect(paths['/api/design-logos'].post.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'OrganizationId', in: 'query' })]),
    );

    const merchandise = form(paths['/api/merchandise/create-merchandise-by-organization'].post);
    expect(Object.keys(merchandise?.properties ?? {})).toEqual(
      expect.arrayContaining(['Title', 'Price', 'LogoId', 'BaseApparelId', 'OrganizationId', 'ImageFile']),
    );
    expect(merchandise?.required).toEqual(expect.arrayContaining(['Title', 'ImageFile']));

    const shopify = form(paths['/api/merchandise/UploadImageToShopify'].post);
    expect(shopify?.properties.ImageFile).toMatchObject({ format: 'binary' });
  });

  it('serves a reference page at /api/docs', async () => {
    const response = await ctx.app.inject({ url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('swagger');
  });
});
