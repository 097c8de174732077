const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  currencySign: 'accounting',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

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
