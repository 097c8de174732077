import { type RefObject, useLayoutEffect } from 'react';

/** The width of the heading's widest word, as drawn now. */
function widestWord(heading: HTMLElement) {
  let widest = 0;
  const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      widest = Math.max(widest, range.getBoundingClientRect().width);
    }
  }
  return widest;
}

/** The smallest size a title is drawn at: the app's captions' (the page's h1 is larger). */
const smallestPx = 12;

/**
 * A heading wraps between words, never inside one: where its widest word is wider than the room
 * it has (a long title at 320 px or at 200% zoom, where the brand and the account share the bar),
 * its letters shrink until that word fits, down to the captions' size. Measured again when its text changes (react-admin
 * writes page titles into the page's h1 through a portal) and when the bar's width changes;
 * each measure starts from the theme's size, so a wider screen gets it back.
 */
export function useWordsFit(ref: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const heading = ref.current;
    if (!heading?.parentElement) return;
    const fit = () => {
      heading.style.fontSize = '';
      heading.style.overflowWrap = '';
      const room = heading.clientWidth;
      const widest = widestWord(heading);
      // Within a pixel: the room is whole pixels, a word's width is not.
      if (room === 0 || widest <= room + 1) return;
      const size = Number.parseFloat(getComputedStyle(heading).fontSize);
      // A hair under the exact ratio: glyph widths do not scale quite linearly.
      const fitting = Math.floor(((size * room) / widest) * 0.98 * 10) / 10;
      heading.style.fontSize = `${Math.max(fitting, smallestPx)}px`;
      // A word too long even at body size (a school's name pasted without spaces) breaks after
      // all, rather than the letters shrinking past reading.
      if (fitting < smallestPx) heading.style.overflowWrap = 'anywhere';
    };
    fit();
    const resized = new ResizeObserver(fit);
    resized.observe(heading.parentElement);
    const retitled = new MutationObserver(fit);
    retitled.observe(heading, { childList: true, subtree: true, characterData: true });
    return () => {
      resized.disconnect();
      retitled.disconnect();
    };
  }, [ref]);
}
