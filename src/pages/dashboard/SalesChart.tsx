import { useTheme } from '@mui/material';
import { AxisBottom, AxisLeft, AxisRight } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { useLayoutEffect, useRef, useState } from 'react';
import type { Sales } from '../../../contract/dashboard';
import { formatCurrency, formatNumber } from '../../lib/currency';
import { formatDay } from './salesFigures';

/** Dollars as the spec writes them (src/lib/currency.ts), in either language. */
const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

const height = 240;
const margin = { top: 8, right: 32, bottom: 24, left: 64 };
/** Until the container is measured (and where nothing lays it out, as in tests), a card's width. */
const defaultWidth = 640;
const tickLabel = { fontSize: 12, fontFamily: 'inherit' } as const;

/** The width of the element, followed as it resizes. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width || defaultWidth] as const;
}

/**
 * Revenue (line, left axis) and orders (bars, right axis) per day. Its own module so that the
 * charting code loads only once there are sales to draw; the caller gives it its text
 * alternative, so each day's figures show on hover (an SVG title) and stay out of the tab order.
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
  const [ref, width] = useWidth();
  const innerWidth = Math.max(width - margin.left - margin.right, 0);
  const innerHeight = height - margin.top - margin.bottom;
  const x = scaleBand({ domain: days.map((day) => day.date), range: [0, innerWidth], padding: 0.2 });
  const revenue = scaleLinear({
    // At least 1: a period of free orders still needs an axis.
    domain: [0, Math.max(...days.map((day) => day.revenue), 1)],
    range: [innerHeight, 0],
    nice: true,
  });
  const orders = scaleLinear({
    domain: [0, Math.max(...days.map((day) => day.orders), 1)],
    range: [innerHeight, 0],
    nice: true,
  });
  const middle = (date: string) => (x(date) ?? 0) + x.bandwidth() / 2;
  // A label about every 48 px, so that 30 days fit a phone.
  const labelEvery = Math.ceil(days.length / Math.max(Math.floor(innerWidth / 48), 1));
  const muted = theme.palette.text.secondary;
  const axis = { stroke: theme.palette.divider, tickStroke: theme.palette.divider };
  return (
    // Hidden overflow lets the card shrink before the drawing is measured again at its new width.
    <div ref={ref} style={{ width: '100%', height, overflow: 'hidden' }}>
      <svg width={width} height={height} className="sales-chart" data-testid="sales-chart">
        <Group left={margin.left} top={margin.top}>
          {revenue.ticks(4).map((tick) => (
            <line
              key={tick}
              x1={0}
              x2={innerWidth}
              y1={revenue(tick)}
              y2={revenue(tick)}
              stroke={theme.palette.divider}
              strokeDasharray="3 3"
            />
          ))}
          {days.map((day) => (
            <g key={day.date} className="sales-chart-day">
              <title>{`${formatDay(day.date)}: ${revenueLabel} ${formatCurrency(day.revenue)}, ${ordersLabel} ${formatNumber(day.orders)}`}</title>
              {/* The whole column answers the pointer, not only the bar, which may be empty. */}
              <rect x={x(day.date)} width={x.bandwidth()} y={0} height={innerHeight} fill="transparent" />
              <rect
                className="sales-chart-bar"
                x={x(day.date)}
                width={x.bandwidth()}
                y={orders(day.orders)}
                height={innerHeight - orders(day.orders)}
                fill={theme.palette.secondary.light}
              />
            </g>
          ))}
          <LinePath
            className="sales-chart-line"
            data={days}
            x={(day) => middle(day.date)}
            y={(day) => revenue(day.revenue)}
            stroke={theme.palette.primary.main}
            strokeWidth={2}
            fill="none"
          />
          <AxisLeft
            scale={revenue}
            numTicks={4}
            tickFormat={(value) => wholeDollars.format(Number(value))}
            tickLabelProps={{ ...tickLabel, fill: muted }}
            {...axis}
          />
          <AxisRight
            scale={orders}
            left={innerWidth}
            tickValues={orders.ticks(4).filter(Number.isInteger)}
            tickFormat={(value) => formatNumber(Number(value))}
            tickLabelProps={{ ...tickLabel, fill: muted }}
            {...axis}
          />
          <AxisBottom
            scale={x}
            top={innerHeight}
            tickValues={days.filter((_, index) => index % labelEvery === 0).map((day) => day.date)}
            tickFormat={formatDay}
            tickLabelProps={{ ...tickLabel, fill: muted }}
            {...axis}
          />
        </Group>
      </svg>
    </div>
  );
}
