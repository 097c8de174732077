import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import InventoryIcon from '@mui/icons-material/Inventory';
import ReceiptIcon from '@mui/icons-material/Receipt';
import SettingsIcon from '@mui/icons-material/Settings';
import {
  Alert,
  Box,
  Button,
  FormControl,
  Grid,
  InputLabel,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  MenuItem,
  Select,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { Suspense, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router';
import type { Sales, SalesPeriod } from '../../../contract/dashboard';
import { formatCurrency, formatNumber } from '../../lib/currency';
import { lazyNamed } from '../../lib/lazyNamed';
import { DashboardCard } from './DashboardCards';
import { formatDay, salesTotals } from './salesFigures';
import { StoreWindowsCard } from './StoreWindowsCard';

/** The charting code is the heaviest part of the dashboard: it loads with the first chart drawn. */
const SalesChart = lazyNamed(() => import('./SalesChart'), 'SalesChart');

const chartHeight = 240;
const thumbnailSize = 40;

/** The period the sales cards show: one of the fixed ones, or a custom range of days. */
export interface SalesPeriodChoice {
  period: SalesPeriod;
  from?: string;
  to?: string;
}

const periodChoices: SalesPeriod[] = ['7', '30', '90', 'school-year', 'custom'];

/** What the page's `GET dashboard/sales` query has so far, and the period it asks for. */
export type SalesState = {
  data?: Sales;
  isError: boolean;
  period: SalesPeriodChoice;
  onPeriod: (choice: SalesPeriodChoice) => void;
};

/** The period selector; a custom range is asked for once both days are set and in order. */
function PeriodPicker({
  choice,
  onChange,
}: {
  choice: SalesPeriodChoice;
  onChange: (c: SalesPeriodChoice) => void;
}) {
  const translate = useTranslate();
  const [draft, setDraft] = useState({ from: choice.from ?? '', to: choice.to ?? '' });
  const [custom, setCustom] = useState(choice.period === 'custom');
  const backwards = Boolean(draft.from && draft.to && draft.from > draft.to);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start', mb: 1 }}>
      <FormControl size="small" sx={{ minWidth: 180 }}>
        <InputLabel id="sales-period-label">{translate('app.dashboard.period')}</InputLabel>
        <Select
          labelId="sales-period-label"
          label={translate('app.dashboard.period')}
          value={custom ? 'custom' : choice.period}
          onChange={(event) => {
            const period = event.target.value as SalesPeriod;
            setCustom(period === 'custom');
            if (period !== 'custom') onChange({ period });
          }}
        >
          {periodChoices.map((period) => (
            <MenuItem key={period} value={period}>
              {translate(`app.dashboard.periods.${period}`)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {custom && (
        <Box
          component="form"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
          onSubmit={(event) => {
            event.preventDefault();
            if (draft.from && draft.to && !backwards) onChange({ period: 'custom', ...draft });
          }}
        >
          <TextField
            size="small"
            type="date"
            label={translate('app.dashboard.from')}
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="date"
            label={translate('app.dashboard.to')}
            value={draft.to}
            error={backwards}
            helperText={backwards ? translate('app.dashboard.toBeforeFrom') : undefined}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button type="submit" variant="outlined" disabled={!draft.from || !draft.to || backwards}>
            {translate('app.dashboard.apply')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** "+12% revenue" against the period before; nothing to compare with says so. */
function changeOf(now: number, before: number, translate: ReturnType<typeof useTranslate>) {
  if (before === 0) return now === 0 ? '' : translate('app.dashboard.noEarlierSales');
  const percent = Math.round(((now - before) / before) * 100);
  return translate('app.dashboard.change', { sign: percent > 0 ? '+' : '', percent });
}

/**
 * The figures the chart draws, day by day, as a table behind a button: the chart shows them
 * only on hover, and a visually hidden table still took a page's length of blank scroll.
 */
function SalesTable({ days }: { days: Sales['days'] }) {
  const translate = useTranslate();
  const [shown, setShown] = useState(false);
  const tableId = useId();
  return (
    <>
      <Button
        size="small"
        aria-expanded={shown}
        aria-controls={tableId}
        endIcon={shown ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        onClick={() => setShown(!shown)}
      >
        {translate('app.dashboard.showSalesTable')}
      </Button>
      {shown && <DaysTable id={tableId} days={days} />}
    </>
  );
}

function DaysTable({ id, days }: { id: string; days: Sales['days'] }) {
  const translate = useTranslate();
  return (
    <Table size="small" id={id}>
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
            <TableCell>{formatNumber(day.orders)}</TableCell>
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

function SalesCard({ state }: { state: SalesState }) {
  const translate = useTranslate();
  return (
    <DashboardCard icon={<ReceiptIcon />} title={translate('app.dashboard.sales')}>
      <PeriodPicker choice={state.period} onChange={state.onPeriod} />
      <Figures state={state}>
        {({ days, from, to, previous }) => {
          const { revenue, orders, best } = salesTotals(days);
          const range = translate('app.dashboard.rangeLabel', { from: formatDay(from), to: formatDay(to) });
          const comparison = (
            <Typography variant="body2" color="text.secondary">
              {translate('app.dashboard.comparedWith', {
                from: formatDay(previous.from),
                to: formatDay(previous.to),
                revenue: formatCurrency(previous.revenue),
                orders: formatNumber(previous.orders),
              })}
              {revenue > 0 || previous.revenue > 0
                ? ` · ${changeOf(revenue, previous.revenue, translate)}`
                : ''}
            </Typography>
          );
          const totals = {
            revenue: formatCurrency(revenue),
            orders: formatNumber(orders),
          };
          // A status region: another period's figures replace these in place, and are announced.
          const summary = (
            <Box role="status" sx={{ mb: 1 }}>
              <Typography color="text.secondary">{range}</Typography>
              {best ? (
                <Typography variant="h4" component="p">
                  {translate('app.dashboard.salesTotals', totals)}
                </Typography>
              ) : (
                <Typography>{translate('app.dashboard.noSales')}</Typography>
              )}
              {comparison}
            </Box>
          );
          if (!best) return summary;
          return (
            <>
              {summary}
              <Box
                role="img"
                aria-label={translate('app.dashboard.salesChart', {
                  ...totals,
                  from: formatDay(from),
                  to: formatDay(to),
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

function TopProductsCard({ state }: { state: SalesState }) {
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
                    secondary={translate('app.dashboard.unitsSoldBefore', {
                      units: formatNumber(product.unitsSold),
                      before: formatNumber(product.previousUnitsSold),
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

function OperationsCard({ state }: { state: SalesState }) {
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
                    {formatNumber(value)}
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

function WindowsCard({ admin }: { state: SalesState; admin: boolean }) {
  return <StoreWindowsCard admin={admin} />;
}

/**
 * In this order, as many as fit: an Admin's six are the spec's three, Sales, Store windows and
 * Operations, so Top Products is a director's (docs/decisions.md, Dashboard).
 */
const salesCards = [
  { key: 'Sales', Card: SalesCard, size: { xs: 12, lg: 8 }, adminOnly: false, windows: false },
  { key: 'StoreWindows', Card: WindowsCard, size: { xs: 12, md: 6, lg: 4 }, adminOnly: false, windows: true },
  {
    key: 'Operations',
    Card: OperationsCard,
    size: { xs: 12, md: 6, lg: 4 },
    adminOnly: true,
    windows: false,
  },
  {
    key: 'TopProducts',
    Card: TopProductsCard,
    size: { xs: 12, md: 6, lg: 4 },
    adminOnly: false,
    windows: false,
  },
] as const;

/** The cards after the spec's that fit in `room`; Store windows for who may list campaigns. */
export function SalesGridItems({
  state,
  admin,
  windows,
  room,
}: {
  state: SalesState;
  admin: boolean;
  windows: boolean;
  room: number;
}) {
  return salesCards
    .filter((card) => (admin || !card.adminOnly) && (windows || !card.windows))
    .slice(0, Math.max(room, 0))
    .map(({ key, Card, size }) => (
      <Grid key={key} size={size}>
        <Card state={state} admin={admin} />
      </Grid>
    ));
}
