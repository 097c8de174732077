/** The spec (section 9): after these events the viewport height is measured again... */
export const viewportEvents = ['resize', 'gestureend', 'touchend', 'focusout'] as const;
/** ...after each of these delays, because mobile browsers settle their toolbars and keyboards late. */
export const viewportDelaysMs = [200, 500, 2000] as const;

const viewportHeightVariable = '--vh';

/** One hundredth of the visible height, for `calc(var(--vh) * 100)` where `100vh` is wrong on phones. */
function applyViewportHeight(win: Pick<Window, 'innerHeight' | 'document'>) {
  win.document.documentElement.style.setProperty(viewportHeightVariable, `${win.innerHeight * 0.01}px`);
}

/**
 * Keeps the viewport-height variable current: measured now, and again 200, 500 and 2000 ms
 * after every resize, gesture end, touch end and focus out. Returns the cleanup.
 */
export function watchViewportHeight(win: Window = window) {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const measure = () => applyViewportHeight(win);
  const schedule = () => {
    for (const delay of viewportDelaysMs) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        measure();
      }, delay);
      timers.add(timer);
    }
  };
  measure();
  for (const event of viewportEvents) win.addEventListener(event, schedule, { passive: true });
  return () => {
    for (const event of viewportEvents) win.removeEventListener(event, schedule);
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
}
