import type { AuthProvider } from 'react-admin';
import { canAccess } from '../../../contract/access';
import { type AnyResource, offers, type ResourceAction } from '../../../contract/definition';
import { definitionsWithoutSchemas } from '../../../contract/definitions/without-schemas';

/** react-admin's action names in the definitions' words. */
const actionOf: Record<string, ResourceAction> = {
  list: 'list',
  show: 'read',
  read: 'read',
  create: 'create',
  clone: 'create',
  edit: 'update',
  delete: 'delete',
  export: 'export',
};

/**
 * Whether roles may do an action on a resource or open a custom page: a resource's definition
 * decides (the rule the server enforces), the page table of `contract/access` the rest.
 */
export function canAccessWith(
  roleNames: readonly string[] | undefined,
  action: string,
  resource: string,
  definitions: readonly AnyResource[] = definitionsWithoutSchemas,
) {
  const definition = definitions.find((candidate) => candidate.name === resource);
  if (!definition) return canAccess(roleNames, resource);
  const mapped = actionOf[action];
  return mapped !== undefined && offers(definition, mapped, roleNames);
}

/**
 * The app's authProvider with `canAccess` backed by the definitions. It lives in the admin
 * chunk: the sign-in page shares the authProvider and must not download the registry.
 */
export const withDefinitionAccess = (
  authProvider: AuthProvider,
  definitions: readonly AnyResource[] = definitionsWithoutSchemas,
): AuthProvider => ({
  ...authProvider,
  async canAccess({ action, resource }) {
    const roleNames = (await authProvider.getPermissions?.({})) as string[] | undefined;
    return canAccessWith(roleNames, action, resource, definitions);
  },
});
