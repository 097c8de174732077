import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadingToastTimings, useDelayedVisibility } from '../../../src/layout/useDelayedVisibility';

describe('loading toast timing', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('appears after 500 ms of loading and goes 1000 ms after loading stops', () => {
    expect(loadingToastTimings).toEqual({ showAfterMs: 500, hideAfterMs: 1000 });
    const { result, rerender } = renderHook(({ active }) => useDelayedVisibility(active), {
      initialProps: { active: true },
    });
    act(() => vi.advanceTimersByTime(499));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
    rerender({ active: false });
    act(() => vi.advanceTimersByTime(999));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
  });

  it('never shows for loading shorter than 500 ms', () => {
    const { result, rerender } = renderHook(({ active }) => useDelayedVisibility(active), {
      initialProps: { active: true },
    });
    act(() => vi.advanceTimersByTime(300));
    rerender({ active: false });
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toBe(false);
  });

  it('stays up when loading resumes within the 1000 ms', () => {
    const { result, rerender } = renderHook(({ active }) => useDelayedVisibility(active), {
      initialProps: { active: true },
    });
    act(() => vi.advanceTimersByTime(500));
    rerender({ active: false });
    act(() => vi.advanceTimersByTime(800));
    rerender({ active: true });
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toBe(true);
  });
});
