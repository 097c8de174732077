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
 * The part of the focused element's height not under a fixed or sticky bar nor outside the
 * viewport (WCAG 2.4.11): 1 when all of it shows, 0 when it is hidden.
 */
export function shownShareOfFocus(page: Page): Promise<number> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return 1;
    const box = focused.getBoundingClientRect();
    if (box.height === 0) return 1;
    let top = Math.max(box.top, 0);
    let bottom = Math.min(box.bottom, window.innerHeight);
    for (const element of document.querySelectorAll('body *')) {
      if (element === focused || element.contains(focused) || focused.contains(element)) continue;
      const style = getComputedStyle(element);
      if (style.position !== 'fixed' && style.position !== 'sticky') continue;
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      const bar = element.getBoundingClientRect();
      // A dialog's backdrop covers the whole page on purpose; a bar takes an edge of it.
      if (bar.height >= window.innerHeight / 2) continue;
      const across = bar.left < box.right && bar.right > box.left;
      if (!across || bar.height === 0 || bar.bottom <= top || bar.top >= bottom) continue;
      // A bar is at the top or the bottom of the viewport: it hides from its edge inward.
      if (bar.top <= top) top = Math.max(top, bar.bottom);
      else bottom = Math.min(bottom, bar.top);
    }
    return Math.max(0, bottom - top) / box.height;
  });
}
