import { useEffect } from 'react';

/** The page's main heading as it shows: the layout's h1 is empty (and hidden) until a page titles it. */
function shownHeading() {
  return Array.from(document.querySelectorAll<HTMLElement>('h1')).find(
    (heading) => heading.textContent?.trim() && heading.getClientRects().length > 0,
  );
}

/**
 * Where focus goes when an action takes away the element that had it (Save and Create leave
 * their form, a deleted or restored row re-renders, a toast or a dialog closes): the browser
 * would put it on the page body, and a keyboard or screen reader user would start again from
 * the top of the page. It goes to the page's main heading instead, made focusable by script
 * only (tabIndex -1), so the next Tab continues in the page and the heading says where one is.
 * A click on the page's background leaves the clicked-from element in place, so the body
 * focus it gives is kept. While the new page has no heading yet, the rescue waits for one.
 */
export function useFocusRescue() {
  useEffect(() => {
    let lastFocused: Element | null = null;
    const remember = (event: FocusEvent) => {
      lastFocused = event.target instanceof Element ? event.target : null;
    };
    const rescue = () => {
      if (!lastFocused || lastFocused.isConnected) return;
      if (document.activeElement && document.activeElement !== document.body) return;
      const heading = shownHeading();
      if (!heading) return;
      lastFocused = null;
      heading.tabIndex = -1;
      heading.focus();
    };
    document.addEventListener('focusin', remember);
    const observer = new MutationObserver(rescue);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => {
      document.removeEventListener('focusin', remember);
      observer.disconnect();
    };
  }, []);
}
