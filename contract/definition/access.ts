import { type RoleName, roles } from '../roles';
import type { Field } from './fields';
import type { AnyResource, ResourceAction } from './resource-definition';

/** Whether any of the roles may do the action; nothing is allowed that the definition does not list. */
export function allows(definition: AnyResource, action: ResourceAction, roleNames: readonly string[] = []) {
  const allowed = definition.access[action];
  return Boolean(allowed?.some((role) => roleNames.includes(role)));
}

/** Whether the admin screens offer the action to any of the roles: allowed and not held back. */
export const offers = (definition: AnyResource, action: ResourceAction, roleNames: readonly string[] = []) =>
  allows(definition, action, roleNames) && !definition.notOffered?.includes(action);

/** Admins work across organizations; every other role is held to its own. */
export const seesEveryOrganization = (roleNames: readonly string[] = []) => roleNames.includes(roles.admin);

const grants = (allowed: readonly RoleName[] | undefined, roleNames: readonly string[]) =>
  !allowed || allowed.some((role) => roleNames.includes(role));

/** Whether any of the roles may see the field (its `access.read`; absent, every role may). */
export const readsField = (f: Field, roleNames: readonly string[] = []) => grants(f.access?.read, roleNames);

/** Whether any of the roles may set the field: it may be seen, and `access.write` (else `read`) allows. */
const writesField = (f: Field, roleNames: readonly string[] = []) =>
  !f.readOnly && readsField(f, roleNames) && grants(f.access?.write ?? f.access?.read, roleNames);

/** The fields the roles may see: every answer to them holds these and no other. */
export const readableFields = (definition: AnyResource, roleNames: readonly string[] = []) =>
  Object.keys(definition.fields).filter((name) => readsField(definition.fields[name], roleNames));

/** The fields the roles may set, in a form, an update, a revert or an import. */
export const writableFields = (definition: AnyResource, roleNames: readonly string[] = []) =>
  Object.keys(definition.fields).filter((name) => writesField(definition.fields[name], roleNames));

/** A row as the roles may see it: the fields they may not read are left out, not blanked. */
export function visibleRow<R extends Record<string, unknown>>(
  definition: AnyResource,
  roleNames: readonly string[],
  row: R,
): R {
  const hidden = Object.keys(definition.fields).filter(
    (name) => !readsField(definition.fields[name], roleNames),
  );
  if (hidden.length === 0) return row;
  const visible: Record<string, unknown> = { ...row };
  for (const name of hidden) delete visible[name];
  return visible as R;
}

/**
 * The definition as the roles see it, for the screens: the fields they may not read are gone
 * (no column, filter or input), those they may read but not set are read-only.
 */
export function definitionAs(definition: AnyResource, roleNames: readonly string[] = []): AnyResource {
  const restricted = Object.values(definition.fields).some((f) => f.access);
  if (!restricted) return definition;
  const readable = new Set(readableFields(definition, roleNames));
  const shown = (names?: string[]) => names?.filter((name) => readable.has(name));
  return {
    ...definition,
    fields: Object.fromEntries(
      Object.entries(definition.fields)
        .filter(([name]) => readable.has(name))
        .map(([name, f]) => [name, writesField(f, roleNames) ? f : { ...f, readOnly: true }]),
    ),
    list: definition.list && {
      ...definition.list,
      columns: shown(definition.list.columns),
      hidden: shown(definition.list.hidden),
      sort:
        definition.list.sort && readable.has(definition.list.sort.field) ? definition.list.sort : undefined,
    },
  };
}
