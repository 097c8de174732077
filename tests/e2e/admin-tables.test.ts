import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { definitionOf } from '../../contract/definitions';
import { appMessages } from '../../src/i18n/en';
import { admin, baseUrl, launchBrowser, openLogin, signIn } from './browser';

const texts = appMessages.tables;
/** A form field's label, as its resource's definition names it. */
const labelOf = (resource: string, name: string) => definitionOf(resource)!.fields[name].label;

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
beforeEach(async () => {
  context = await browser.newContext();
  page = await context.newPage();
  await openLogin(page);
  await signIn(page, admin.email, admin.password);
  await page.waitForURL('**/admin/dashboard');
});
afterEach(() => context.close());

const open = async (path: string) => {
  await page.goto(`${baseUrl()}/admin/${path}`);
};
/**
 * The promos list searched for the seed's SPIRIT10, as a person finds one promo among many: other
 * files add promos that sort before it and push it off the first page.
 */
const openSpirit10 = () =>
  open(`promo-codes?filter=${encodeURIComponent(JSON.stringify({ q: 'SPIRIT10' }))}`);
/** Form fields by their label; the page header has its own 'Organization' selector. */
const field = (label: string) => page.getByRole('textbox', { name: label });
const visible = (text: string | RegExp) =>
  expect.poll(() => page.getByText(text).first().isVisible()).toBe(true);

/** Whether an element shows its text as written and whole: not in capitals, not clipped. */
const readable = (link: ReturnType<Page['getByRole']>) =>
  link.evaluate((element) => ({
    transform: getComputedStyle(element).textTransform,
    clipped: element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight,
    text: element.textContent,
  }));

describe('row actions', () => {
  it("shows 'Edit {key}' as written and whole on Settings and Email Templates, at 1280 and 390 px", async () => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [path, key] of [
        ['settings', 'MaxProductsPerOrganization'],
        ['email-template', 'ChangeEmail'],
        ['email-template', 'ConfirmAccount'],
      ]) {
        await open(path);
        const link = page.getByRole('link', { name: `Edit ${key}`, exact: true });
        await link.waitFor();
        expect(await readable(link)).toEqual({ transform: 'none', clipped: false, text: `Edit ${key}` });
      }
    }
  });
});

describe('settings', () => {
  it('creates, edits and deletes a setting with the spec toasts', async () => {
    await open('settings');
    await page.getByRole('link', { name: 'Create' }).click();
    await page.waitForURL('**/admin/settings/create');
    await field(labelOf('settings', 'key')).fill('E2eBanner');
    await field(labelOf('settings', 'value')).fill('Welcome back');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible('Setting E2eBanner created');
    await page.waitForURL('**/admin/settings');

    await page.getByRole('link', { name: 'Edit E2eBanner' }).click();
    await page.waitForURL('**/admin/settings/update/*');
    await expect.poll(() => field(labelOf('settings', 'key')).isDisabled()).toBe(true);
    await field(labelOf('settings', 'value')).fill('Welcome back, Tigers');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible('Setting E2eBanner updated');
    await page.waitForURL('**/admin/settings');
    await visible('Welcome back, Tigers');

    await page.getByRole('link', { name: 'Edit E2eBanner' }).click();
    await page.getByRole('link', { name: texts.delete }).click();
    await page.waitForURL('**/admin/settings/delete/*');
    await visible(texts.deletePageConfirm);
    await page.getByRole('button', { name: texts.delete }).click();
    await visible(texts.deleted);
    await page.waitForURL('**/admin/settings');
    await expect.poll(() => page.getByText('Welcome back, Tigers').count()).toBe(0);
  });

  it('deletes a row through the popover after Confirm, and keeps it after Cancel', async () => {
    await open('settings');
    const row = page.getByRole('row', { name: /SupportEmail/ });
    await row.getByRole('button', { name: texts.delete }).click();
    await visible('Are you sure you want to delete this Setting');
    await page.getByRole('button', { name: texts.cancel }).click();
    await expect.poll(() => row.isVisible()).toBe(true);
    await row.getByRole('button', { name: texts.delete }).click();
    await page.getByRole('button', { name: texts.confirm }).click();
    await visible(texts.deleted);
    await expect.poll(() => page.getByRole('row', { name: /SupportEmail/ }).count()).toBe(0);
  });

  it('asks before leaving a changed form, for the public pages as for another admin page', async () => {
    const asked: string[] = [];
    let leave = false;
    page.on('dialog', (dialog) => {
      asked.push(dialog.message());
      void (leave ? dialog.accept() : dialog.dismiss());
    });
    await open('settings/create');
    await field(labelOf('settings', 'key')).fill('E2eUnsaved');

    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: appMessages.layout.manageAccount }).click();
    await expect.poll(() => asked.length).toBe(1);
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await expect.poll(() => asked.length).toBe(2);
    expect(new URL(page.url()).pathname).toBe('/admin/settings/create');
    await expect.poll(() => field(labelOf('settings', 'key')).inputValue()).toBe('E2eUnsaved');

    leave = true;
    await page.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/admin/dashboard');
    expect(asked).toHaveLength(3);
  });
});

