import { type AnyResource, readsField, visibleRow, writableFields } from '../../contract/resource';
import type { SessionUser } from '../auth/sessions';
import { badRequest, forbidden } from '../errors';
import type { Values } from './types';

/*
 * Field access (a field's `access` in its definition) on the server: every answer goes through
 * `visibleRow`, every write through `refuseHiddenFields` and `writableValues`. An import calls the
 * same two on each row.
 */

/**
 * A body naming a field the actor may not even see is refused whole (403): no value of it can be
 * theirs. One they may see but not set is dropped like a read-only one (`writableValues`), as a
 * form sends back the record it read.
 */
export function refuseHiddenFields(definition: AnyResource, actor: SessionUser, body: unknown) {
  if (!body || typeof body !== 'object') return;
  const hidden = Object.keys(body).filter(
    (name) => name in definition.fields && !readsField(definition.fields[name], actor.roles),
  );
  if (hidden.length > 0) throw forbidden();
}

/**
 * The parsed values without the fields the actor may not set: a schema's null for an absent
 * optional field would otherwise overwrite what only another role may change.
 */
export function writableValues(definition: AnyResource, actor: SessionUser, values: Values): Values {
  const writable = new Set(writableFields(definition, actor.roles));
  return Object.fromEntries(
    Object.entries(values).filter(([name]) => !(name in definition.fields) || writable.has(name)),
  );
}

/** A row as the actor may see it. */
export const visibleTo = (definition: AnyResource, actor: SessionUser, row: Values) =>
  visibleRow(definition, actor.roles, row);

/**
 * Sorting or filtering by a field tells its values as surely as showing it: for a role that may
 * not read the field it is the same 400 as a field that cannot be sorted or filtered.
 */
export function refuseUnreadableQuery(
  definition: AnyResource,
  actor: SessionUser,
  query: { sortField?: string | null; filter?: Values },
) {
  const hidden = (name: string) =>
    name in definition.fields && !readsField(definition.fields[name], actor.roles);
  if (query.sortField && hidden(query.sortField))
    throw badRequest('sortField', 'Sort field is not a sortable column');
  for (const name of Object.keys(query.filter ?? {}))
    if (hidden(name)) throw badRequest(`filter.${name}`, 'Filter is not a filterable column');
}
