import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appMessages } from '../../src/i18n/en';
import { baseUrl, demo, launchBrowser, signedInState } from './browser';
import { apparelCard, logoCard } from './merchandise-walk';

const text = appMessages.merchandise;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** 600 x 300 px of flat red and navy: at the one-click quarter of a tee it prints under 150 DPI. */
const softCrest = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300"><rect width="600" height="300" fill="#003366"/><rect x="60" y="60" width="480" height="180" fill="#c8102e"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

beforeAll(async () => {
  browser = await launchBrowser();
  const signedIn = await signedInState(browser, demo.directorEmail, demo.password);
  context = await browser.newContext({ storageState: signedIn, viewport: { width: 1280, height: 900 } });
  const uploaded = await context.request.post(`${baseUrl()}/api/design-logos`, {
    multipart: { ImageFile: { name: 'soft-crest.png', mimeType: 'image/png', buffer: await softCrest() } },
  });
  expect(uploaded.status()).toBe(200);
  page = await context.newPage();
});
afterAll(() => browser?.close());

/** Presses Tab until `accessibleName` has the focus, as a keyboard user moves through the page. */
async function tabTo(name: string, limit = 150) {
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    if (focused === name) return;
  }
  throw new Error(`${name} never took the focus`);
}

describe('the studio preflight', { timeout: 180_000 }, () => {
  it('lets a director fix a design too soft to print with the keyboard alone, then create it', async () => {
    await page.goto(`${baseUrl()}/admin/merchandise/create`);
    const logo = logoCard(page, 'soft-crest.png').getByRole('button', {
      name: 'soft-crest.png',
      exact: true,
    });
    await logo.focus();
    await page.keyboard.press('Enter');
    const customize = apparelCard(page, 'Classic Cotton Tee').getByRole('button', {
      name: `${text.customize} Classic Cotton Tee`,
    });
    await customize.focus();
    await page.keyboard.press('Enter');

    const panel = page.getByTestId('preflight');
    await panel.getByRole('heading', { name: text.preflight.heading }).waitFor();
    const errors = panel.getByTestId('preflight-error');
    await errors.first().waitFor();
    expect(await errors.first().getAttribute('data-rule')).toBe('resolution');
    expect(await errors.first().textContent()).toContain(`${text.preflight.severity.error} · Front logo`);
    // The advice is there too: two flat colours print as a screen print.
    expect(
      await panel.getByTestId('preflight-note').filter({ hasText: 'fits screen printing' }).count(),
    ).toBe(1);
    const create = page.getByRole('button', { name: text.create, exact: true });
    expect(await create.isDisabled()).toBe(true);
    expect(await page.getByTestId('create-blocked').textContent()).toContain('a print needs at least 150');

    // The finding's button puts the keyboard on the size slider; the arrows shrink the logo until it prints.
    const fix = 'Resize the front logo';
    await tabTo(fix);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby')))
      .toBe('studio-size');
    for (let step = 0; step < 20 && (await errors.count()) > 0; step += 1)
      await page.keyboard.press('ArrowLeft');
    await expect.poll(() => errors.count()).toBe(0);
    // Sharp enough to print, not yet to the 300 DPI recommended: a warning stays, and is kept.
    expect(await panel.getByTestId('preflight-warning').first().getAttribute('data-rule')).toBe('resolution');
    await expect.poll(() => create.isEnabled()).toBe(true);

    await tabTo(text.create);
    const creating = page.waitForResponse((response) =>
      response.url().includes('/api/merchandise/create-merchandise-by-organization'),
    );
    await page.keyboard.press('Enter');
    const response = await creating;
    expect(response.status()).toBe(200);
    const { preflight } = (await response.json()).result;
    expect(preflight.passes).toBe(true);
    expect(preflight.issues.map((issue: { rule: string }) => issue.rule)).toContain('resolution');
    await page.getByText(text.uploadedProcessing).waitFor();
  });
});
