import InventoryIcon from '@mui/icons-material/Inventory';
import ReceiptIcon from '@mui/icons-material/Receipt';
import SettingsIcon from '@mui/icons-material/Settings';
import {
  Alert,
  Box,
  Button,
  Grid,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import type { ReactNode } from 'react';
import { Suspense } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';
import type { Sales } from '../../../contract/dashboard';
import { formatCurrency } from '../../lib/currency';
import { lazyNamed } from '../../lib/lazyNamed';
import { DashboardCard } from './DashboardCards';
import { formatDay, salesTotals } from './salesFigures';

/** The charting code is the heaviest part of the dashboard: it loads with the first chart drawn. */
const SalesChart = lazyNamed(() => import('./SalesChart'), 'SalesChart');

const chartHeight = 240;
const thumbnailSize = 40;

/** What the page's `GET dashboard/sales` query has so far. */
export type SalesState = { data?: Sales; isError: boolean };

/** The figures the chart draws, as a table only screen readers see. */
function SalesTable({ days }: { days: Sales['days'] }) {
  const translate = useTranslate();
  return (
    <Table size="small" sx={visuallyHidden}>
      <caption>{translate('app.dashboard.salesTable')}</caption>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            {translate('app.dashboard.date')}
          </TableCell>
          <TableCell component="th" scope="col">
            {translate('app.dashboard.revenue')}
          </TableCell>
          <TableCell component="th" scope="col">
            {translate('app.dashboard.orders')}
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {days.map((day) => (
          <TableRow key={day.date}>
            <TableCell component="th" scope="row">
              {formatDay(day.date)}
            </TableCell>
            <TableCell>{formatCurrency(day.revenue)}</TableCell>
            <TableCell>{day.orders.toLocaleString('en-US')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function Figures({ state, children }: { state: SalesState; children: (sales: Sales) => ReactNode }) {
  const translate = useTranslate();
  if (state.isError) return <Alert severity="error">{translate('app.dashboard.salesLoad')}</Alert>;
  if (!state.data) return <Skeleton variant="rounded" height={chartHeight} aria-busy="true" />;
  return children(state.data);
}

export function SalesCard({ state }: { state: SalesState }) {
  const translate = useTranslate();
  return (
    <DashboardCard icon={<ReceiptIcon />} title={translate('app.dashboard.sales')}>
      <Figures state={state}>
        {({ days }) => {
          const { revenue, orders, best } = salesTotals(days);
          if (!best) return <Typography>{translate('app.dashboard.noSales')}</Typography>;
          const totals = {
            revenue: formatCurrency(revenue),
            orders: orders.toLocaleString('en-US'),
          };
          return (
            <>
              <Typography color="text.secondary">{translate('app.dashboard.salesPeriod')}</Typography>
              <Typography variant="h4" component="p" sx={{ mb: 1 }}>
                {translate('app.dashboard.salesTotals', totals)}
              </Typography>
              <Box
                role="img"
                aria-label={translate('app.dashboard.salesChart', {
                  ...totals,
                  bestDay: formatDay(best.date),
                  bestRevenue: formatCurrency(best.revenue),
                })}
                sx={{ height: chartHeight }}
              >
                {/* The label speaks for the drawing: its SVG would otherwise be a second, unnamed image. */}
                <Box aria-hidden="true" sx={{ height: '100%' }}>
                  <Suspense fallback={<Skeleton variant="rounded" height={chartHeight} />}>
                    <SalesChart
                      days={days}
                      revenueLabel={translate('app.dashboard.revenue')}
                      ordersLabel={translate('app.dashboard.orders')}
                    />
                  </Suspense>
                </Box>
              </Box>
              <SalesTable days={days} />
            </>
          );
        }}
      </Figures>
    </DashboardCard>
  );
}

function Thumbnail({ url }: { url: string | null }) {
  const translate = useTranslate();
  const box = { width: thumbnailSize, height: thumbnailSize, borderRadius: 1, bgcolor: 'action.hover' };
  if (!url)
    return (
      <Box
        sx={{ ...box, display: 'grid', placeItems: 'center', fontSize: 9, color: 'text.secondary' }}
        aria-hidden="true"
      >
        {translate('app.dashboard.noThumbnail')}
      </Box>
    );
  return (
    <Box
      component="img"
      src={url}
      alt=""
      width={thumbnailSize}
      height={thumbnailSize}
      sx={{ ...box, objectFit: 'contain' }}
    />
  );
}

export function TopProductsCard({ state }: { state: SalesState }) {
  const translate = useTranslate();
  return (
    <DashboardCard icon={<InventoryIcon />} title={translate('app.dashboard.topProducts')}>
      <Figures state={state}>
        {({ topProducts }) =>
          topProducts.length === 0 ? (
            <Typography>{translate('app.dashboard.noSales')}</Typography>
          ) : (
            <List dense disablePadding>
              {topProducts.map((product) => (
                <ListItem key={product.productId} disableGutters>
                  <ListItemAvatar>
                    <Thumbnail url={product.thumbnailUrl} />
                  </ListItemAvatar>
                  <ListItemText
                    primary={product.title}
                    secondary={translate('app.dashboard.unitsSold', {
                      units: product.unitsSold.toLocaleString('en-US'),
                    })}
                  />
                </ListItem>
              ))}
            </List>
          )
        }
      </Figures>
    </DashboardCard>
  );
}

export function OperationsCard({ state }: { state: SalesState }) {
  const translate = useTranslate();
  return (
    <DashboardCard
      icon={<SettingsIcon />}
      title={translate('app.dashboard.operations')}
      actions={
        <Button component={Link} to="/admin/jobs" size="small">
          {translate('app.dashboard.viewJobs')}
        </Button>
      }
    >
      <Figures state={state}>
        {({ operations }) =>
          operations && (
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr auto', gap: 1, m: 0 }}>
              {(
                [
                  ['productsProcessing', operations.productsProcessing],
                  ['productsFailed', operations.productsFailed],
                  ['jobsWaiting', operations.jobsWaiting],
                  ['jobsFailed', operations.jobsFailed],
                ] as const
              ).map(([key, value]) => (
                <Box key={key} sx={{ display: 'contents' }}>
                  <Box component="dt" sx={{ color: 'text.secondary' }}>
                    {translate(`app.dashboard.${key}`)}
                  </Box>
                  <Box
                    component="dd"
                    sx={{
                      m: 0,
                      fontWeight: 500,
                      color: value > 0 && key.endsWith('Failed') ? 'error.main' : undefined,
                    }}
                  >
                    {value.toLocaleString('en-US')}
                  </Box>
                </Box>
              ))}
            </Box>
          )
        }
      </Figures>
    </DashboardCard>
  );
}

const salesCards = [
  { key: 'Sales', Card: SalesCard, size: { xs: 12, lg: 8 }, adminOnly: false },
  { key: 'TopProducts', Card: TopProductsCard, size: { xs: 12, md: 6, lg: 4 }, adminOnly: false },
  { key: 'Operations', Card: OperationsCard, size: { xs: 12, md: 6, lg: 4 }, adminOnly: true },
] as const;

/** The sales cards that fit in `room`, after the spec's cards. */
export function SalesGridItems({ state, admin, room }: { state: SalesState; admin: boolean; room: number }) {
  return salesCards
    .filter((card) => admin || !card.adminOnly)
    .slice(0, Math.max(room, 0))
    .map(({ key, Card, size }) => (
      <Grid key={key} size={size}>
        <Card state={state} />
      </Grid>
    ));
}
