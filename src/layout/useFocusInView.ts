import { useEffect } from 'react';

/**
 * A control reached by the keyboard shows whole (WCAG 2.4.11, held stricter: not partly under
 * a bar nor cut by its scroll box). The browser's own focus scroll leaves some partly hidden: on
 * Shift+Tab at 200% zoom a sort header of a table that scrolls sideways stayed two thirds behind
 * the sidebar. Scrolling it to the nearest place where it fits honours the page's scroll padding
 * (the top bar, a phone's Save bar, the floating Create button; `src/theme.ts`), and moves
 * nothing that already shows whole.
 */
export function useFocusInView() {
  useEffect(() => {
    const reveal = (event: FocusEvent) => {
      const target = event.target;
      if (!(target instanceof Element) || !target.matches(':focus-visible')) return;
      target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    };
    document.addEventListener('focusin', reveal);
    return () => document.removeEventListener('focusin', reveal);
  }, []);
}
