import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { productReviewWorkflow, type ReviewState } from '../../../../contract/merchandise-review';
import { auditLog, merchandise, notifications, users } from '../../../../server/db/schema';
import { closeUploadTestApp, type Ctx, type People, uploadLogo } from '../design-logos/fixtures';
import { createUser, signIn } from '../../helpers';
import { createProduct, productFields, productTestApp } from './support';

let ctx: Ctx;
let who: People;
let apparelId: number;
let reviewer: People['admin'];
let otherReviewer: People['admin'];
let roleless: People['admin'];

beforeEach(async () => {
  ({ ctx, who, apparelId } = await productTestApp());
  const as = (cookie: string) => (options: InjectOptions) =>
    ctx.app.inject({ ...options, headers: { ...options.headers, cookie } });
  const lincolnReviewer = await createUser(ctx.db, { email: 'reviewer@example.com', roles: ['Reviewer'] });
  const riversideReviewer = await createUser(ctx.db, { email: 'rower@example.com', roles: ['Reviewer'] });
  await createUser(ctx.db, { email: 'nobody@example.com', roles: [] });
  for (const [reviewerId, organizationId] of [
    [lincolnReviewer.id, who.lincoln.id],
    [riversideReviewer.id, who.riverside.id],
  ]) {
    const assigned = await who.admin({
      method: 'POST',
      url: '/api/review-assignments',
      payload: { reviewerId, organizationId },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
  }
  reviewer = as(await signIn(ctx.app, 'reviewer@example.com'));
  otherReviewer = as(await signIn(ctx.app, 'rower@example.com'));
  roleless = as(await signIn(ctx.app, 'nobody@example.com'));
});
afterEach(() => closeUploadTestApp(ctx));

async function readyProduct() {
  const logo = await uploadLogo(who.director);
  const created = await createProduct(who.director, productFields(apparelId, logo.id));
  expect(created.statusCode, created.body).toBe(200);
  await ctx.app.jobs.drain();
  return created.json().result.id as number;
}

const row = async (id: number) => (await ctx.db.select().from(merchandise).where(eq(merchandise.id, id)))[0];

const step = (call: People['admin'], id: number, name: string, comment?: string) =>
  call({
    method: 'POST',
    url: `/api/merchandise/${id}/transitions/${name}`,
    payload: comment === undefined ? {} : { comment },
  });

/** The notifications an account has been sent, oldest first. */
const told = async (email: string) =>
  (
    await ctx.db
      .select({ messageKey: notifications.messageKey, params: notifications.params })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(eq(users.normalizedEmail, email))
      .orderBy(notifications.id)
  ).map((row) => ({ messageKey: row.messageKey, params: row.params }));

const queue = async (call: People['admin']) => {
  const response = await call({ method: 'GET', url: '/api/merchandise/review-queue' });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().result as { id: number; organizationName: string }[]).map((item) => item.id);
};

describe('design review', () => {
  it('keeps a new design off the storefront, however far it is processed, until it is published', async () => {
    const id = await readyProduct();
    expect(await row(id)).toMatchObject({ status: 'ready', reviewState: 'draft', externalId: null });
    expect((await step(who.director, id, 'submit')).statusCode).toBe(200);
    expect((await step(reviewer, id, 'approve')).statusCode).toBe(200);
    await ctx.app.jobs.drain();
    expect((await row(id)).externalId).toBeNull();
    expect((await step(who.director, id, 'publish')).statusCode).toBe(200);
    await ctx.app.jobs.drain();
    expect(await row(id)).toMatchObject({ reviewState: 'published', externalId: `portal-${id}` });
  });

  it('goes round: changes requested with a comment, fixed and resubmitted, approved, published, retired', async () => {
    const id = await readyProduct();
    expect((await step(who.director, id, 'submit')).statusCode).toBe(200);
    // The school's reviewer hears of it; the other school's does not.
    expect(await told('reviewer@example.com')).toEqual([
      { messageKey: 'reviews.submitted', params: expect.objectContaining({ title: 'Lincoln Tee' }) },
    ]);
    expect(await told('rower@example.com')).toEqual([]);
    expect(await queue(reviewer)).toEqual([id]);
    expect(await queue(otherReviewer)).toEqual([]);
    expect(await queue(who.admin)).toEqual([id]);

    const silent = await step(reviewer, id, 'requestChanges', '  ');
    expect(silent.statusCode).toBe(400);
    expect(silent.json().validationFailures).toEqual([
      { propertyName: 'comment', errorMessage: 'Comment is required' },
    ]);
    const asked = await step(reviewer, id, 'requestChanges', 'Use the crest in school blue');
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await told('director@example.com')).toContainEqual({
      messageKey: 'reviews.changesRequested',
      params: expect.objectContaining({ comment: 'Use the crest in school blue' }),
    });
    const gallery = await who.director({
      method: 'GET',
      url: `/api/merchandise/merchandise-by-organization?organizationGuid=${who.lincoln.guid}`,
    });
    expect(gallery.json().result.products[0]).toMatchObject({
      id,
      reviewState: 'changesRequested',
      reviewComment: 'Use the crest in school blue',
    });
    const history = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'merchandise'), eq(auditLog.action, 'transition')));
    expect(history.map((entry) => entry.details)).toContainEqual(
      expect.objectContaining({ transition: 'requestChanges', comment: 'Use the crest in school blue' }),
    );

    expect((await step(who.director, id, 'submit')).statusCode).toBe(200);
    expect((await row(id)).reviewComment).toBeNull();
    expect((await step(reviewer, id, 'approve')).statusCode).toBe(200);
    expect((await step(who.director, id, 'publish')).statusCode).toBe(200);
    expect((await step(who.director, id, 'retire')).statusCode).toBe(200);
    await ctx.app.jobs.drain();
    expect((await row(id)).reviewState).toBe('retired');
  });

  it('refuses a design still being drawn: the reviewer judges its pictures', async () => {
    const logo = await uploadLogo(who.director);
    const created = await createProduct(who.director, productFields(apparelId, logo.id));
    const submitted = await step(who.director, created.json().result.id, 'submit');
    expect(submitted.statusCode).toBe(400);
    expect(submitted.json().validationFailures).toEqual([
      { propertyName: 'reviewState', errorMessage: 'A product is submitted once its pictures are ready' },
    ]);
  });

  it('gives a reviewer the print files of the schools they review and nothing of the others', async () => {
    const id = await readyProduct();
    const url = `/api/merchandise/${id}/print-file/front`;
    expect((await reviewer({ method: 'GET', url })).statusCode).toBe(200);
    expect((await otherReviewer({ method: 'GET', url })).statusCode).toBe(403);
    const gallery = `/api/merchandise/merchandise-by-organization?organizationGuid=${who.lincoln.guid}`;
    expect((await reviewer({ method: 'GET', url: gallery })).statusCode).toBe(403);
    expect((await reviewer({ method: 'POST', url: '/api/promo-codes/table', payload: {} })).statusCode).toBe(
      403,
    );
  });

  /** Who may take each step, from the state it leaves: everyone else is refused and nothing changes. */
  const allowedBy: Record<string, string[]> = {
    submit: ['admin', 'director'],
    approve: ['admin', 'reviewer'],
    requestChanges: ['admin', 'reviewer'],
    publish: ['admin', 'director'],
    retire: ['admin', 'director'],
  };
  const refusedAs: Record<string, number> = {
    admin: 200,
    director: 200,
    reviewer: 200,
    otherDirector: 404,
    otherReviewer: 404,
    roleless: 403,
    visitor: 401,
  };

  it.each(Object.entries(productReviewWorkflow.transitions))(
    'takes %s only by the roles it lists and only within their schools',
    async (name, transition) => {
      const id = await readyProduct();
      const from = transition.from[0] as ReviewState;
      const people = { ...who, reviewer, otherReviewer, roleless } as unknown as Record<
        string,
        People['admin']
      >;
      for (const [person, reached] of Object.entries(refusedAs)) {
        await ctx.db.update(merchandise).set({ reviewState: from }).where(eq(merchandise.id, id));
        const answer = await step(people[person], id, name, 'Looks right');
        const expected = allowedBy[name].includes(person)
          ? reached
          : person === 'visitor'
            ? 401
            : person === 'otherDirector' && allowedBy[name].includes('director')
              ? 404
              : person === 'otherReviewer' && allowedBy[name].includes('reviewer')
                ? 404
                : 403;
        expect(answer.statusCode, `${person} ${name}: ${answer.body}`).toBe(expected);
        expect((await row(id)).reviewState).toBe(expected === 200 ? transition.to : from);
      }
    },
  );
});
