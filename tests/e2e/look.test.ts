import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { appMessages } from '../../src/i18n/en';
import { seriousViolations } from './axe';
import { baseUrl, browserOfBothRoles, type SignedIn } from './browser';
import { apparelCard, crestPng, logoCard, openStudio } from './merchandise-walk';
import { overflowOf } from './overflow';

/**
 * Issue 47: the portal's look where people judge it (the dashboard, a list, which is cards on a
 * phone, a form, the merchandise studio's first step and its design canvas with a logo placed),
 * at 320, 390, 768 and 1280 px (the studio at 1280 and 390) in both themes. Each page fits its
 * width (no sideways scroll, every row action and switch on screen) and axe finds nothing
 * serious. With LOOK_PHASE set, each is photographed (the viewport) into docs/screenshots/look
 * as `{LOOK_PHASE}-{page}-{width}-{theme}.png`; docs/look.md shows them.
 */
const session = browserOfBothRoles();
const shots = join(import.meta.dirname, '../../docs/screenshots/look');
const phase = process.env.LOOK_PHASE;
const everyWidth = [320, 390, 768, 1280];
const logo = 'look-crest.png';

/** The studio with the logo on a hoodie's front, as a director sees it after Customize. */
async function designCanvas(page: Page) {
  await logoCard(page, logo).getByRole('button', { name: logo, exact: true }).click();
  const customize = apparelCard(page, 'Pullover Hoodie').getByRole('button', {
    name: `${appMessages.merchandise.customize} Pullover Hoodie`,
  });
  await customize.scrollIntoViewIfNeeded();
  await customize.click();
  await openStudio(page);
}

const pages: {
  name: string;
  path: string;
  as: 'admin' | 'director';
  widths: number[];
  then?: (page: Page) => Promise<void>;
}[] = [
  { name: 'dashboard', path: '/admin/dashboard', as: 'admin', widths: everyWidth },
  { name: 'list', path: '/admin/promo-codes', as: 'admin', widths: everyWidth },
  { name: 'form', path: '/admin/promo-codes/create', as: 'admin', widths: everyWidth },
  { name: 'audit-log', path: '/admin/audit-log', as: 'admin', widths: [1280, 390] },
  { name: 'studio', path: '/admin/merchandise/create', as: 'director', widths: [1280, 390] },
  {
    name: 'studio-canvas',
    path: '/admin/merchandise/create',
    as: 'director',
    widths: [1280, 390],
    then: designCanvas,
  },
];

/** The page has drawn its content: its h1 and no loading bar. */
async function settled(page: Page) {
  await page.locator('main h1').first().waitFor();
  await expect.poll(() => page.locator('[role="progressbar"]').count()).toBe(0);
  await page.evaluate(() => document.fonts.ready);
}

beforeAll(async () => {
  // The director's own logo for the canvas, by a name no other file uses.
  const context = await session.context({ storageState: session.asDirector });
  const uploaded = await context.request.post(`${baseUrl()}/api/design-logos`, {
    multipart: { ImageFile: { name: logo, mimeType: 'image/png', buffer: await crestPng() } },
  });
  expect(uploaded.status()).toBe(200);
  await context.close();
  // A change for the audit log to show: a promo code's description written.
  const asAdmin = await session.context({ storageState: session.asAdmin });
  const table = await asAdmin.request.post(`${baseUrl()}/api/promo-codes/table`, {
    data: { skip: 0, take: 1 },
  });
  const [promo] = (await table.json()).result.data as Record<string, unknown>[];
  const { code, name, organization, state, isActive, version } = promo;
  const updated = await asAdmin.request.put(`${baseUrl()}/api/promo-codes/${String(promo.id)}`, {
    data: { code, name, organization, state, isActive, version, description: 'Ten percent off in spring' },
  });
  expect(updated.status()).toBe(200);
  await asAdmin.close();
});

describe.each(['light', 'dark'] as const)('the look in the %s theme', (scheme) => {
  for (const shown of pages)
    for (const width of shown.widths)
      it(`${shown.name} at ${width} px fits its width, its row controls in view, with nothing serious for axe`, async () => {
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
        await shown.then?.(page);
        await expect.poll(() => overflowOf(page)).toMatchObject({ outside: [] });
        const { scrollWidth, width: clientWidth } = await overflowOf(page);
        expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
        // In 256 colours: a tenth of the bytes, and a flat UI loses nothing a reader sees.
        if (phase)
          await sharp(await page.screenshot({ animations: 'disabled' }))
            .png({ palette: true, compressionLevel: 9 })
            .toFile(join(shots, `${phase}-${shown.name}-${width}-${scheme}.png`));
        expect(await seriousViolations(page)).toEqual([]);
      });
});
