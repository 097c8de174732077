import { useStore } from 'react-admin';
import { isAdmin } from '../../contract/roles';
import { session } from '../providers';
import { useAuthState } from '../providers/session';

/** react-admin's store keeps this in local storage, so the choice survives a reload. */
export const selectedOrganizationKey = 'selectedOrganizationId';

/**
 * The organization the admin pages work on. Admins choose one (kept in local storage and
 * dropped by the page header when it is no longer among the options); everyone else
 * always works on their own organization.
 */
export function useSelectedOrganization() {
  const { user } = useAuthState(session);
  const [chosen, setChosen] = useStore<number | null>(selectedOrganizationKey, null);
  const admin = isAdmin(user?.roleNames);
  return {
    organizationId: admin ? chosen : (user?.organizationId ?? null),
    canChoose: admin,
    setOrganizationId: setChosen,
  };
}
