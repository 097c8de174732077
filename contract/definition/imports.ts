import { definitionAs, seesEveryOrganization } from './access';
import type { Field } from './fields';
import type { AnyResource } from './resource-definition';

/**
 * Whether a resource takes a spreadsheet (`server/engine/import`): its create is offered, and a
 * flat row can be its create body, which holds where the fields describe that body, or where
 * the definition names the row's `importFields` (users' nested name and role list); an order's
 * items cannot be one row of cells.
 */
export const importable = (definition: AnyResource) =>
  (definition.access.create?.length ?? 0) > 0 &&
  !definition.notOffered?.includes('create') &&
  (!definition.schemas?.create || Boolean(definition.importFields));

/**
 * The resource as an import's columns see it: its `importFields` where it names them, whose row
 * the server module checks by the resource's own create body.
 */
export const importDefinitionOf = (definition: AnyResource): AnyResource =>
  definition.importFields
    ? { ...definition, fields: definition.importFields, schemas: undefined }
    : definition;

/**
 * The columns an import takes from these roles, in the definition's order, and whether each must
 * be there: the fields they may set (`definitionAs`), but the organization of a role held to its
 * own, which every row takes from the importer; a field with a default may be left out.
 */
export function importColumnsOf(definition: AnyResource, roleNames: readonly string[]) {
  const seen = definitionAs(importDefinitionOf(definition), roleNames);
  const implied =
    !seesEveryOrganization(roleNames) && seen.organizationField !== 'id' ? seen.organizationField : undefined;
  return Object.entries(seen.fields)
    .filter(([name, f]) => !f.readOnly && name !== implied)
    .map(([name, f]) => ({ name, required: requiredInImport(f) }));
}

/** A field a file must give a column for: required, with no default to fall back on. */
export const requiredInImport = (f: Field) =>
  Boolean(f.required) && !('default' in f && f.default !== undefined);
