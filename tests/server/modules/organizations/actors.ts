import type { FastifyInstance, InjectOptions } from 'fastify';
import { createOrganization, createUser, signIn, type testApp } from '../../helpers';

type Ctx = Awaited<ReturnType<typeof testApp>>;

/**
 * The people of the admin-area API tests: an Admin, and an AthleticDirector of their own
 * organization, each with a signed-in `call` that injects a request with their cookie.
 */
export async function actors(ctx: Ctx) {
  const organization = await createOrganization(ctx.db, 'Lincoln High School');
  await createUser(ctx.db, { email: 'admin@example.com', roles: ['Admin'] });
  await createUser(ctx.db, {
    email: 'director@example.com',
    roles: ['AthleticDirector'],
    organizationId: organization.id,
  });
  const as = (cookie: string | undefined) => (options: InjectOptions) =>
    ctx.app.inject({ ...options, headers: { ...options.headers, ...(cookie ? { cookie } : {}) } });
  return {
    organization,
    admin: as(await signIn(ctx.app, 'admin@example.com')),
    director: as(await signIn(ctx.app, 'director@example.com')),
    visitor: as(undefined),
  };
}

export type Call = (options: InjectOptions) => ReturnType<FastifyInstance['inject']>;
