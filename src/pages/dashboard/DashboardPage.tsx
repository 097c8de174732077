import { Alert, Box, Grid, Skeleton } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Title, useLogoutIfAccessDenied, useNotify, useTranslate } from 'react-admin';
import type { Dashboard, DashboardElement } from '../../contract/dashboard';
import { maxDashboardCards } from '../../contract/limits';
import { isAdmin } from '../../contract/roles';
import { http, session } from '../../providers';
import { useAuthState } from '../../providers/session';
import { AssignedRolesCard, PrimaryInfoCard, UserCountCard } from './DashboardCards';

const isCancelled = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

function ElementCard({ element, admin }: { element: DashboardElement; admin: boolean }) {
  switch (element.dashboardDataType) {
    case 'UserDetails':
      return <PrimaryInfoCard element={element} isAdmin={admin} />;
    case 'UserRoles':
      return <AssignedRolesCard element={element} />;
    case 'UserCount':
      return admin ? <UserCountCard element={element} /> : null;
  }
}

/** `/admin/dashboard`: up to six cards from `GET dashboard`, in the order the server gives. */
export function DashboardPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const { user } = useAuthState(session);
  const admin = isAdmin(user?.roleNames);
  const { data, error, isPending } = useQuery({
    queryKey: ['dashboard'],
    // Silent: this page has its own failure text instead of the generic ones.
    queryFn: ({ signal }) => http<{ result: Dashboard }>('/api/dashboard', { signal, silent: true }),
    select: (body) => body.result.dataElements.slice(0, maxDashboardCards),
  });

  useEffect(() => {
    if (!error || isCancelled(error)) return;
    const status = (error as { status?: number }).status;
    if (status === 401 || status === 403) {
      void logoutIfAccessDenied(error);
      return;
    }
    notify(translate('app.errors.dashboardLoad'), { type: 'error' });
  }, [error, logoutIfAccessDenied, notify, translate]);

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('app.dashboard.title')} />
      {isPending && !error && (
        <Grid container spacing={2}>
          {[0, 1, 2].map((key) => (
            <Grid key={key} size={{ xs: 12, md: 6, lg: 4 }}>
              <Skeleton variant="rounded" height={160} />
            </Grid>
          ))}
        </Grid>
      )}
      {error && !isCancelled(error) && (
        <Alert severity="error">{translate('app.errors.dashboardLoad')}</Alert>
      )}
      {data && (
        <Grid container spacing={2}>
          {data.map((element) => (
            <Grid key={element.dashboardDataType} size={{ xs: 12, md: 6, lg: 4 }}>
              <ElementCard element={element} admin={admin} />
            </Grid>
          ))}
        </Grid>
      )}
    </Box>
  );
}
