import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appMessages } from '../../src/i18n/en';
import { darkTheme, theme } from '../../src/theme';
import { admin, baseUrl, launchBrowser, openLogin, signIn } from './browser';

const views = appMessages.views;
const layout = appMessages.layout;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A browser of its own (nothing in its local storage), signed in as the e2e Admin. */
async function freshBrowser(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
  const page = await context.newPage();
  await openLogin(page);
  await signIn(page, admin.email, admin.password);
  await page.waitForURL('**/admin/dashboard');
  return { context, page };
}

const columnHeader = (page: Page, name: string) => page.locator('thead').getByText(name, { exact: true });
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
/** `#0f1216` as the browser reports it: `rgb(15, 18, 22)`. */
const rgbOf = (hex: string) =>
  `rgb(${[1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;
const dark = rgbOf(darkTheme.palette.background.default);
const light = rgbOf(theme.palette.background.default);

describe('views, columns and the theme follow the user to another browser', () => {
  it('saves a view of Settings, hides a column and picks the dark theme in one browser; another browser has them', async () => {
    const first = await freshBrowser();
    const page = first.page;
    await page.goto(`${baseUrl()}/admin/settings`);
    await page.getByRole('textbox', { name: 'Search' }).fill('Max');
    await expect.poll(() => new URL(page.url()).searchParams.get('filter') ?? '').toContain('Max');
    await page.getByRole('button', { name: views.button }).click();
    await page.getByRole('menuitem', { name: views.save }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.getByText(views.nameRequired).isVisible()).toBe(true);
    await dialog.getByRole('textbox', { name: views.name }).fill('Limits');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'View: Limits' }).waitFor();

    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('switch', { name: 'Value' }).uncheck();
    await page.keyboard.press('Escape');
    await expect.poll(() => columnHeader(page, 'Value').count()).toBe(0);

    await page.getByRole('button', { name: new RegExp(admin.email) }).click();
    await page.getByRole('menuitemradio', { name: layout.themeDark }).click();
    await expect.poll(() => bodyBackground(page)).toBe(dark);
    await first.context.close();

    const second = await freshBrowser();
    const other = second.page;
    await expect.poll(() => bodyBackground(other)).toBe(dark);
    await other.goto(`${baseUrl()}/admin/settings`);
    await columnHeader(other, 'Key').waitFor();
    await expect.poll(() => columnHeader(other, 'Value').count()).toBe(0);
    await other.getByRole('button', { name: views.button }).click();
    await other.getByRole('menuitemradio', { name: 'Limits' }).click();
    await expect.poll(() => other.getByRole('textbox', { name: 'Search' }).inputValue()).toBe('Max');
    await other.getByRole('button', { name: 'View: Limits' }).waitFor();

    // Back to how the suite's other files expect the Admin's lists and theme.
    await other.getByRole('button', { name: 'Columns' }).click();
    await other.getByRole('switch', { name: 'Value' }).check();
    await other.keyboard.press('Escape');
    await other.getByRole('button', { name: 'View: Limits' }).click();
    await other.getByRole('menuitem', { name: views.remove.replace('%{name}', 'Limits') }).click();
    await other.getByRole('button', { name: new RegExp(admin.email) }).click();
    await other.getByRole('menuitemradio', { name: layout.themeSystem }).click();
    await expect.poll(() => bodyBackground(other)).toBe(light);
    await second.context.close();
  });
});
