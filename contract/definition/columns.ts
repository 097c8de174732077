import { seesEveryOrganization } from './access';
import type { ReferenceField } from './fields';
import type { AnyResource } from './resource-definition';

const entries = (definition: AnyResource) => Object.entries(definition.fields);

/** The list's columns: the definition's `list.columns` in its order, or every field shown in the list. */
export const listColumnsOf = (definition: AnyResource) =>
  definition.list?.columns ??
  entries(definition)
    .filter(([, f]) => f.list !== false)
    .map(([name]) => name);

/**
 * The export's columns, before each role's `access.read`: the list's columns in the list's order
 * but those with `export: false`, then the fields the list leaves out that say `export: true`.
 */
export const exportColumnsOf = (definition: AnyResource) => {
  const listed = listColumnsOf(definition);
  return [
    ...listed.filter((name) => definition.fields[name].export !== false),
    ...entries(definition)
      .filter(([name, f]) => f.export === true && !listed.includes(name))
      .map(([name]) => name),
  ];
};

export const sortableFields = (definition: AnyResource) => [
  'id',
  ...entries(definition)
    .filter(([, f]) => f.sort)
    .map(([name]) => name),
];

export const referenceFields = (definition: AnyResource) =>
  entries(definition).filter((entry): entry is [string, ReferenceField] => entry[1].kind === 'reference');

/**
 * The field naming the organization a row belongs to: its `organizationField`, else its reference
 * to organizations (an account's school), else none. Who may name a row of another resource
 * (`referenceReach`) and `within: 'organization'` both go by it.
 */
export const ownerFieldOf = (definition: AnyResource) =>
  definition.organizationField ?? referenceFields(definition).find(([, f]) => f.to === 'organizations')?.[0];

export const filterableFields = (definition: AnyResource) =>
  entries(definition).filter(([, f]) => f.filter || f.kind === 'reference');

/**
 * The fields a list offers a filter input for: a reference hidden from the list is filterable
 * for getMany's sake alone, and a user held to one organization has no organization filter,
 * as every row they reach is their own organization's.
 */
export const filterInputFields = (definition: AnyResource, roleNames: readonly string[]) =>
  filterableFields(definition)
    .filter(([, f]) => f.filter || f.list !== false)
    .filter(([name]) => name !== definition.organizationField || seesEveryOrganization(roleNames));

/** The spec's 400 text of a reference to no row, one place for every resource. */
export const missingReferenceMessage = (referenced: AnyResource) => `${referenced.label.one} does not exist`;
