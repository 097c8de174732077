import { localeTag } from '../i18n/locale';

/**
 * Always as US English writes dollars: in US Spanish (`es-US`) a debt would lose the parentheses
 * the spec asks for, and the amounts are US dollars whatever the reader's language.
 */
const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  currencySign: 'accounting',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** A count in the reader's language (`1,234` in both US English and US Spanish). */
export const formatNumber = (value: number) => value.toLocaleString(localeTag());

/**
 * Money as the spec shows it: dollars, two decimals, thousands commas, negatives in
 * parentheses (`$1,234.50`, `($25.00)`). Accepts the numeric strings PostgreSQL returns.
 */
export function formatCurrency(amount: number | string): string {
  const value = typeof amount === 'string' && amount.trim() !== '' ? Number(amount) : amount;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new Error(`Not an amount of money: ${JSON.stringify(amount)}`);
  }
  const cents = Math.round(value * 100) / 100;
  // A value that rounds to zero is no debt: show $0.00, not ($0.00).
  return dollars.format(cents === 0 ? 0 : cents);
}