describe('promos', () => {
  it('creates a promo shown in uppercase and toggles it Inactive', async () => {
    await open('promo-codes/create');
    await field(labelOf('promo-codes', 'code')).fill('HOMECOMING5');
    await field(labelOf('promo-codes', 'name')).fill('Homecoming');
    await field(labelOf('promo-codes', 'organization')).fill('Lincoln High School');
    await page.getByRole('combobox', { name: labelOf('promo-codes', 'state') }).click();
    await page.getByRole('option', { name: 'OH - Ohio' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await visible('Promo Code HOMECOMING created');
    await page.waitForURL('**/admin/promo-codes');
    const row = page.getByRole('row', { name: /HOMECOMING5/ });
    await expect.poll(() => row.getByText('LINCOLN HIGH SCHOOL').isVisible()).toBe(true);
    const toggle = row.getByRole('switch');
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await expect.poll(() => toggle.isDisabled()).toBe(false);
    await page.reload();
    await expect
      .poll(() =>
        page
          .getByRole('row', { name: /HOMECOMING5/ })
          .getByRole('switch')
          .isChecked(),
      )
      .toBe(false);
  });

  it('opens the update form from the promo code link and saves', async () => {
    await openSpirit10();
    await page.getByRole('link', { name: 'SPIRIT10', exact: true }).click();
    await page.waitForURL('**/admin/promo-codes/update/*');
    await field(labelOf('promo-codes', 'description')).fill('15% off spirit week');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible('Promo Code SPIRIT WEEK updated');
  });

  it("opens a row's update form by clicking anywhere on the row, as react-admin's rowClick='edit' does, but not from its row actions", async () => {
    await openSpirit10();
    const row = page.getByRole('row', { name: /SPIRIT10/ });
    await row.getByRole('cell').nth(2).click();
    await page.waitForURL('**/admin/promo-codes/update/*');
    await openSpirit10();
    await page
      .getByRole('row', { name: /SPIRIT10/ })
      .getByRole('button', { name: texts.delete })
      .click();
    await page.getByRole('button', { name: texts.cancel }).click();
    await expect.poll(() => page.getByRole('row', { name: /SPIRIT10/ }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/admin/promo-codes');
  });
});

describe('email templates', () => {
  it("edits a template body in the rich text editor and toasts 'Email Template {key} updated', in the words of its label", async () => {
    await open('email-template');
    await page.getByRole('link', { name: 'Edit ResetPassword' }).click();
    await page.waitForURL('**/admin/email-template/update/*');
    // The English body's editor, above the Spanish one.
    const editor = page.getByRole('textbox', { name: 'Body', exact: true });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type(' Contact the office with questions.');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible('Email Template ResetPassword updated');
    await page.waitForURL('**/admin/email-template');
    await page.getByRole('link', { name: 'Edit ResetPassword' }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Body', exact: true }).textContent())
      .toContain('Contact the office with questions.');
  });
});

describe('brands', () => {
  it('switches a brand showcase on, and it stays on after a reload', async () => {
    await open('brands');
    await page.getByPlaceholder('Search').fill('hanes');
    const toggle = page.getByRole('switch', { name: 'Showcase Hanes' });
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await expect.poll(() => page.getByRole('img', { name: 'Hanes logo' }).isVisible()).toBe(true);
    await toggle.click();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await expect.poll(() => toggle.isDisabled()).toBe(false);
    await page.reload();
    await expect.poll(() => page.getByRole('switch', { name: 'Showcase Hanes' }).isChecked()).toBe(true);
  });
});

describe('orders', () => {
  it("asks for an organization, then shows that organization's orders, and follows a switch", async () => {
    await open('orders');
    await visible(texts.selectOrganization);
    // The page's own chooser, shown while no organization is selected.
    await page.getByRole('combobox', { name: texts.chooseOrganization }).click();
    await page.getByRole('option', { name: 'Lincoln High School' }).click();
    await visible('1-10 of 59');
    await page.getByPlaceholder('Search').fill('SO-1011');
    await visible('($25.00)');
    expect(await page.getByText(/SO-11\d\d/).count()).toBe(0);

    // Switch through the page header's organization selector.
    await page.getByRole('combobox', { name: appMessages.shell.organization, exact: true }).click();
    await page.getByRole('option', { name: 'Riverside Rowing Club' }).click();
    await page.getByPlaceholder('Search').fill('SO-110');
    await visible('SO-1100');
    expect(await page.getByText(/SO-10\d\d/).count()).toBe(0);
  });
});

describe('a refund', () => {
  it('says Refunded beside its negative total, and why it lists no items', async () => {
    await open('orders');
    await page.getByRole('combobox', { name: texts.chooseOrganization }).click();
    await page.getByRole('option', { name: 'Lincoln High School' }).click();
    // The school's list drawn first: a search typed while it was still loading was lost.
    await visible('1-10 of 59');
    await page.getByPlaceholder('Search').fill('SO-1011');
    await page
      .getByRole('link', { name: appMessages.orders.detailsOf.replace('%{number}', 'SO-1011') })
      .click();
    await page.waitForURL('**/admin/orders/details/*');
    const total = page.locator('dd').filter({ hasText: '($25.00)' });
    await expect.poll(() => total.textContent()).toBe(`($25.00) ${appMessages.orders.refunded}`);
    await visible(appMessages.orders.refundNoItems);
    expect(await page.getByText(appMessages.orders.noItems).count()).toBe(0);
  });
});

describe('organizations', () => {
  it('creates an organization and edits its storefront address, refusing a non-https one', async () => {
    await open('organizations/create');
    await field(labelOf('organizations', 'name')).fill('Eastside Academy');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible('Organization Eastside Academy created');
    await page.waitForURL('**/admin/organizations');
    await page.getByRole('link', { name: 'Edit Eastside Academy' }).click();
    await page.waitForURL('**/admin/organizations/update/*');
    await field(labelOf('organizations', 'spiritShopAddress')).fill('http://shop.example/eastside');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible('Storefront address must be an https:// address');
    await field(labelOf('organizations', 'spiritShopAddress')).fill('https://shop.example/eastside');
    await page.getByRole('button', { name: 'Save' }).click();
    await visible('Organization Eastside Academy updated');
    await visible('https://shop.example/eastside');
  });
});
