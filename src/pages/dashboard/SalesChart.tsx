import { useTheme } from '@mui/material';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Sales } from '../../contract/dashboard';
import { formatCurrency } from '../../lib/currency';
import { formatDay } from './salesFigures';

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/**
 * Revenue (line, left axis) and orders (bars, right axis) per day. Its own module so that
 * recharts loads only once there are sales to draw; the caller gives it its text alternative.
 */
export function SalesChart({
  days,
  revenueLabel,
  ordersLabel,
}: {
  days: Sales['days'];
  revenueLabel: string;
  ordersLabel: string;
}) {
  const theme = useTheme();
  return (
    <ResponsiveContainer width="100%" height={240}>
      {/* The figures reach screen readers through the caller's label and table, so the chart
          itself stays out of the tab order. */}
      <ComposedChart data={days} accessibilityLayer={false} margin={{ top: 8, right: 0, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={formatDay} minTickGap={24} fontSize={12} />
        <YAxis
          yAxisId="revenue"
          tickFormatter={(value: number) => wholeDollars.format(value)}
          fontSize={12}
          width={64}
        />
        <YAxis yAxisId="orders" orientation="right" allowDecimals={false} fontSize={12} width={32} />
        <Tooltip
          labelFormatter={(date) => formatDay(String(date))}
          formatter={(value, name) =>
            name === revenueLabel ? formatCurrency(Number(value)) : Number(value).toLocaleString('en-US')
          }
        />
        <Bar
          yAxisId="orders"
          dataKey="orders"
          name={ordersLabel}
          fill={theme.palette.secondary.light}
          isAnimationActive={false}
        />
        <Line
          yAxisId="revenue"
          dataKey="revenue"
          name={revenueLabel}
          stroke={theme.palette.primary.main}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
