import { and, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { roles } from '../../contract/roles';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  type AnyResource,
  allows,
  missingReferenceMessage,
  ownerFieldOf,
  referenceFields,
  seesEveryOrganization,
} from '../../contract/resource';
import { definitionOf } from '../../contract/definitions';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/client';
import { badRequest, forbidden } from '../errors';
import { columnsOf, tableOf } from './tables';
import type { ResourceTable, Values } from './types';

type Scoped = Pick<ResourceTable, 'definition' | 'columns'>;

/**
 * The one rule by which an actor reaches an organization, deny unless allowed: an Admin reaches
 * every organization, anyone else only their own, and naming another is a 403. Answers the
 * organization a request works on: the one named, or when none is (`undefined`), the actor's own
 * (none for an Admin). A Reviewer's assigned schools are reached through the rows' scope below.
 */
export function reachedOrganization(actor: SessionUser, named: number | null | undefined): number | null {
  const everyOrganization = seesEveryOrganization(actor.roles);
  if (named === undefined) return everyOrganization ? null : actor.organizationId;
  if (everyOrganization || named === actor.organizationId) return named;
  throw forbidden();
}

/**
 * Rows another organization owns are out of reach for every role but Admin, and an account of such
 * a role without an organization reaches none (403); a Reviewer reaches the schools assigned to
 * them too (`review-assignments`). Undefined where nothing is out of reach.
 */
function organizationScope(
  definition: AnyResource,
  columns: Record<string, PgColumn>,
  actor: SessionUser,
): SQL | undefined {
  const organizationField = definition.organizationField;
  if (!organizationField || seesEveryOrganization(actor.roles)) return undefined;
  const column = columns[organizationField];
  const reviewed = actor.roles.includes(roles.reviewer)
    ? sql`${column} in (select organization_id from review_assignments where reviewer_id = ${actor.id})`
    : undefined;
  if (actor.organizationId === null) {
    if (reviewed) return reviewed;
    throw forbidden();
  }
  const own = eq(column, actor.organizationId);
  return reviewed ? or(own, reviewed) : own;
}

/**
 * With `trash`, rows outside the trash (`trashed` false: every list, lookup and change) or
 * only those in it (the trash's own calls); without it, no condition.
 */
function trashCondition(engine: Scoped, trashed: boolean) {
  if (!engine.definition.trash) return undefined;
  const deletedAt = engine.columns.deletedAt;
  return trashed ? isNotNull(deletedAt) : isNull(deletedAt);
}

/**
 * The rows of a resource within the actor's reach: their organization's, and with `trash`, not
 * the trashed ones (or, for the trash's own calls, only those). A table's scope parameter (the
 * organization of the list) is refused with 403 when it names another organization.
 */
export function scopeCondition(
  engine: Scoped,
  actor: SessionUser,
  params: Values = {},
  trashed = false,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [trashCondition(engine, trashed)];
  const scopeParam = engine.definition.routes?.table?.scopeParam;
  if (scopeParam && params[scopeParam] !== undefined) {
    const requested = params[scopeParam] as number;
    reachedOrganization(actor, requested);
    conditions.push(eq(engine.columns[scopeParam], requested));
  }
  conditions.push(organizationScope(engine.definition, engine.columns, actor));
  return and(...conditions);
}

/** One row by id within the actor's reach; the organizations themselves answer 403 as ever. */
export function rowCondition(engine: Scoped, actor: SessionUser, id: number, trashed = false) {
  if (engine.definition.organizationField === 'id') reachedOrganization(actor, id);
  return and(eq(engine.columns.id, id), scopeCondition(engine, actor, {}, trashed));
}

/** A non-admin may not file a row under another organization. */
export function assertOwnOrganization(definition: AnyResource, actor: SessionUser, values: Values) {
  const organizationField = definition.organizationField;
  if (!organizationField || organizationField === 'id' || !(organizationField in values)) return;
  reachedOrganization(actor, values[organizationField] as number | null);
}

const none = sql`false`;

/**
 * The referenced rows a caller may name or see labelled, as Payload's relationship field and
 * Django's `formfield_for_foreignkey` narrow a foreign key per user: an Admin, or a role that may
 * list the referenced resource, reaches what that list reaches; any other role reaches only its
 * own organization's rows (its organization itself, its school's staff), and nothing else. The
 * references call and the export's labels read this one rule.
 */
export function referenceReach(
  target: AnyResource,
  columns: Record<string, PgColumn>,
  actor: SessionUser,
): SQL | undefined {
  if (seesEveryOrganization(actor.roles)) return undefined;
  if (allows(target, 'list', actor.roles) && actor.organizationId !== null)
    return organizationScope(target, columns, actor);
  if (actor.organizationId === null) return none;
  const owner = ownerFieldOf(target);
  return owner ? eq(columns[owner], actor.organizationId) : none;
}

/**
 * A `within: 'organization'` reference needs the record's organization and the referenced rows'
 * owner to compare; a definition without them is refused at start, not at its first write.
 */
export function assertWithinReferences(definition: AnyResource) {
  for (const [name, f] of referenceFields(definition)) {
    if (!f.within) continue;
    const target = definitionOf(f.to);
    const problem =
      !definition.organizationField || definition.organizationField === 'id'
        ? "it has no organizationField naming the record's organization"
        : target && !ownerFieldOf(target)
          ? `'${f.to}' has no organizationField nor a reference to organizations`
          : undefined;
    if (problem)
      throw new Error(`Resource '${definition.name}': '${name}' is within the organization, yet ${problem}`);
  }
}

/** The rows of a `within: 'organization'` reference's target that `organizationId` owns; none without one. */
export const ownedBy = (target: AnyResource, columns: Record<string, PgColumn>, organizationId: unknown) =>
  organizationId === null || organizationId === undefined
    ? none
    : eq(columns[ownerFieldOf(target)!], organizationId as number);

/**
 * A write may name only what the picker offers: each reference of `row` among `fields` must be
 * within `referenceReach`, and a `within: 'organization'` one (also when only the record's
 * organization is among `fields`) of the row's own organization, whoever writes; else the write is
 * a 400 naming the field, worded as the database's own answer to an id that does not exist, so a
 * write tells nobody which ids exist. Where nothing narrows (an Admin, no `within`) the foreign key
 * alone decides.
 */
export async function refuseUnreachableReferences(
  db: Db,
  definition: AnyResource,
  actor: SessionUser,
  row: Values,
  fields: readonly string[],
) {
  const organizationField = definition.organizationField;
  for (const [name, f] of referenceFields(definition)) {
    const id = row[name];
    const within = f.within === 'organization' && organizationField !== undefined;
    const named = fields.includes(name) || (within && fields.includes(organizationField));
    if (!named || id === null || id === undefined) continue;
    const target = definitionOf(f.to)!;
    const table = tableOf(target);
    const columns = columnsOf(table);
    const reach = and(
      referenceReach(target, columns, actor),
      within ? ownedBy(target, columns, row[organizationField]) : undefined,
    );
    if (reach === undefined) continue;
    const [reachable] = await db
      .select({ id: columns.id })
      .from(table)
      .where(and(eq(columns.id, id as number), reach));
    if (!reachable) throw badRequest(name, missingReferenceMessage(target));
  }
}
