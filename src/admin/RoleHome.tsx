import { Navigate } from 'react-router';
import { homePathFor } from '../../contract/access';
import { session } from '../providers';
import { useAuthState } from '../providers/session';

/** `/admin`: Admins go to the dashboard, AthleticDirectors to their design logos. */
export function RoleHome() {
  const { status, user } = useAuthState(session);
  if (status !== 'checked') return null;
  return <Navigate to={homePathFor(user?.roleNames)} replace />;
}
