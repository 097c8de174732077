import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appMessages } from '../../src/i18n/en';
import { admin, baseUrl, launchBrowser, type SignedIn, signedInState } from './browser';

const texts = appMessages;

let browser: Browser;
let signedIn: SignedIn;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  signedIn = await signedInState(browser, admin.email, admin.password);
});
afterAll(() => browser?.close());
beforeEach(async () => {
  context = await browser.newContext({ storageState: signedIn, viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});
afterEach(() => context.close());

/** A promo code made through the API, so each test starts from its own record. */
async function promo(code: string) {
  const response = await context.request.post(`${baseUrl()}/api/promo-codes`, {
    data: { code, name: 'Trash Walk', organization: 'Lincoln High School', state: 'OH', isActive: true },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).result as { id: number; code: string };
}

const rowOf = (code: string) => page.getByRole('row', { name: new RegExp(`\\b${code}\\b`) });
const shown = (locator: ReturnType<Page['getByRole']>) => expect.poll(() => locator.count()).toBe(1);
const gone = (locator: ReturnType<Page['getByRole']>) => expect.poll(() => locator.count()).toBe(0);

async function searchList(code: string) {
  await page.goto(`${baseUrl()}/admin/promo-codes?filter=${encodeURIComponent(JSON.stringify({ q: code }))}`);
  await shown(rowOf(code));
}

async function deleteRow(code: string) {
  await rowOf(code).getByRole('button', { name: texts.tables.delete }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: texts.tables.confirm }).click();
  await expect.poll(() => page.getByText(texts.tables.deleted, { exact: true }).isVisible()).toBe(true);
  await gone(rowOf(code));
}

describe('the trash', () => {
  it("deletes a promo code with the 'Deleted' toast, and its Undo brings the row back", async () => {
    const { code } = await promo('UNDOWALK');
    await searchList(code);
    await deleteRow(code);
    await page.getByRole('button', { name: texts.trash.undo }).click();
    await shown(rowOf(code));
  });

  it('restores a deleted promo code from the Trash page', async () => {
    const { code } = await promo('TRASHWALK');
    await searchList(code);
    await deleteRow(code);
    await page.getByRole('link', { name: texts.trash.button }).click();
    await page.waitForURL('**/admin/promo-codes/trash');
    const trashed = page.getByRole('row', { name: new RegExp(code) });
    await shown(trashed);
    await trashed.getByRole('button', { name: `${texts.trash.restore} TRASH WALK` }).click();
    await gone(trashed);
    await searchList(code);
  });

  it('restores a version of a promo code from its history', async () => {
    const { id } = await promo('HISTORYWALK');
    await page.goto(`${baseUrl()}/admin/promo-codes/update/${id}`);
    const name = page.getByRole('textbox', { name: 'Name' });
    await expect.poll(() => name.inputValue()).toBe('TRASH WALK');
    await name.fill('Renamed Walk');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/admin/promo-codes');
    await page.goto(`${baseUrl()}/admin/promo-codes/update/${id}`);
    await page.getByRole('link', { name: texts.tables.history.replace('%{label}', 'Promo Code') }).click();
    await page.waitForURL(`**/admin/promo-codes/history/${id}`);
    const change = page.getByRole('row', { name: /RENAMED WALK/ });
    await shown(change);
    await change.getByRole('button', { name: texts.history.restore }).click();
    await expect.poll(() => page.getByText(texts.history.restored).isVisible()).toBe(true);
    await shown(page.getByRole('row', { name: /revert/ }));
    await page.goto(`${baseUrl()}/admin/promo-codes/update/${id}`);
    await expect.poll(() => page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('TRASH WALK');
  });
});
