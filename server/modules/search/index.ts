import { and, asc, eq, ilike, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../../contract/access';
import { allows, seesEveryOrganization } from '../../../contract/definition';
import {
  quickSearchLimits,
  quickSearchQuerySchema,
  quickSearchResponseSchema,
  type QuickSearchResult,
} from '../../../contract/search';
import type { SessionUser } from '../../auth/sessions';
import { currentUser, requireUser } from '../../auth/guards';
import type { Db } from '../../db/client';
import { designLogos, merchandise } from '../../db/schema';

type Group = QuickSearchResult['groups'][number];
interface Searcher {
  resource: string;
  label: string;
  search: (actor: SessionUser, q: string, db: Db) => Promise<Group['items']>;
}

/** `%`, `_` and `\` are LIKE's own: typed into a search they mean themselves. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Logos and products live in modules of their own, scoped like their pages: a director's own organization. */
function moduleSearchers(): Searcher[] {
  const ownOrganization = (actor: SessionUser, column: PgColumn): SQL | undefined =>
    seesEveryOrganization(actor.roles) ? undefined : eq(column, actor.organizationId ?? -1);
  return [
    {
      resource: 'design-logos',
      label: 'Design Logos',
      search: (actor, q, db) =>
        db
          .select({
            id: designLogos.id,
            title: designLogos.fileName,
            organizationId: designLogos.organizationId,
          })
          .from(designLogos)
          .where(
            and(
              ilike(designLogos.fileName, likePattern(q)),
              isNull(designLogos.deletedAt),
              ownOrganization(actor, designLogos.organizationId),
            ),
          )
          .orderBy(asc(designLogos.fileName), asc(designLogos.id))
          .limit(quickSearchLimits.perResource),
    },
    {
      resource: 'merchandise',
      label: 'Merchandise',
      search: (actor, q, db) =>
        db
          .select({
            id: merchandise.id,
            title: merchandise.title,
            organizationId: merchandise.organizationId,
          })
          .from(merchandise)
          .where(
            and(
              ilike(merchandise.title, likePattern(q)),
              isNull(merchandise.archivedAt),
              ownOrganization(actor, merchandise.organizationId),
            ),
          )
          .orderBy(asc(merchandise.title), asc(merchandise.id))
          .limit(quickSearchLimits.perResource),
    },
  ];
}

/** Rejects after the deadline, so one slow resource cannot hold the whole answer. */
const within = <T>(promise: Promise<T>, ms: number) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });

/** `search?q=`: each readable resource's first matching rows, grouped, in menu order. */
const search: FastifyPluginAsyncZod = async (app) => {
  const engineSearchers: (Searcher & { roles: (roles: readonly string[]) => boolean })[] = app.resourceEngines
    .filter(({ definition }) => definition.quickSearch !== false)
    .filter(({ definition }) =>
      Object.values(definition.fields).some((field) => (field as { search?: boolean }).search),
    )
    .sort((a, b) => (a.definition.menu?.order ?? 0) - (b.definition.menu?.order ?? 0))
    .map((engine) => {
      const { definition } = engine;
      const organizationField = definition.organizationField;
      return {
        resource: definition.name,
        label: definition.menu?.label ?? definition.label.many,
        roles: (roles) => allows(definition, 'list', roles),
        search: async (actor, q, db) => {
          const page = await engine.list(
            actor,
            { skip: 0, take: quickSearchLimits.perResource, allSearch: q },
            {},
            db,
          );
          return page.data.map((row: Record<string, unknown>) => ({
            id: row.id as number,
            title: String(row[definition.titleField] ?? row.id),
            organizationId:
              organizationField === 'id'
                ? (row.id as number)
                : organizationField
                  ? ((row[organizationField] as number | null) ?? null)
                  : null,
          }));
        },
      };
    });
  const searchers = [
    ...engineSearchers,
    ...moduleSearchers().map((searcher) => ({
      ...searcher,
      roles: (roles: readonly string[]) => access[searcher.resource].some((role) => roles.includes(role)),
    })),
  ];

  app.get(
    '/',
    {
      preHandler: requireUser,
      schema: {
        tags: ['search'],
        querystring: quickSearchQuerySchema,
        response: { 200: quickSearchResponseSchema },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const q = request.query.q;
      const asked = searchers.filter((searcher) => searcher.roles(actor.roles));
      const answers = await Promise.allSettled(
        asked.map((searcher) => within(searcher.search(actor, q, app.db), quickSearchLimits.deadlineMs)),
      );
      const groups: Group[] = [];
      const timedOut: string[] = [];
      answers.forEach((answer, index) => {
        const { resource, label } = asked[index];
        if (answer.status === 'rejected') {
          // A scope the actor lacks (a director without an organization) finds nothing; a slow
          // or failing resource is named, so the box can say its rows may be missing.
          if ((answer.reason as { statusCode?: number }).statusCode === 403) return;
          request.log.warn({ err: answer.reason, resource }, 'quick search: a resource did not answer');
          timedOut.push(resource);
        } else if (answer.value.length > 0) groups.push({ resource, label, items: answer.value });
      });
      return { result: { groups, timedOut } };
    },
  );
};

export default search;
