import { Alert, Box, Grid, Skeleton } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Title, useLogoutIfAccessDenied, useNotify, useStore, useTranslate } from 'react-admin';
import type { Dashboard, DashboardElement, Sales } from '../../../contract/dashboard';
import { maxDashboardCards } from '../../../contract/limits';
import { campaigns } from '../../../contract/definitions/campaigns';
import { isAdmin } from '../../../contract/roles';
import { useOffers } from '../../admin/engine/useOffers';
import { useSelectedOrganization } from '../../layout/useSelectedOrganization';
import { http, session } from '../../providers';
import { useAuthState } from '../../providers/session';
import { AssignedRolesCard, PrimaryInfoCard, UserCountCard } from './DashboardCards';
import { SalesGridItems, type SalesPeriodChoice } from './SalesCards';

const isCancelled = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** The user count is an Admin's card. */
const shownTo = (element: DashboardElement, admin: boolean) =>
  admin || element.dashboardDataType !== 'UserCount';

function ElementCard({ element, admin }: { element: DashboardElement; admin: boolean }) {
  switch (element.dashboardDataType) {
    case 'UserDetails':
      return <PrimaryInfoCard element={element} isAdmin={admin} />;
    case 'UserRoles':
      return <AssignedRolesCard element={element} />;
    case 'UserCount':
      return <UserCountCard element={element} />;
  }
}

/**
 * The element cards share the first row on a wide screen, two or three to it: a short card (the
 * roles, often one chip) sits beside the others and leaves no empty column before the sales.
 */
const elementCardSize = (count: number) =>
  ({ xs: 12, md: 6, lg: 12 / Math.min(Math.max(count, 2), 3) }) as const;

/**
 * `/admin/dashboard`: the cards of `GET dashboard` in the order the server gives, then the
 * selected organization's sales (all organizations' for an Admin who selected none), six
 * cards at most.
 */
export function DashboardPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const { user } = useAuthState(session);
  const admin = isAdmin(user?.roleNames);
  const mayListCampaigns = useOffers(campaigns);
  const { organizationId } = useSelectedOrganization();
  const { data, error, isPending } = useQuery({
    queryKey: ['dashboard', organizationId],
    // Silent: this page has its own failure text instead of the generic ones.
    queryFn: ({ signal }) =>
      http<{ result: Dashboard }>(
        organizationId === null ? '/api/dashboard' : `/api/dashboard?organizationId=${organizationId}`,
        { signal, silent: true },
      ),
    select: (body) => body.result.dataElements.slice(0, maxDashboardCards),
  });
  const [period, setPeriod] = useStore<SalesPeriodChoice>('dashboard.salesPeriod', { period: '30' });
  const sales = useQuery({
    queryKey: ['dashboard', 'sales', organizationId, period],
    // Silent: a failure shows in the sales cards and leaves the rest of the page working.
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ period: period.period });
      if (organizationId !== null) query.set('organizationId', String(organizationId));
      if (period.period === 'custom' && period.from && period.to) {
        query.set('from', period.from);
        query.set('to', period.to);
      }
      return http<{ result: Sales }>(`/api/dashboard/sales?${query}`, { signal, silent: true });
    },
    select: (body) => body.result,
    // The cards keep the figures on screen while another period loads.
    placeholderData: (previous) => previous,
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

  const shown = data?.filter((element) => shownTo(element, admin));

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
      {shown && (
        <Grid container spacing={2}>
          {shown.map((element) => (
            <Grid key={element.dashboardDataType} size={elementCardSize(shown.length)}>
              <ElementCard element={element} admin={admin} />
            </Grid>
          ))}
          <SalesGridItems
            state={{ data: sales.data, isError: sales.isError, period, onPeriod: setPeriod }}
            admin={admin}
            windows={mayListCampaigns('list')}
            room={maxDashboardCards - shown.length}
          />
        </Grid>
      )}
    </Box>
  );
}
