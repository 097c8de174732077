import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appMessages } from '../../src/i18n/en';
import { admin, baseUrl, demo, launchBrowser, openLogin, pathOf, signIn } from './browser';

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
});
afterEach(() => context.close());

describe('signing in', () => {
  it('an Admin lands on /admin/dashboard with the admin layout drawn', async () => {
    await openLogin(page);
    await signIn(page, admin.email, admin.password);
    await page.waitForURL('**/admin/dashboard');
    await expect.poll(() => page.getByRole('link', { name: 'Accounts' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Email Templates').first().isVisible()).toBe(true);
  });

  it('an AthleticDirector lands on /admin/design-logos without the Accounts entry', async () => {
    await openLogin(page);
    await signIn(page, demo.directorEmail, demo.password);
    await page.waitForURL('**/admin/design-logos');
    await expect.poll(() => page.getByRole('link', { name: 'Design Logos' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Accounts' }).count()).toBe(0);
  });

  it('a wrong password shows an error and stays on /login', async () => {
    await openLogin(page);
    await signIn(page, admin.email, 'Not-the-Passw0rd!');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain(appMessages.login.failed);
    expect(pathOf(page)).toBe('/login');
  });

  it('a protected page while signed out goes to /login?returnUrl=... and back after sign-in', async () => {
    await page.goto(`${baseUrl()}/admin/users`);
    await page.waitForURL('**/login?returnUrl=*');
    expect(pathOf(page)).toBe('/login?returnUrl=%2Fadmin%2Fusers');
    await signIn(page, admin.email, admin.password);
    await page.waitForURL('**/admin/users');
  });

  it('a returnUrl to another site is ignored in favour of /admin', async () => {
    await openLogin(page, 'https://evil.example/phish');
    await signIn(page, admin.email, admin.password);
    await page.waitForURL('**/admin/dashboard');
  });

  it('an AthleticDirector opening /admin/users goes to /403', async () => {
    await openLogin(page);
    await signIn(page, demo.directorEmail, demo.password);
    await page.waitForURL('**/admin/design-logos');
    await page.goto(`${baseUrl()}/admin/users`);
    await page.waitForURL('**/403');
    await expect.poll(() => page.getByText(appMessages.forbidden.title).isVisible()).toBe(true);
  });

  it('logging out ends the session and lands on /login without a returnUrl', async () => {
    await openLogin(page);
    await signIn(page, admin.email, admin.password);
    await page.waitForURL('**/admin/dashboard');
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByText('Log Out').click();
    await page.waitForURL('**/login');
    expect(pathOf(page)).toBe('/login');
    await page.goto(`${baseUrl()}/admin/dashboard`);
    await page.waitForURL('**/login?returnUrl=*');
  });
});

describe('crossing between the public pages and the admin', () => {
  const accountHeading = () => page.getByRole('heading', { level: 1, name: appMessages.account.title });
  const adminMenu = () => page.getByRole('link', { name: 'Accounts' });

  it('links and the back and forward buttons swap the two halves in one page load', async () => {
    await openLogin(page);
    await signIn(page, admin.email, admin.password);
    await page.waitForURL('**/admin/dashboard');
    await expect.poll(() => adminMenu().isVisible()).toBe(true);
    // Gone after a full page load: each crossing below must happen inside the one app.
    await page.evaluate(() => Object.assign(window, { sameLoad: true }));

    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: appMessages.layout.manageAccount }).click();
    await page.waitForURL('**/account/change-password');
    await expect.poll(() => accountHeading().isVisible()).toBe(true);

    await page.goBack();
    await page.waitForURL('**/admin/dashboard');
    await expect.poll(() => adminMenu().isVisible()).toBe(true);

    await page.goForward();
    await page.waitForURL('**/account/change-password');
    await expect.poll(() => accountHeading().isVisible()).toBe(true);

    await page.getByRole('link', { name: appMessages.notFound.returnHome }).click();
    await page.waitForURL('**/admin/dashboard');
    await expect.poll(() => adminMenu().isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Accounts' }).click();
    await page.waitForURL('**/admin/users');

    await page.goBack();
    await page.waitForURL('**/admin/dashboard');
    await page.goBack();
    await page.waitForURL('**/account/change-password');
    await expect.poll(() => accountHeading().isVisible()).toBe(true);
    expect(await page.evaluate(() => 'sameLoad' in window)).toBe(true);
  });

  it("an expired session in the admin lands on /login with 'You need to login to view this page'", async () => {
    await openLogin(page);
    await signIn(page, admin.email, admin.password);
    await page.waitForURL('**/admin/dashboard');
    // The dashboard's own calls done, the next call is the one the expired session fails.
    await page.waitForLoadState('networkidle');
    await context.clearCookies();
    await adminMenu().click();
    // The toast is raised in the admin and shown by the public pages, which load its code now.
    await page.waitForURL('**/login**');
    await expect
      .poll(() => page.getByText(appMessages.errors.unauthorized).isVisible(), { timeout: 10_000 })
      .toBe(true);
  });
});

describe('error pages', () => {
  it("shows the spec's admin 404 with a 'Return to Home' link to /admin", async () => {
    await openLogin(page);
    await signIn(page, admin.email, admin.password);
    await page.waitForURL('**/admin/dashboard');
    await page.goto(`${baseUrl()}/admin/404`);
    for (const text of ['Error 404', 'We could not find that page', appMessages.notFound.body]) {
      await expect.poll(() => page.getByText(text).isVisible()).toBe(true);
    }
    expect(await page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/admin');
  });

  it('shows the 404 page for an unknown public path', async () => {
    await page.goto(`${baseUrl()}/no-such-page`);
    await expect.poll(() => page.getByText('We could not find that page').isVisible()).toBe(true);
  });
});
