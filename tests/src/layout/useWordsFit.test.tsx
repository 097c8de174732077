import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useWordsFit } from '../../../src/layout/useWordsFit';

/**
 * jsdom draws nothing: here a letter is 0.6 of the heading's font size wide, the theme's size is
 * 20 px, and the room is what `room` says. Enough to check the arithmetic and when it runs again.
 */
let room = 0;
let resize: () => void = () => {};

function Title({ text }: { text: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useWordsFit(ref);
  return (
    <div>
      <h1 ref={ref}>{text}</h1>
    </div>
  );
}

const headingOf = (container: HTMLElement) => container.querySelector('h1')!;
const widthAt = (heading: HTMLElement, text: string) =>
  text.length * 0.6 * Number.parseFloat(getComputedStyle(heading).fontSize || '20px');

beforeEach(() => {
  const theme = document.createElement('style');
  theme.textContent = 'h1 { font-size: 20px; }';
  document.head.append(theme);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => room);
  // jsdom's ranges have no geometry at all.
  Object.defineProperty(Range.prototype, 'getBoundingClientRect', {
    configurable: true,
    value(this: Range) {
      const heading = (this.startContainer as Text).parentElement!;
      return { width: widthAt(heading, this.toString()) } as DOMRect;
    },
  });
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        resize = callback;
      }
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete (Range.prototype as Partial<Range>).getBoundingClientRect;
  document.head.innerHTML = '';
});

describe('a heading wraps between words, never inside one (useWordsFit)', () => {
  it('leaves a heading whose widest word fits at the theme size', () => {
    room = 200;
    const { container } = render(<Title text="Dashboard" />);
    // "Dashboard": 9 letters of 12 px, 108 px in 200.
    expect(headingOf(container).style.fontSize).toBe('');
  });

  it('shrinks the letters until the widest word fits the room, a hair under the exact ratio', () => {
    room = 90;
    const { container } = render(<Title text="Panel de control" />);
    const heading = headingOf(container);
    // "control", 7 letters of 12 px = 84 px, fits; "Panel" too. At 60 px of room it would not:
    expect(heading.style.fontSize).toBe('');
    room = 60;
    act(() => resize());
    // 20 * 60 / 84 * 0.98 = 14.0 px, rounded down to a tenth.
    expect(heading.style.fontSize).toBe('14px');
    expect(widthAt(heading, 'control')).toBeLessThanOrEqual(60);
    expect(heading.style.overflowWrap).toBe('');
  });

  it('stops at the captions’ 12 px and lets a word too long even then break anywhere', () => {
    room = 100;
    const { container } = render(<Title text="LincolnHighSchoolAthleticDepartment" />);
    const heading = headingOf(container);
    expect(heading.style.fontSize).toBe('12px');
    expect(heading.style.overflowWrap).toBe('anywhere');
  });

  it('measures again from the theme size when the title changes and when the bar widens', async () => {
    room = 60;
    const { container, rerender } = render(<Title text="Organizations" />);
    const heading = headingOf(container);
    expect(Number.parseFloat(heading.style.fontSize)).toBeLessThan(20);
    // react-admin writes a page's title into the bar through a portal: only the text changes.
    await act(async () => rerender(<Title text="Jobs" />));
    expect(heading.style.fontSize).toBe('');

    await act(async () => rerender(<Title text="Organizations" />));
    expect(heading.style.fontSize).not.toBe('');
    room = 400;
    act(() => resize());
    expect(heading.style.fontSize).toBe('');
  });
});
