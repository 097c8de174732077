import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { access } from '../../contract/access';
import { definitionWithoutSchemasOf } from '../../contract/definitions/without-schemas';
import { session } from '../providers';
import { useAuthState } from '../providers/session';
import { canAccessWith } from './engine/access';

/**
 * One guard for every admin route, resources and custom pages alike: the first path
 * segment names the area, and a role that may not open it goes to /403.
 */
export function AccessGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { status, user } = useAuthState(session);
  const area = pathname.replace(/^\/admin\/?/, '').split('/')[0];
  if (area in access || definitionWithoutSchemasOf(area)) {
    if (status !== 'checked') return null;
    if (!canAccessWith(user?.roleNames, 'list', area)) return <Navigate to="/403" replace />;
  }
  return <>{children}</>;
}
