import { and, asc, inArray, isNull, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { referenceFields, referencesQuerySchemaOf, referencesResponseSchema } from '../../contract/resource';
import { definitionOf } from '../../contract/definitions';
import { currentUser } from '../auth/guards';
import { likePattern } from '../http/table';
import type { ResourceEngine } from './engine';
import type { ResourceRoute } from './types';
import { ownedBy, referenceReach } from './scope';
import { columnsOf, tableOf } from './tables';

/** A form offers a page of choices; typing narrows them. */
const optionsTake = 50;

/** `POST {path}/references`: a reference field's options, or the labels of the ids a page shows. */
export function registerReferences(app: FastifyInstance, engine: ResourceEngine, route: ResourceRoute) {
  const { definition } = engine;
  const lookups = new Map(
    referenceFields(definition).map(([name, f]) => {
      const target = definitionOf(f.to);
      if (!target)
        throw new Error(
          `Resource '${definition.name}': '${name}' refers to '${f.to}', which is not registered`,
        );
      const columns = columnsOf(tableOf(target));
      if (!columns[f.show])
        throw new Error(
          `Resource '${definition.name}': '${name}' shows '${f.to}.${f.show}', which is no column`,
        );
      return [name, { target, table: tableOf(target), columns, label: columns[f.show], within: f.within }];
    }),
  );
  route(
    'references',
    {
      description:
        "The referenced rows the caller may name in the field, as options: those of the given ids, else those whose label contains the search. A role but Admin reaches its own organization's rows only. A field `within` the organization offers, to every role, only the rows of `organizationId` (the form's organization; without it, none), and labels given ids within the caller's reach alone.",
      body: referencesQuerySchemaOf(definition),
      response: { 200: referencesResponseSchema },
    },
    async (request) => {
      const { field, search, ids, organizationId } = request.body as {
        field: string;
        search?: string;
        ids?: number[];
        organizationId?: number;
      };
      const { target, table, columns, label, within } = lookups.get(field)!;
      const rows = await app.db
        .select({ value: columns.id, label })
        .from(table)
        .where(
          and(
            referenceReach(target, columns, currentUser(request)),
            // A form's current value keeps its label whatever organization the form now holds.
            within && !ids ? ownedBy(target, columns, organizationId) : undefined,
            target.trash ? isNull(columns.deletedAt) : undefined,
            ids ? inArray(columns.id, ids) : undefined,
            search?.trim() ? like(sql`lower(${label}::text)`, likePattern(search.trim())) : undefined,
          ),
        )
        .orderBy(asc(label), asc(columns.id))
        .limit(ids ? ids.length : optionsTake);
      return { result: rows.map((row) => ({ value: row.value as number, label: String(row.label ?? '') })) };
    },
  );
}
