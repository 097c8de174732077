import { describe, expect, it } from 'vitest';
import { formatDateOnly, formatDateTime, parseDateOnly, parseDateTime } from '../../../src/lib/dates';

describe('date-only values must be YYYY-MM-DD', () => {
  it('reads a valid date as that calendar day, whatever the time zone', () => {
    expect(parseDateOnly('2026-11-22').toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(formatDateOnly('2024-02-29')).toBe('Feb 29, 2024');
  });

  it.each([
    '2026-2-3',
    '11/22/2026',
    '2026-11-22T10:00:00Z',
    '20261122',
    '',
    ' 2026-11-22',
    '2026-02-30',
    '2025-02-29',
    '2026-13-01',
  ])('raises an error for %j', (value) => {
    expect(() => parseDateOnly(value)).toThrow(/Invalid date/);
  });

  it('raises an error for a value that is not text', () => {
    expect(() => parseDateOnly(20261122)).toThrow(/Invalid date/);
    expect(() => parseDateOnly(null)).toThrow(/Invalid date/);
  });
});

describe('date-time values must be ISO 8601 with a time zone designator', () => {
  it.each([
    ['2026-11-22T13:05:00Z', '2026-11-22T13:05:00.000Z'],
    ['2026-11-22T13:05:00.123Z', '2026-11-22T13:05:00.123Z'],
    ['2026-11-22T08:05:00-05:00', '2026-11-22T13:05:00.000Z'],
    ['2026-11-22T14:05+01:00', '2026-11-22T13:05:00.000Z'],
  ])('reads %s as the instant %s', (value, instant) => {
    expect(parseDateTime(value).toISOString()).toBe(instant);
  });

  it.each([
    '2026-11-22T13:05:00',
    '2026-11-22',
    '2026-11-22 13:05:00Z',
    '2026-11-31T10:00:00Z',
    '2026-11-22T25:00:00Z',
    'yesterday',
  ])('raises an error for %j', (value) => {
    expect(() => parseDateTime(value)).toThrow(/Invalid date/);
  });

  it('formats in the given time zone', () => {
    expect(formatDateTime('2026-11-22T13:05:00Z', 'America/New_York')).toBe('Nov 22, 2026, 8:05 AM');
    expect(() => formatDateTime('2026-11-22T13:05:00')).toThrow(/Invalid date/);
  });
});
