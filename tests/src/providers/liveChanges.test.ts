import { QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeStreamLimits } from '../../../contract/changes';
import { liveRetryMs, useLiveChanges } from '../../../src/providers/liveChanges';

/** EventSource as a browser runs it, driven by the test: `refuse` is a 503, which it never retries. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  closed = false;

  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }

  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }

  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }

  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
}

const sources = FakeEventSource.opened;

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('EventSource', FakeEventSource);
  sources.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('live changes: a refused stream', () => {
  it("is opened again after the server's Retry-After, then a pause that doubles with each refusal, never sooner", () => {
    const { unmount } = renderHook(() => useLiveChanges(new QueryClient()));
    const pauses: number[] = [];
    for (let refusal = 0; refusal < 8; refusal++) {
      const started = Date.now();
      act(() => sources.at(-1)!.refuse());
      const count = sources.length;
      while (sources.length === count && Date.now() - started < 2 * liveRetryMs.max) {
        act(() => vi.advanceTimersByTime(1_000));
      }
      expect(sources).toHaveLength(count + 1);
      pauses.push(Date.now() - started);
    }
    pauses.forEach((pause, n) => {
      const full = Math.min(liveRetryMs.max, liveRetryMs.first * 2 ** n);
      expect(pause).toBeGreaterThanOrEqual(full);
      expect(pause).toBeLessThanOrEqual(full * 1.5 + 1_000);
    });
    expect(liveRetryMs.first).toBe(changeStreamLimits.retryAfterSeconds * 1000);
    expect(pauses.at(-1)).toBeGreaterThanOrEqual(liveRetryMs.max);
    unmount();
    expect(sources.every((source) => source.closed || source.readyState === FakeEventSource.CLOSED)).toBe(
      true,
    );
  });

  it('refetches the lists once a new stream opens (changes in between went unheard), and starts over from the shortest pause', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    renderHook(() => useLiveChanges(queryClient));
    act(() => sources[0].open());
    expect(invalidate).not.toHaveBeenCalled();
    act(() => sources[0].refuse());
    act(() => vi.advanceTimersByTime(liveRetryMs.first * 1.5));
    act(() => sources[1].refuse());
    act(() => vi.advanceTimersByTime(liveRetryMs.first * 3));
    act(() => sources[2].open());
    expect(invalidate).toHaveBeenCalledTimes(1);

    act(() => sources[2].refuse());
    act(() => vi.advanceTimersByTime(liveRetryMs.first * 1.5));
    expect(sources).toHaveLength(4);
  });

  it('does not open a new stream while the browser is still reconnecting a dropped one itself', () => {
    renderHook(() => useLiveChanges(new QueryClient()));
    act(() => sources[0].open());
    act(() => sources[0].dispatchEvent(new Event('error')));
    act(() => vi.advanceTimersByTime(liveRetryMs.max * 1.5));
    expect(sources).toHaveLength(1);
  });

  it('stops retrying once the page leaves the admin', () => {
    const { unmount } = renderHook(() => useLiveChanges(new QueryClient()));
    act(() => sources[0].refuse());
    unmount();
    act(() => vi.advanceTimersByTime(liveRetryMs.max * 1.5));
    expect(sources).toHaveLength(1);
  });
});
