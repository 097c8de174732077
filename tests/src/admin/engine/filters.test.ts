import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayEdge } from '../../../../src/admin/engine/filters';

describe("a date-time range's days", () => {
  const zone = process.env.TZ;
  // Node reads TZ again when it changes: the days as a person in Chicago picks them.
  beforeAll(() => {
    process.env.TZ = 'America/Chicago';
  });
  afterAll(() => {
    process.env.TZ = zone;
  });

  it("start at the browser's local midnight of the 'from' day", () => {
    expect(dayEdge('gte')('2026-07-01')).toBe('2026-07-01T05:00:00.000Z');
  });

  it("end at the last millisecond of the browser's local 'to' day", () => {
    expect(dayEdge('lte')('2026-07-01')).toBe('2026-07-02T04:59:59.999Z');
  });

  it('follow the local clock over a change of daylight saving time within the day', () => {
    // Central Daylight Time ends at 2 a.m. on 1 November 2026: that day has 25 hours.
    expect(dayEdge('gte')('2026-11-01')).toBe('2026-11-01T05:00:00.000Z');
    expect(dayEdge('lte')('2026-11-01')).toBe('2026-11-02T05:59:59.999Z');
  });

  it('keep a year before 100 as written, which Date would read as 19xx', () => {
    expect(new Date(dayEdge('gte')('0042-03-01')).getFullYear()).toBe(42);
  });

  it('leave a cleared input empty', () => {
    expect(dayEdge('gte')('')).toBe('');
  });
});
