import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { appMessages } from '../../src/i18n/en';
import { baseUrl, browserOfBothRoles, pathOf, type SignedIn } from './browser';

const text = appMessages.users;
const fill = (template: string, email: string) => template.replace('%{email}', email);

const session = browserOfBothRoles();
let page: Page;

async function openAs(state: SignedIn, path: string, options: { width?: number; height?: number } = {}) {
  ({ page } = await session.open(state, path, {
    width: options.width ?? 1280,
    height: options.height ?? 800,
  }));
}

const signInAsAdmin = () => openAs(session.asAdmin, '/admin/dashboard');

async function searchAccounts(term: string) {
  await page.goto(`${baseUrl()}/admin/users`);
  const search = page.getByPlaceholder('Search');
  await search.fill(term);
  await page.waitForURL(/filter=/);
}

async function openRowOption(email: string, option: string) {
  await page.getByRole('button', { name: fill(text.options, email) }).click();
  await page.getByRole('menuitem', { name: option }).click();
}

/** The table keeps its search and paging in the query string when a page returns to it. */
const usersList = /\/admin\/users(\?.*)?$/;

const toast = (message: string) =>
  expect.poll(() => page.getByText(message, { exact: true }).count()).toBeGreaterThan(0);

describe('Accounts as an Admin', () => {
  it('creates an account, edits it, locks, unlocks and resends its confirmation', async () => {
    const email = `coach-${Date.now()}@e2e.example`;
    await signInAsAdmin();
    await page.getByRole('link', { name: 'Accounts' }).click();
    await page.waitForURL(usersList);
    await page.getByRole('link', { name: 'Create' }).click();
    await page.waitForURL('**/admin/users/create');
    await expect.poll(() => page.getByText(text.createUser).first().isVisible()).toBe(true);

    const form = page.locator('form');
    await form.getByLabel(text.email).fill(email);
    await form.getByLabel(text.firstName).fill('Casey');
    await form.getByLabel(text.lastName).fill('Coach');
    expect(await form.getByLabel(text.organization).count()).toBe(0);
    await form.getByLabel('Athletic Director').check();
    await form.getByLabel(text.organization).click();
    await page.getByRole('option', { name: 'Lincoln High School' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(fill(text.created, email));
    await page.waitForURL(usersList);

    await searchAccounts(email);
    await expect.poll(() => page.getByRole('cell', { name: email, exact: true }).count()).toBe(1);
    await openRowOption(email, fill(text.edit, email));
    await page.waitForURL('**/admin/users/update/*');
    await expect.poll(() => page.getByText(text.updateUser).first().isVisible()).toBe(true);
    const firstName = page.locator('form').getByLabel(text.firstName);
    await expect.poll(() => firstName.inputValue()).toBe('Casey');
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await firstName.fill('Cassidy');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(fill(text.updated, email));
    await page.waitForURL(usersList);

    await searchAccounts(email);
    await expect.poll(() => page.getByRole('cell', { name: 'Cassidy Coach', exact: true }).count()).toBe(1);
    await openRowOption(email, text.lock);
    await page.waitForURL('**/admin/users/lock/*');
    await expect.poll(() => page.getByText(text.lockConfirm).isVisible()).toBe(true);
    await page.getByRole('button', { name: text.confirm }).click();
    await toast(fill(text.lockedToast, email));
    await page.waitForURL(usersList);

    await searchAccounts(email);
    await openRowOption(email, text.unlock);
    await page.waitForURL('**/admin/users/unlock/*');
    await expect.poll(() => page.getByText(text.unlockConfirm).isVisible()).toBe(true);
    await page.getByRole('button', { name: text.confirm }).click();
    await toast(fill(text.unlockedToast, email));
    await page.waitForURL(usersList);

    await searchAccounts(email);
    await openRowOption(email, text.resend);
    await page.waitForURL('**/admin/users/resend/*');
    const emailField = page.locator('main').getByLabel(text.email);
    await expect.poll(() => emailField.inputValue()).toBe(email);
    expect(await emailField.isDisabled()).toBe(true);
    await page.getByRole('button', { name: text.send }).click();
    await toast(fill(text.inviteSent, email));
    await page.waitForURL(usersList);
  });

  it('uploads a profile photo that Update User then shows', async () => {
    await signInAsAdmin();
    const email = `photo-${Date.now()}@e2e.example`;
    const created = await page.request.post(`${baseUrl()}/api/users`, {
      data: { email, name: { firstName: 'Pia', lastName: 'Photo' }, userRoles: ['Admin'] },
    });
    const { id } = (await created.json()).result;
    await page.goto(`${baseUrl()}/admin/users/update/${id}`);
    await expect.poll(() => page.locator('form').getByLabel(text.firstName).inputValue()).toBe('Pia');
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#1e3a8a' } })
      .png()
      .toBuffer();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(fill(text.updated, email));
    await page.waitForURL(usersList);

    await page.goto(`${baseUrl()}/admin/users/update/${id}`);
    const current = page.getByRole('img', { name: fill(text.currentPhoto, email) });
    await expect
      .poll(() => current.evaluate((node) => (node as HTMLImageElement).naturalWidth).catch(() => 0))
      .toBe(512);
  });

  it('keeps the Organization error clear of the Password field on Create User', async () => {
    await openAs(session.asAdmin, '/admin/users/create');
    const form = page.locator('form');
    await form.getByLabel('Athletic Director').check();
    await page.getByRole('button', { name: 'Save' }).click();
    const error = form.getByText('Organization is required', { exact: true });
    await expect.poll(() => error.isVisible()).toBe(true);
    const errorBox = await error.boundingBox();
    const passwordBox = await form.getByLabel(text.password, { exact: true }).boundingBox();
    expect(errorBox && passwordBox).toBeTruthy();
    // The Password box starts below the whole error line, with the gap the other fields keep.
    expect(passwordBox!.y).toBeGreaterThanOrEqual(errorBox!.y + errorBox!.height + 8);
  });

  it('searches and pages the accounts table', async () => {
    await signInAsAdmin();
    const stamp = `pager${Date.now()}`;
    for (let i = 1; i <= 12; i++) {
      const response = await page.request.post(`${baseUrl()}/api/users`, {
        data: {
          email: `${stamp}-${String(i).padStart(2, '0')}@e2e.example`,
          name: { firstName: 'Page', lastName: `Person ${i}` },
          userRoles: ['Admin'],
        },
      });
      expect(response.status()).toBe(200);
    }
    await searchAccounts(stamp);
    await expect.poll(() => page.getByText('1-10 of 12').isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('cell', { name: `${stamp}-01@e2e.example`, exact: true }).count())
      .toBe(1);
    await page.getByRole('button', { name: 'Go to page 2' }).click();
    await expect.poll(() => page.getByText('11-12 of 12').isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('cell', { name: `${stamp}-12@e2e.example`, exact: true }).count())
      .toBe(1);
    await expect
      .poll(() => page.getByRole('cell', { name: `${stamp}-01@e2e.example`, exact: true }).count())
      .toBe(0);
    await page.getByLabel('Rows per page').click();
    await page.getByRole('option', { name: '20' }).click();
    await expect.poll(() => page.getByText('1-12 of 12').isVisible()).toBe(true);
  });
});

describe('Accounts as an AthleticDirector', () => {
  it('shows no Accounts entry, and /admin/users goes to /403', async () => {
    await openAs(session.asDirector, '/admin');
    await page.waitForURL('**/admin/design-logos');
    await expect
      .poll(() => page.getByRole('link', { name: appMessages.layout.designLogos }).isVisible())
      .toBe(true);
    expect(await page.getByRole('link', { name: 'Accounts' }).count()).toBe(0);
    await page.goto(`${baseUrl()}/admin/users`);
    await page.waitForURL('**/403');
    expect(pathOf(page)).toBe('/403');
  });
});
