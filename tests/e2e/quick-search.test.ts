import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appMessages } from '../../src/i18n/en';
import { admin, demo, launchBrowser, openLogin, pathOf, signIn } from './browser';

const text = appMessages.quickSearch;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function signedIn(email: string, password: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await openLogin(page);
  await signIn(page, email, password);
  await page.waitForURL('**/admin/**');
  return page;
}

const box = (page: Page) => page.getByRole('combobox', { name: text.title });
const groups = (page: Page) =>
  page
    .getByRole('listbox', { name: text.results })
    .getByRole('group')
    .evaluateAll((found) => found.map((group) => group.getAttribute('aria-label')));

describe('quick search (Ctrl+K)', () => {
  it('moves through the matches with the arrow keys, down and back up, and Enter opens the chosen one', async () => {
    const page = await signedIn(admin.email, admin.password);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await page.keyboard.press('Control+k');
      const dialog = page.getByRole('dialog', { name: text.title });
      await dialog.waitFor();
      await box(page).fill('spirit');
      await page.getByRole('option').nth(1).waitFor();
      const count = await page.getByRole('option').count();
      await dialog.getByRole('status').getByText(`${count} matches`).waitFor();
      // By position: two groups may name the same record (an account and its review assignment).
      const chosen = () =>
        page
          .getByRole('option')
          .evaluateAll((options) =>
            options.findIndex((option) => option.getAttribute('aria-selected') === 'true'),
          );
      const first = await chosen();
      expect(first).toBeGreaterThanOrEqual(0);
      // The keys go to the search box: a failure here says where focus went instead.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')))
        .toBe('combobox');
      await page.keyboard.press('ArrowDown');
      await expect.poll(chosen).toBe(first + 1);
      await page.keyboard.press('ArrowUp');
      await expect.poll(chosen).toBe(first);
      expect(await dialog.isVisible()).toBe(true);
      await expect.poll(() => box(page).evaluate((input) => input === document.activeElement)).toBe(true);
      const before = pathOf(page);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => pathOf(page)).not.toBe(before);
      expect(await page.getByText('Something went wrong').count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('finds a setting from anywhere with the keyboard and opens its update page', async () => {
    const page = await signedIn(admin.email, admin.password);
    try {
      await page.keyboard.press('Control+k');
      await box(page).fill('m');
      await page.getByText(text.hint.replace('%{min}', '2')).waitFor();
      await box(page).fill('maxproducts');
      await page.getByRole('option', { name: 'MaxProductsPerOrganization' }).waitFor();
      expect(await groups(page)).toEqual(['Portal Settings']);
      await page.keyboard.press('Enter');
      await expect.poll(() => pathOf(page)).toMatch(/^\/admin\/settings\/update\/\d+$/);
      await expect
        .poll(() => page.getByRole('textbox', { name: 'Key' }).inputValue())
        .toBe('MaxProductsPerOrganization');

      await page.getByRole('button', { name: text.button }).click();
      await box(page).fill('no such thing anywhere');
      await page.getByText('Nothing matches "no such thing anywhere"').waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => box(page).count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });

  it("gives an athletic director their own organization's rows and no Admin list, on a phone too", async () => {
    const page = await signedIn(demo.directorEmail, demo.password, 390);
    try {
      await page.getByRole('button', { name: text.button }).click();
      await box(page).fill('lincoln');
      await page.getByRole('option').first().waitFor();
      const seen = await groups(page);
      expect(seen.length).toBeGreaterThan(0);
      for (const group of seen) expect(['Orders', 'Design Logos', 'Merchandise']).toContain(group);
      const options = await page.getByRole('option').count();
      await page.getByRole('status').getByText(`${options} match`).waitFor();
      await page.keyboard.press('ArrowDown');
      const chosen = page.getByRole('option', { selected: true });
      await expect.poll(() => chosen.count()).toBe(1);
    } finally {
      await page.context().close();
    }
  });
});
