import type { z } from 'zod';
import { type RoleName, roles } from '../roles';
import type { Workflow } from '../workflow';
import type { Field } from './fields';
import type { FieldRule } from './rules';

export type ResourceAction =
  | 'list'
  | 'read'
  | 'create'
  | 'update'
  | 'delete'
  | 'bulkDelete'
  | 'export'
  /** Read the trash and bring records back from it (one or many). */
  | 'restore'
  /** Delete trashed records forever (one or many). */
  | 'purge';

/**
 * Where a call lives when the spec's path differs from `{method} /api/{path}[/{id}]`.
 * `idIn` says where the id travels: the path (default), the body (`PUT emailTemplate/update`)
 * or the query (`DELETE promo-codes?id=5`).
 */
interface RouteOverride {
  path: string;
  idIn?: 'path' | 'body' | 'query';
}

interface ResourceRoutes {
  /** `orders/organization/:organizationId/table`: the named field's value travels in the path. */
  table?: { path: string; scopeParam: string };
  update?: RouteOverride;
  delete?: RouteOverride;
  /** `GET settings/{key}`: a path segment that is not a number is looked up by this field. */
  getOneAlsoBy?: string;
  /** A one-field switch in the list: `PATCH brands/:id/showcase`, `PUT promo-codes/update-active-status`. */
  toggle?: { field: string; method: 'PATCH' | 'PUT'; path: string; idIn: 'path' | 'body' };
}

/**
 * The sidebar icons a definition may name, each bundled in `src/layout/Menu.tsx`'s map: a name
 * outside it is a type error rather than a silent fallback.
 */
export type MenuIcon =
  | 'Business'
  | 'Email'
  | 'Event'
  | 'Groups'
  | 'History'
  | 'LocalOffer'
  | 'People'
  | 'Receipt'
  | 'Sell'
  | 'Tune'
  | 'WorkHistory';

export type Access = Partial<Record<ResourceAction, readonly RoleName[]>>;

/**
 * The access of a table its users keep: `allowed` list, read, create, update and export it (a
 * role but Admin only its own organization's rows, by the definition's `organizationField`);
 * deleting, one row or many, and the trash (restore, delete forever) are the Admin's.
 */
export const accessFor = (allowed: readonly RoleName[]): Access => ({
  list: allowed,
  read: allowed,
  create: allowed,
  update: allowed,
  export: allowed,
  delete: [roles.admin],
  bulkDelete: [roles.admin],
  // Only offered with `trash`: the trash is an Admin's.
  restore: [roles.admin],
  purge: [roles.admin],
});

export interface ResourceDefinition<F extends Record<string, Field> = Record<string, Field>> {
  /** The admin route `/admin/{name}`, the i18n key `resources.{name}` and the default API path. */
  name: string;
  /** The table in the database (its `pgTable` name). */
  table: string;
  /** The API prefix under /api when it differs from the name (`emailTemplate`). */
  apiPath?: string;
  /** `toast` names one record in success toasts when the spec words it apart ('User {email} updated'). */
  label: { one: string; many: string; toast?: string };
  /** The field naming a record in titles, toasts and references. */
  titleField: keyof F & string;
  /**
   * The sidebar entry. `label` names it when the list's title would read badly in the sidebar
   * (the spec's 'Settings' table inside the 'Settings' group); the title stays `label.many`.
   */
  menu?: { group?: 'settings'; icon: MenuIcon; order: number; label?: string };
  /** Deny unless allowed: an action with no roles listed is not offered and its route is absent. */
  access: Access;
  /**
   * Actions the API serves to the roles above but the admin screens do not offer: the spec's
   * Promos table has no delete, yet `DELETE promo-codes` is one of its calls.
   */
  notOffered?: readonly ResourceAction[];
  /**
   * The field holding the organization (`'id'` for organizations themselves): Admins reach
   * every row, other roles only their own organization's.
   */
  organizationField?: (keyof F & string) | 'id';
  fields: F;
  /**
   * Rules across fields (a window that closes after it opens), as Django's `Model.clean()`: the
   * create and update bodies, and so the forms, the API and import, refuse a record that breaks
   * one with its message on its field. A rule sees the record's values as written; an empty one
   * is `null`.
   */
  rules?: readonly FieldRule<F>[];
  list?: {
    /** Columns in order; default: every field with `list !== false`. */
    columns?: (keyof F & string)[];
    /** Columns that start hidden: each user shows them (and hides or reorders any) with Columns. */
    hidden?: (keyof F & string)[];
    sort?: { field: keyof F & string; order: 'ASC' | 'DESC' };
  };
  /**
   * `false` leaves the resource out of the top bar's quick search (logs and queues, which
   * nobody jumps to by name); otherwise its searchable fields are searched there too.
   */
  quickSearch?: false;
  /**
   * Delete moves a record to the trash (`deleted_at`, `deleted_by`) instead of removing it:
   * every list, lookup and option list stops showing it, `POST {path}/:id/restore` brings it
   * back and the trash job removes it for good after TRASH_RETENTION_DAYS. The table needs the
   * two columns, and its unique indexes ignore trashed rows (`server/db/resource-table.ts`).
   */
  trash?: true;
  /**
   * With `audit`, `GET {path}/:id/history` lists the record's changes (field, before, after, who,
   * when) and `POST {path}/:id/revert` brings back a change's earlier values through the update
   * (for the roles of `access.update`). `false` where the module serves the update itself (users).
   */
  history?: false;
  /** The audit log's entity type for this resource's changes; absent, changes are not audited. */
  audit?: { entityType: string };
  routes?: ResourceRoutes;
  /**
   * Escape hatch for a resource whose bodies the fields cannot describe (users: nested name,
   * passwords, role lists). Absent, every schema is derived from the fields.
   */
  schemas?: { row?: z.ZodType; create?: z.ZodType; update?: z.ZodType };
  /**
   * With `schemas.create`, the flat row an import's columns fill (users: the name's parts, the
   * roles), which the resource's server module turns into that body (`ResourceServer.import`).
   * Absent, such a resource takes no import.
   */
  importFields?: Record<string, Field>;
  /**
   * The states a record goes through (`contract/workflow.ts`): its `field` is a read-only choice
   * of them (`stateField(workflow)`), changed only by the workflow's transitions.
   */
  workflow?: Workflow;
}

export type AnyResource = ResourceDefinition<Record<string, Field>>;

/** Field names are checked against the definition's own fields; the result fits any registry. */
export const defineResource = <
  F extends Record<string, Field>,
  const N extends string,
  const T extends true | undefined = undefined,
>(
  definition: ResourceDefinition<F> & { table: N; trash?: T },
): ResourceDefinition<F> & AnyResource & { table: N; trash: T } =>
  definition as ResourceDefinition<F> & AnyResource & { table: N; trash: T };
