import { describe, expect, it } from 'vitest';
import { formatCurrency } from '../../../src/lib/currency';

describe('currency in dollars with two decimals and thousands commas, negatives in parentheses', () => {
  it.each([
    [0, '$0.00'],
    [5, '$5.00'],
    [19.99, '$19.99'],
    [1234.5, '$1,234.50'],
    [1234567.891, '$1,234,567.89'],
    [-25, '($25.00)'],
    [-1234.5, '($1,234.50)'],
    [0.005, '$0.01'],
    [-0.001, '$0.00'],
    ['239.88', '$239.88'],
    ['-25.00', '($25.00)'],
  ])('%s is shown as %s', (amount, shown) => {
    expect(formatCurrency(amount)).toBe(shown);
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY], [''], ['12abc'], [null], [undefined]])(
    'raises an error for %s',
    (amount) => {
      expect(() => formatCurrency(amount as never)).toThrow('Not an amount of money');
    },
  );
});
