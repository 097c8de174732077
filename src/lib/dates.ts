/**
 * Dates of the spec (section 5): a date-only value must be `YYYY-MM-DD`; a date-time must be
 * ISO 8601 with a time zone designator (`Z` or `±hh:mm`). Anything else raises an error.
 */
import { formatMoment, localeTag } from '../i18n/locale';
const dateOnlyPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const dateTimePattern =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2}))$/i;

class InvalidDateError extends Error {
  constructor(value: unknown, expected: string) {
    super(`Invalid date ${JSON.stringify(value)}: expected ${expected}`);
    this.name = 'InvalidDateError';
  }
}

const isCalendarDate = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/** A `YYYY-MM-DD` value as midnight UTC of that day; throws for anything else, 2026-02-30 included. */
export function parseDateOnly(value: unknown): Date {
  const match = typeof value === 'string' ? dateOnlyPattern.exec(value) : null;
  if (!match) throw new InvalidDateError(value, 'YYYY-MM-DD');
  const [year, month, day] = match.slice(1, 4).map(Number);
  if (!isCalendarDate(year, month, day)) throw new InvalidDateError(value, 'a real calendar date');
  return new Date(Date.UTC(year, month - 1, day));
}

/** An ISO 8601 date-time with a zone designator; a value without one is ambiguous and refused. */
export function parseDateTime(value: unknown): Date {
  const match = typeof value === 'string' ? dateTimePattern.exec(value) : null;
  if (!match) throw new InvalidDateError(value, 'an ISO 8601 date-time with a time zone (Z or ±hh:mm)');
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number);
  const second = match[6] === undefined ? 0 : Number(match[6]);
  const offsetHours = match[8] === undefined ? 0 : Number(match[8]);
  const offsetMinutes = match[9] === undefined ? 0 : Number(match[9]);
  if (
    !isCalendarDate(year, month, day) ||
    hour > 23 ||
    minute > 59 ||
    second > 59 ||
    offsetHours > 23 ||
    offsetMinutes > 59
  ) {
    throw new InvalidDateError(value, 'a real date and time');
  }
  return new Date(value as string);
}

/** `2026-11-22` as `Nov 22, 2026` (`22 nov 2026` in Spanish), the same day wherever the reader is. */
export const formatDateOnly = (value: unknown) =>
  new Intl.DateTimeFormat(localeTag(), { dateStyle: 'medium', timeZone: 'UTC' }).format(parseDateOnly(value));

/** A date-time in the reader's time zone (or the one given), for example `Nov 22, 2026, 1:05 PM`. */
export const formatDateTime = (value: unknown, timeZone?: string) =>
  formatMoment(parseDateTime(value), timeZone);
