import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new page may take to title itself before the focus is left where it is. */
const titleWaitMs = 10_000;

/**
 * After a route change (a sidebar link, a link in a page, Ctrl+K, a save's redirect) focus
 * moves to the page's h1, as GOV.UK and GitHub do: the link that was followed stays in the
 * sidebar, and without this the next Tab went on through the sidebar, 20-25 Tabs from the form.
 * Not on the first load (the skip link comes first there), not when the new page put the
 * focus somewhere inside `main` itself, and not when a dialog has it. The h1 is filled by the page's Title through a portal,
 * perhaps after its code arrives: focus waits for its text.
 */
export function useFocusAfterNavigation(heading: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const started = Date.now();
    const moveWhenTitled = () => {
      const target = heading.current;
      if (!target || Date.now() - started > titleWaitMs) return true;
      if (!target.textContent?.trim()) return false;
      const active = document.activeElement;
      const placed =
        active instanceof HTMLElement &&
        active !== document.body &&
        active.isConnected &&
        // A dialog opened while the page loaded (Ctrl+K at once) keeps the keys being typed into it:
        // taken to the heading, its focus trap would hand them to the dialog's frame instead.
        (active.closest('main') !== null || active.closest('[role="dialog"]') !== null);
      if (!placed) target.focus({ preventScroll: false });
      return true;
    };
    if (moveWhenTitled()) return;
    const observer = new MutationObserver(() => {
      if (moveWhenTitled()) observer.disconnect();
    });
    observer.observe(heading.current ?? document.body, {
      childList: true,
      subtree: true,
      characterData: true,
    });
    return () => observer.disconnect();
  }, [pathname, heading]);
}
