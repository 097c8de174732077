import { localeTag } from '../../i18n/locale';
import type { Sales } from '../../../contract/dashboard';

/** A day of `GET dashboard/sales` (`2026-11-03`, a UTC day) as `Nov 3` (`3 nov` in Spanish). */
export const formatDay = (date: string) =>
  new Intl.DateTimeFormat(localeTag(), { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** The period's totals and its best day by revenue (none when nothing sold). */
export function salesTotals(days: Sales['days']) {
  let revenue = 0;
  let orders = 0;
  let best: Sales['days'][number] | null = null;
  for (const day of days) {
    revenue += day.revenue;
    orders += day.orders;
    if (day.orders > 0 && (best === null || day.revenue > best.revenue)) best = day;
  }
  // Cents added as floats drift (0.1 + 0.2); the sum is money, so round it as money.
  return { revenue: Math.round(revenue * 100) / 100, orders, best };
}
