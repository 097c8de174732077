import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { maxDashboardCards } from '../../../../contract/dashboard';
import { createOrganization, createUser, signIn, testApp } from '../../helpers';

type Ctx = Awaited<ReturnType<typeof testApp>>;
let ctx: Ctx;
beforeEach(async () => {
  ctx = await testApp();
});
afterEach(() => ctx.app.close());

describe('GET dashboard', () => {
  it('gives an Admin Primary Info, Assigned Roles and User Count in that order', async () => {
    const admin = await createUser(ctx.db, {
      email: 'admin@example.com',
      firstName: 'Ada',
      lastName: 'Admin',
    });
    await createUser(ctx.db, { email: 'second@example.com' });
    const response = await ctx.app.inject({
      url: '/api/dashboard',
      headers: { cookie: await signIn(ctx.app, admin.email) },
    });
    expect(response.json()).toEqual({
      result: {
        dataElements: [
          {
            dashboardDataType: 'UserDetails',
            id: admin.id,
            fullName: 'Ada Admin',
            email: 'admin@example.com',
          },
          { dashboardDataType: 'UserRoles', roles: ['Admin'] },
          { dashboardDataType: 'UserCount', numberOfUsers: 2 },
        ],
      },
    });
    expect(response.json().result.dataElements.length).toBeLessThanOrEqual(maxDashboardCards);
  });

  it('keeps User Count up to date with accounts added by any server process', async () => {
    await createUser(ctx.db, { email: 'admin@example.com' });
    const cookie = await signIn(ctx.app, 'admin@example.com');
    const userCount = async () => {
      const response = await ctx.app.inject({ url: '/api/dashboard', headers: { cookie } });
      return response
        .json()
        .result.dataElements.find(
          (element: { dashboardDataType: string }) => element.dashboardDataType === 'UserCount',
        ).numberOfUsers;
    };
    expect(await userCount()).toBe(1);
    // Written straight to the database, as another process would: only its change notice tells.
    await createUser(ctx.db, { email: 'second@example.com' });
    await expect.poll(userCount).toBe(2);
  });

  it("counts the chosen organization's accounts when an Admin has chosen one", async () => {
    const lincoln = await createOrganization(ctx.db, 'Lincoln High School');
    const riverside = await createOrganization(ctx.db, 'Riverside Rowing Club');
    await createUser(ctx.db, { email: 'admin@example.com' });
    await createUser(ctx.db, { email: 'a@lincoln.example', organizationId: lincoln.id });
    await createUser(ctx.db, { email: 'b@lincoln.example', organizationId: lincoln.id });
    await createUser(ctx.db, { email: 'c@riverside.example', organizationId: riverside.id });
    const cookie = await signIn(ctx.app, 'admin@example.com');
    const userCount = async (query: string) =>
      (await ctx.app.inject({ url: `/api/dashboard${query}`, headers: { cookie } }))
        .json()
        .result.dataElements.find(
          (element: { dashboardDataType: string }) => element.dashboardDataType === 'UserCount',
        ).numberOfUsers;
    expect(await userCount('')).toBe(4);
    expect(await userCount(`?organizationId=${lincoln.id}`)).toBe(2);
    expect(await userCount(`?organizationId=${riverside.id}`)).toBe(1);
  });

  it('leaves User Count out for an AthleticDirector, and an empty name is null (shown as N/A)', async () => {
    const org = await createOrganization(ctx.db);
    const director = await createUser(ctx.db, {
      email: 'ad@example.com',
      firstName: '',
      lastName: '',
      roles: ['AthleticDirector'],
      organizationId: org.id,
    });
    const response = await ctx.app.inject({
      url: '/api/dashboard',
      headers: { cookie: await signIn(ctx.app, director.email) },
    });
    expect(response.json().result.dataElements).toEqual([
      { dashboardDataType: 'UserDetails', id: director.id, fullName: null, email: 'ad@example.com' },
      { dashboardDataType: 'UserRoles', roles: ['AthleticDirector'] },
    ]);
  });

  it('answers a visitor with 401', async () => {
    expect((await ctx.app.inject({ url: '/api/dashboard' })).statusCode).toBe(401);
  });
});
