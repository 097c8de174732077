import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOrganization, createUser, signIn, testApp } from '../../helpers';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
beforeEach(async () => {
  ctx = await testApp();
});
afterEach(() => ctx.app.close());

describe('organizations', () => {
  it('GET organizations/options lists value/label pairs for an Admin', async () => {
    const lincoln = await createOrganization(ctx.db, 'Lincoln High School');
    const riverside = await createOrganization(ctx.db, 'Riverside Rowing Club');
    await createUser(ctx.db, { email: 'admin@example.com' });
    const response = await ctx.app.inject({
      url: '/api/organizations/options',
      headers: { cookie: await signIn(ctx.app, 'admin@example.com') },
    });
    expect(response.json()).toEqual({
      result: [
        { value: lincoln.id, label: 'Lincoln High School' },
        { value: riverside.id, label: 'Riverside Rowing Club' },
      ],
    });
  });

  it('refuses the options to an AthleticDirector with 403 and to a visitor with 401', async () => {
    const org = await createOrganization(ctx.db);
    await createUser(ctx.db, {
      email: 'ad@example.com',
      roles: ['AthleticDirector'],
      organizationId: org.id,
    });
    const asDirector = await ctx.app.inject({
      url: '/api/organizations/options',
      headers: { cookie: await signIn(ctx.app, 'ad@example.com') },
    });
    expect(asDirector.statusCode).toBe(403);
    expect(asDirector.json()).toEqual({ result: null, message: 'You are not authorized to do this.' });
    expect((await ctx.app.inject({ url: '/api/organizations/options' })).statusCode).toBe(401);
  });

  it("lets an AthleticDirector read their own organization but not another's", async () => {
    const own = await createOrganization(ctx.db, 'Own');
    const other = await createOrganization(ctx.db, 'Other');
    await createUser(ctx.db, {
      email: 'ad@example.com',
      roles: ['AthleticDirector'],
      organizationId: own.id,
    });
    const cookie = await signIn(ctx.app, 'ad@example.com');
    const mine = await ctx.app.inject({ url: `/api/organizations/${own.id}`, headers: { cookie } });
    expect(mine.json().result.name).toBe('Own');
    const theirs = await ctx.app.inject({ url: `/api/organizations/${other.id}`, headers: { cookie } });
    expect(theirs.statusCode).toBe(403);
  });

  it('answers a non-numeric id with a 400 in the spec format', async () => {
    await createUser(ctx.db, { email: 'admin@example.com' });
    const response = await ctx.app.inject({
      url: '/api/organizations/abc',
      headers: { cookie: await signIn(ctx.app, 'admin@example.com') },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().validationFailures[0].propertyName).toBe('id');
  });
});
