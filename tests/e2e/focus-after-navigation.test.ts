import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appMessages } from '../../src/i18n/en';
import { browserOfBothRoles } from './browser';

/**
 * Issue 47 item 5: after a route change focus is on the page's h1, inside main, so a keyboard
 * user reaches the page's first field in a few Tabs (it took 20-25 from the top bar's title).
 */
const session = browserOfBothRoles();
const desktop = { width: 1280, height: 800 };
const promos = 'Promos';

/** What has the focus: its tag, whether it is inside main, and its name or text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return {
      tag: active?.tagName.toLowerCase() ?? null,
      inMain: Boolean(active?.closest('main')),
      text: (active?.getAttribute('aria-label') ?? active?.textContent ?? '').trim(),
    };
  });

const isField = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return (
      active instanceof HTMLInputElement ||
      active instanceof HTMLTextAreaElement ||
      active?.getAttribute('role') === 'combobox'
    );
  });

/** Tabs from where focus is to the first form field, or Infinity after `most`. */
async function tabsToField(page: Page, most = 30) {
  for (let tabs = 1; tabs <= most; tabs++) {
    await page.keyboard.press('Tab');
    if (await isField(page)) return tabs;
  }
  return Infinity;
}

/** The h1 inside main has the focus, and says `name` (any title when none is given). */
async function headingFocused(page: Page, name?: string) {
  await expect
    .poll(() => focused(page))
    .toEqual({ tag: 'h1', inMain: true, text: name ?? expect.stringMatching(/\S/) });
}

describe('focus after navigation (1280 px)', () => {
  it('a sidebar link, Create and Ctrl+K each leave focus on the new page h1, a few Tabs from its first field', async () => {
    const { page } = await session.open(session.asAdmin, '/admin', desktop);
    await page.getByRole('heading', { level: 1, name: appMessages.dashboard.title }).waitFor();

    const link = page.getByRole('navigation').getByRole('link', { name: promos, exact: true });
    await link.focus();
    await page.keyboard.press('Enter');
    await headingFocused(page, promos);
    expect(await tabsToField(page)).toBeLessThanOrEqual(6);

    await page.getByRole('heading', { level: 1, name: promos }).focus();
    const create = page.getByRole('link', { name: /^Create/ }).first();
    await create.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/promo-codes/create');
    await headingFocused(page);
    expect(await tabsToField(page)).toBeLessThanOrEqual(3);

    await page.keyboard.press('Control+k');
    const search = page.getByRole('combobox').last();
    await search.waitFor();
    await search.fill('maxproducts');
    await page.getByRole('option', { name: 'MaxProductsPerOrganization' }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/admin\/settings\/update\/\d+$/);
    await headingFocused(page);
    expect(await tabsToField(page)).toBeLessThanOrEqual(3);
  });
});
