import { usePermissions } from 'react-admin';
import { type AnyResource, offers, type ResourceAction } from '../../../contract/definition';

/**
 * Which of a resource's actions the screens offer the signed-in user: the rule behind
 * `authProvider.canAccess`, read once per page rather than once per row and button.
 */
export function useOffers(definition: AnyResource) {
  const { permissions } = usePermissions<string[]>();
  return (action: ResourceAction) => offers(definition, action, permissions ?? []);
}

/** The signed-in user's roles; none until they are known. */
export function useRoleNames(): readonly string[] {
  return usePermissions<string[]>().permissions ?? [];
}

/** Whether a record has anything to edit beyond its list switch (a brand has only its showcase). */
export const hasUpdateForm = (definition: AnyResource) =>
  Object.entries(definition.fields).some(
    ([name, field]) => !field.readOnly && name !== definition.routes?.toggle?.field,
  );
