import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { baseUrl, browserOfBothRoles, type SignedIn } from './browser';

/**
 * Issue 47 item 9: the portal's own look, photographed where people judge it (the dashboard, a
 * list, a form, the merchandise studio's first step, a list on a phone), at 1280 and 390 px in
 * both themes, into docs/screenshots/look (LOOK_PHASE names the set, 'after' unless told).
 * Each page fits its width (no sideways scroll) and axe finds nothing serious.
 */
const session = browserOfBothRoles();
const shots = join(import.meta.dirname, '../../docs/screenshots/look');
const phase = process.env.LOOK_PHASE ?? 'after';

const pages = [
  { name: 'dashboard', path: '/admin/dashboard', as: 'admin', widths: [1280, 390] },
  { name: 'list', path: '/admin/promo-codes', as: 'admin', widths: [1280, 390] },
  { name: 'form', path: '/admin/promo-codes/create', as: 'admin', widths: [1280, 390] },
  { name: 'studio', path: '/admin/merchandise/create', as: 'director', widths: [1280, 390] },
] as const;

/** The page has drawn its content: its h1 and no loading bar. */
async function settled(page: Page) {
  await page.locator('main h1').first().waitFor();
  await expect.poll(() => page.locator('[role="progressbar"]').count()).toBe(0);
  await page.evaluate(() => document.fonts.ready);
}

describe.each(['light', 'dark'] as const)('the look in the %s theme', (scheme) => {
  for (const shown of pages)
    for (const width of shown.widths)
      it(`${shown.name} at ${width} px fits its width with nothing serious for axe`, async () => {
        const state: SignedIn = shown.as === 'admin' ? session.asAdmin : session.asDirector;
        const context = await session.context({
          storageState: state,
          colorScheme: scheme,
          bypassCSP: true,
          viewport: { width, height: width < 640 ? 844 : 800 },
        });
        const page = await context.newPage();
        await page.goto(`${baseUrl()}${shown.path}`);
        await settled(page);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        ).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: join(shots, `${phase}-${shown.name}-${width}-${scheme}.png`),
          animations: 'disabled',
        });
        expect(await seriousViolations(page)).toEqual([]);
      });
});
