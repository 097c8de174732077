import { Alert, Box, CircularProgress } from '@mui/material';
import { type ReactNode, useEffect } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useAppMessages } from '../../i18n/locale';
import { loginPathWithReturn } from '../../../contract/returnUrl';
import { session } from '../../providers';
import { useAuthState } from '../../providers/session';

/** Pages that need a signed-in user: loading, failure text, or a trip to /login with returnUrl. */
export function RequireUser({ children }: { children: ReactNode }) {
  const appMessages = useAppMessages();
  const state = useAuthState(session);
  const [path] = useLocation();
  const search = useSearch();
  useEffect(() => {
    if (state.status === 'notChecked') session.ensure().catch(() => undefined);
  }, [state.status]);

  if (state.status === 'error') {
    return (
      <Box sx={{ p: 4 }}>
        <Alert severity="error">{appMessages.errors.userLoad}</Alert>
      </Box>
    );
  }
  if (state.status !== 'checked') {
    return (
      <Box sx={{ p: 4, display: 'flex', justifyContent: 'center' }} aria-busy="true">
        <CircularProgress aria-label={appMessages.layout.loading} />
      </Box>
    );
  }
  if (!state.user) return <Redirect to={loginPathWithReturn(search ? `${path}?${search}` : path)} replace />;
  return <>{children}</>;
}
