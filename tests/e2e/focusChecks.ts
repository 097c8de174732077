import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';

/** WCAG's relative luminance of an sRGB pixel. */
function luminance(r: number, g: number, b: number) {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(a: number, b: number) {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** How far around the element an indicator may be drawn (an outline with its offset). */
const margin = 6;

async function shot(page: Page, clip: { x: number; y: number; width: number; height: number }) {
  const png = await page.screenshot({ clip, animations: 'disabled', scale: 'css', caret: 'hide' });
  return sharp(png).removeAlpha().raw().toBuffer();
}

/**
 * The contrast of a focus indicator against the same pixels unfocused (WCAG 1.4.11 and 2.4.7):
 * the contrast that at least as many pixels as the element's perimeter reach, so a one-pixel
 * ring all around counts, and a faint tint or a single dot does not. The element is focused as
 * by the keyboard (it must match `:focus-visible`) and the pointer rests in no place near it.
 */
export async function focusIndicatorContrast(page: Page, target: Locator): Promise<number> {
  await page.mouse.move(0, 0);
  await target.focus();
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('the element has no box');
  const viewport = page.viewportSize()!;
  const x = Math.max(0, Math.floor(box.x - margin));
  const y = Math.max(0, Math.floor(box.y - margin));
  const clip = {
    x,
    y,
    width: Math.min(viewport.width, Math.ceil(box.x + box.width + margin)) - x,
    height: Math.min(viewport.height, Math.ceil(box.y + box.height + margin)) - y,
  };
  const keyboardFocused = await target.evaluate((element) => element.matches(':focus-visible'));
  if (!keyboardFocused) throw new Error('the element is not focused as by the keyboard');
  const focused = await shot(page, clip);
  await target.evaluate((element) => (element as HTMLElement).blur());
  const unfocused = await shot(page, clip);
  await target.focus();
  const ratios: number[] = [];
  for (let i = 0; i < focused.length; i += 3) {
    const [a, b] = [focused, unfocused].map((d) => luminance(d[i], d[i + 1], d[i + 2]));
    ratios.push(contrast(a, b));
  }
  ratios.sort((p, q) => q - p);
  const perimeter = Math.round(2 * (box.width + box.height));
  return ratios[Math.min(perimeter, ratios.length) - 1];
}

/**
 * The share of the focused element a person sees (WCAG 2.4.11): points across it, its edges
 * among them, inside the viewport where it, and not a fixed bar, a sticky header or anything
 * else painted over it, is what the page shows on top. 1 when all of it shows, 0 when it is
 * hidden. The edge points sit 1 px in, so a subpixel of rounding at a bar's edge does not count.
 * Read from the page's own hit testing, so stacking order counts: a sticky header under the app
 * bar hides nothing the app bar holds. What an ancestor clips on purpose (overflow hidden, as a
 * switch clips its wide invisible input) is not part of the control, and what its own field
 * draws over it (an outlined field's raised label and the notch around it) does not hide it.
 */
export function shownShareOfFocus(page: Page): Promise<number> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return 1;
    let { left, top, right, bottom } = focused.getBoundingClientRect();
    for (let parent = focused.parentElement; parent; parent = parent.parentElement) {
      const { overflowX, overflowY } = getComputedStyle(parent);
      if (![overflowX, overflowY].some((overflow) => overflow === 'hidden' || overflow === 'clip')) continue;
      const clip = parent.getBoundingClientRect();
      left = Math.max(left, clip.left);
      top = Math.max(top, clip.top);
      right = Math.min(right, clip.right);
      bottom = Math.min(bottom, clip.bottom);
    }
    if (right <= left || bottom <= top) return 1;
    /** `count` points from 1 px inside one edge to 1 px inside the other (the middle when too thin). */
    const across = (start: number, end: number, count: number) =>
      end - start <= 2
        ? [(start + end) / 2]
        : Array.from({ length: count }, (_, i) => start + 1 + (i / (count - 1)) * (end - start - 2));
    const xs = across(left, right, 7);
    const ys = across(top, bottom, 5);
    // A round control (the floating Create button) has corners that are not it: the page under them shows.
    const box = focused.getBoundingClientRect();
    const radius = (value: string, size: number) =>
      value.endsWith('%') ? (Number.parseFloat(value) / 100) * size : Number.parseFloat(value) || 0;
    const style = getComputedStyle(focused);
    const rx = Math.min(radius(style.borderTopLeftRadius, box.width), box.width / 2);
    const ry = Math.min(radius(style.borderTopLeftRadius.split(' ').at(-1)!, box.height), box.height / 2);
    const inShape = (x: number, y: number) => {
      const dx = Math.max(box.left + rx - x, x - (box.right - rx), 0);
      const dy = Math.max(box.top + ry - y, y - (box.bottom - ry), 0);
      return rx === 0 || ry === 0 || (dx / rx) ** 2 + (dy / ry) ** 2 <= 1;
    };
    /**
     * What a field draws over its own control (its raised label, its outline's notch), its label,
     * or the tooltip that focusing it opens (a pager's arrow names itself so, beside or over its edge).
     */
    const field = focused.closest('.MuiFormControl-root');
    const ownPart = (element: Element) =>
      (field?.contains(element) ?? false) ||
      element.closest('label')?.control === focused ||
      element.closest('[role="tooltip"]') !== null;
    let shown = 0;
    let points = 0;
    for (const x of xs) {
      for (const y of ys) {
        if (!inShape(x, y)) continue;
        points += 1;
        if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
        const onTop = document.elementFromPoint(x, y);
        if (
          onTop &&
          (onTop === focused || focused.contains(onTop) || onTop.contains(focused) || ownPart(onTop))
        )
          shown += 1;
      }
    }
    return points === 0 ? 1 : shown / points;
  });
}

/**
 * The words of the page's shown headings that break across lines or stick out of their heading
 * (WCAG 1.4.10 read strictly: a heading reflows between words, never inside one). A hyphen is a
 * place a word may break, as the browser breaks there.
 */
export function brokenHeadingWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const headings = document.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6, [role="heading"]');
    for (const heading of headings) {
      if (!heading.checkVisibility()) continue;
      const edge = heading.getBoundingClientRect().right;
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of (node.textContent ?? '').matchAll(/[^\s-]+-?/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const boxes = [...range.getClientRects()].filter((box) => box.width > 0);
          const lines = new Set(boxes.map((box) => Math.round(box.top)));
          if (lines.size > 1 || boxes.some((box) => box.right > edge + 1)) broken.push(word[0]);
        }
      }
    }
    return broken;
  });
}
