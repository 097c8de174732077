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
 * The share of the focused element a person sees (WCAG 2.4.11): points across it inside the
 * viewport where it, and not a fixed bar, a sticky header or anything else painted over it, is
 * what the page shows on top. 1 when all of it shows, 0 when it is hidden. Read from the page's
 * own hit testing, so stacking order counts: a sticky header under the app bar hides nothing
 * the app bar holds.
 */
export function shownShareOfFocus(page: Page): Promise<number> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return 1;
    const box = focused.getBoundingClientRect();
    if (box.height === 0 || box.width === 0) return 1;
    const across = 7;
    const down = 5;
    let shown = 0;
    for (let i = 0; i < across; i++) {
      for (let j = 0; j < down; j++) {
        const x = box.left + ((i + 0.5) / across) * box.width;
        const y = box.top + ((j + 0.5) / down) * box.height;
        if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
        const top = document.elementFromPoint(x, y);
        if (top && (top === focused || focused.contains(top) || top.contains(focused))) shown += 1;
      }
    }
    return shown / (across * down);
  });
}
