import StorefrontIcon from '@mui/icons-material/Storefront';
import { Box, LinearProgress, Link as MuiLink, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';
import type { CampaignCard } from '../../../contract/campaigns';
import { formatCurrency, formatNumber } from '../../lib/currency';
import { http } from '../../providers';
import { DashboardCard } from './DashboardCards';

type Window = CampaignCard['campaigns'][number];

function DaysLeft({ days }: { days: number }) {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary">
      {days === 0
        ? translate('app.dashboard.closesToday')
        : translate('app.dashboard.daysLeft', { smart_count: days })}
    </Typography>
  );
}

function WindowName({ window }: { window: Window }) {
  return (
    <MuiLink
      component={Link}
      to={`/admin/campaigns/update/${window.id}`}
      sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
    >
      {window.name}
    </MuiLink>
  );
}

/** A director's open window: days left, each product's units against its minimum, and what it raised. */
function OpenWindow({ window }: { window: Window }) {
  const translate = useTranslate();
  return (
    <Box component="li" sx={{ mb: 2 }}>
      <WindowName window={window} />
      <DaysLeft days={window.daysLeft} />
      {window.products.length === 0 && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {translate('app.campaigns.noProducts')}
        </Typography>
      )}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {window.products.map((product) => {
          const label = translate('app.campaigns.unitsOfMinimum', {
            units: formatNumber(product.units),
            minimum: formatNumber(product.minimum),
          });
          return (
            <Box component="li" key={product.productId} sx={{ mb: 1 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {product.title}: {label}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={Math.min(100, (product.units / Math.max(product.minimum, 1)) * 100)}
                color={product.met ? 'success' : 'primary'}
                aria-label={`${product.title}: ${label}`}
                sx={{ height: 6, borderRadius: 1 }}
              />
            </Box>
          );
        })}
      </Box>
      <Typography sx={{ fontWeight: 500 }}>
        {translate('app.dashboard.raisedSoFar', { amount: formatCurrency(window.raised) })}
      </Typography>
    </Box>
  );
}

/** An Admin's window closing this week: its school and the days it has left. */
function ClosingWindow({ window }: { window: Window }) {
  return (
    <Box component="li" sx={{ mb: 1.5 }}>
      <WindowName window={window} />
      <Typography variant="body2">{window.organizationName}</Typography>
      <DaysLeft days={window.daysLeft} />
    </Box>
  );
}

/**
 * 'Store windows': for a director their school's open window, for an Admin every window closing
 * within the week (`GET campaigns/card`). A failure stays in the card, the others unaffected.
 */
export function StoreWindowsCard({ admin }: { admin: boolean }) {
  const translate = useTranslate();
  const card = useQuery({
    queryKey: ['dashboard', 'campaigns'],
    queryFn: ({ signal }) => http<{ result: CampaignCard }>('/api/campaigns/card', { signal, silent: true }),
    select: (body) => body.result.campaigns,
  });
  const Window = admin ? ClosingWindow : OpenWindow;
  return (
    <DashboardCard icon={<StorefrontIcon />} title={translate('app.dashboard.storeWindows')}>
      {card.isPending ? (
        <Skeleton variant="rounded" height={96} />
      ) : card.error ? (
        <Typography color="error">{translate('app.dashboard.windowsLoad')}</Typography>
      ) : card.data.length === 0 ? (
        <Typography>
          {translate(admin ? 'app.dashboard.noWindowClosing' : 'app.dashboard.noOpenWindow')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {card.data.map((window) => (
            <Window key={window.id} window={window} />
          ))}
        </Box>
      )}
    </DashboardCard>
  );
}
