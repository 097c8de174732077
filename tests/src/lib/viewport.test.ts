import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { viewportDelaysMs, viewportEvents, watchViewportHeight } from '../../../src/lib/viewport';

const vh = () => document.documentElement.style.getPropertyValue('--vh');

describe('viewport height variable', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.innerHeight = 800;
  });
  afterEach(() => vi.useRealTimers());

  it('sets --vh to one hundredth of the visible height at once', () => {
    const stop = watchViewportHeight(window);
    expect(vh()).toBe('8px');
    stop();
  });

  it.each(viewportEvents)('after %s, measures again at 200, 500 and 2000 ms', (event) => {
    expect(viewportDelaysMs).toEqual([200, 500, 2000]);
    const stop = watchViewportHeight(window);
    window.innerHeight = 600;
    window.dispatchEvent(new Event(event));
    expect(vh()).toBe('8px');
    vi.advanceTimersByTime(199);
    expect(vh()).toBe('8px');
    vi.advanceTimersByTime(1);
    expect(vh()).toBe('6px');
    window.innerHeight = 500;
    vi.advanceTimersByTime(300);
    expect(vh()).toBe('5px');
    window.innerHeight = 400;
    vi.advanceTimersByTime(1499);
    expect(vh()).toBe('5px');
    vi.advanceTimersByTime(1);
    expect(vh()).toBe('4px');
    stop();
  });

  it('stops listening and cancels pending measurements on cleanup', () => {
    const stop = watchViewportHeight(window);
    window.dispatchEvent(new Event('resize'));
    stop();
    window.innerHeight = 300;
    vi.advanceTimersByTime(5000);
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(5000);
    expect(vh()).toBe('8px');
  });
});
