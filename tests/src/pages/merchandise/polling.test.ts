import { describe, expect, it } from 'vitest';
import type { MerchandiseProduct } from '../../../../contract/merchandise';
import { maxPollMs, minPollMs, pollDelay } from '../../../../src/pages/merchandise/api';

const now = Date.parse('2026-11-23T03:00:00.000Z');
const product = (status: MerchandiseProduct['status'], secondsAgo: number) =>
  ({ status, createdAt: new Date(now - secondsAgo * 1000).toISOString() }) as MerchandiseProduct;

describe('the gallery updating by itself', () => {
  it('stops asking once no product is processing', () => {
    expect(pollDelay([], now)).toBe(false);
    expect(pollDelay([product('ready', 1), product('failed', 5)], now)).toBe(false);
  });

  it('asks quickly about a product made just now', () => {
    expect(pollDelay([product('processing', 1)], now)).toBe(minPollMs);
  });

  it('backs off the longer a product has been processing, up to a ceiling', () => {
    expect(pollDelay([product('processing', 40)], now)).toBe(10_000);
    expect(pollDelay([product('processing', 3600)], now)).toBe(maxPollMs);
  });

  it('follows the youngest product still processing', () => {
    expect(pollDelay([product('processing', 3600), product('processing', 1), product('ready', 0)], now)).toBe(
      minPollMs,
    );
  });
});
