import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appMessages } from '../../src/i18n/en';
import { startAccountServer } from './account-server';
import { admin, baseUrl, launchBrowser, pathOf, type SignedIn, signedInState, signIn } from './browser';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let asAdmin: SignedIn;

beforeAll(async () => {
  browser = await launchBrowser();
  asAdmin = await signedInState(browser, admin.email, admin.password);
});
afterAll(() => browser?.close());
afterEach(() => context?.close());

async function open(path: string, state?: SignedIn, width = 1280) {
  context = await browser.newContext({ storageState: state, viewport: { width, height: 800 } });
  page = await context.newPage();
  await page.goto(`${baseUrl()}${path}`);
}

const layout = appMessages.layout;

/**
 * Registered and confirmed (a self-registered account signs in only once its e-mail is
 * confirmed) but not yet given a role by an Admin: signing in leads to /403. Its own server, so
 * the confirmation link can be read from that server's outbox.
 */
async function rolelessAccount(server: Awaited<ReturnType<typeof startAccountServer>>) {
  const email = `no-role-${Date.now()}@e2e.example`;
  const password = 'No-Role-Passw0rd!';
  const response = await fetch(`${server.baseUrl}/api/account/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email,
      firstName: 'Nora',
      lastName: 'Norole',
      password,
      confirmPassword: password,
    }),
  });
  expect(response.status, await response.text()).toBe(200);
  const link = new URL(await server.linkMailedTo(email));
  const confirmed = await fetch(`${server.baseUrl}/api/account/confirm-account`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, code: link.searchParams.get('code') }),
  });
  expect(confirmed.status, await confirmed.text()).toBe(200);
  return { email, password };
}

describe('a way out on every page a signed-in user sees', () => {
  it('lets a user without a role, sent to /403 after signing in, reach the account area and log out', async () => {
    const server = await startAccountServer();
    try {
      const account = await rolelessAccount(server);
      context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      page = await context.newPage();
      await page.goto(`${server.baseUrl}/login`);
      await signIn(page, account.email, account.password);
      await page.waitForURL('**/403');
      const bar = page.getByRole('banner');
      await bar.getByRole('link', { name: layout.manageAccount }).click();
      await page.waitForURL('**/account/change-password');
      await page.getByRole('banner').getByRole('button', { name: layout.logout }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      expect(pathOf(page)).toBe('/login');
      const me = await page.request.get(`${server.baseUrl}/api/account/me`);
      expect(me.status()).toBe(401);
    } finally {
      await context?.close();
      await server.stop();
    }
  }, 180_000);

  for (const path of ['/', '/home']) {
    it(`says 'Go to the portal' on ${path} when signed in, beside Log Out`, async () => {
      await open(path, asAdmin, 390);
      const goToPortal = page.getByRole('link', { name: appMessages.home.goToPortal });
      await goToPortal.waitFor();
      const logOut = page.getByRole('banner').getByRole('button', { name: layout.logout });
      await expect.poll(() => logOut.isVisible()).toBe(true);
      await goToPortal.click();
      await page.waitForURL('**/admin/dashboard');
    });
  }
});

describe('page titles and the portal name', () => {
  const titles = [
    ['/login', 'Sign in · Spirit Portal'],
    ['/forgot-password', 'Forgot your password? · Spirit Portal'],
    ['/404', 'Error 404 · Spirit Portal'],
    ['/admin/dashboard', 'Dashboard · Spirit Portal'],
    ['/admin/users', 'Accounts · Spirit Portal'],
    ['/admin/users/create', 'Accounts · Spirit Portal'],
    ['/admin/settings', 'Settings · Spirit Portal'],
    ['/admin/no-such-page', 'Error 404 · Spirit Portal'],
    ['/account/change-password', 'Change Password · Spirit Portal'],
  ];
  for (const [path, title] of titles) {
    it(`names ${path} '${title}'`, async () => {
      await open(path, path.startsWith('/login') || path.startsWith('/forgot') ? undefined : asAdmin);
      await expect.poll(() => page.title()).toBe(title);
    });
  }

  it('shows the name and mark in the top bar', async () => {
    await open('/admin/dashboard', asAdmin);
    const brand = page.getByRole('banner').getByTestId('portal-brand');
    await expect.poll(() => brand.textContent()).toBe('Spirit Portal');
    expect(await brand.locator('svg').count()).toBe(1);
  });

  it('takes the name from PORTAL_NAME, in the first HTML and on the sign-in card', async () => {
    const named = await startAccountServer({ PORTAL_NAME: 'Lincoln Spirit Shop' });
    try {
      const html = await (await fetch(`${named.baseUrl}/login`)).text();
      expect(html).toContain('<title>Lincoln Spirit Shop</title>');
      context = await browser.newContext();
      page = await context.newPage();
      await page.goto(`${named.baseUrl}/login`);
      await expect
        .poll(() => page.getByRole('main').getByTestId('portal-brand').textContent())
        .toBe('Lincoln Spirit Shop');
      await expect.poll(() => page.title()).toBe('Sign in · Lincoln Spirit Shop');
    } finally {
      await named.stop();
    }
  });
});

describe('forms check e-mail addresses themselves', () => {
  const forms = [
    { path: '/login', field: appMessages.login.email, message: 'Email is not a valid email address' },
    {
      path: '/forgot-password',
      field: appMessages.forgotPassword.email,
      message: 'Email is not a valid email address',
    },
    { path: '/register', field: appMessages.register.email, message: 'Email is not a valid email address' },
    { path: '/contact', field: appMessages.contact.email, message: 'Email is not a valid email address' },
    {
      path: '/account/change-password',
      field: appMessages.changeEmail.newEmail,
      message: 'New email is not a valid email address',
      signedIn: true,
    },
  ];
  for (const { path, field, message, signedIn } of forms) {
    it(`${path}: an invalid e-mail gets our message beside the field, not the browser's bubble`, async () => {
      await open(path, signedIn ? asAdmin : undefined);
      const input = page.getByLabel(field, { exact: false }).first();
      await input.fill('not-an-email');
      const form = page.locator('form', { has: input });
      // A form the browser validates would stop at its bubble and never reach our check.
      expect(await form.evaluate((element) => (element as HTMLFormElement).noValidate)).toBe(true);
      // Its submit button (the sign-in form has a passkey button and a language choice too).
      await form.locator('button[type=submit]').click();
      await expect.poll(() => page.getByText(message).isVisible()).toBe(true);
      expect(await input.getAttribute('aria-invalid')).toBe('true');
    });
  }
});

describe('embedded with FRAME_PARENT_ORIGINS unset', () => {
  it('tells a parent page of its own origin its state and height', async () => {
    await open('/404');
    const messages = await page.evaluate(
      () =>
        new Promise<{ type: string }[]>((resolve) => {
          const received: { type: string }[] = [];
          window.addEventListener('message', (event) => {
            if (event.origin !== window.location.origin || event.data?.source !== 'spirit-portal') return;
            received.push(event.data);
            const types = new Set(received.map((message) => message.type));
            if (types.has('state') && types.has('height')) resolve(received);
          });
          const frame = document.createElement('iframe');
          frame.src = '/login?frameInstance=e2e-parent';
          document.body.append(frame);
        }),
    );
    expect(messages).toContainEqual(
      expect.objectContaining({
        type: 'state',
        frameInstance: 'e2e-parent',
        state: { path: '/login?frameInstance=e2e-parent', authenticated: false },
      }),
    );
    expect(messages).toContainEqual(expect.objectContaining({ type: 'height', frameInstance: 'e2e-parent' }));
  });
});

describe('the profile photo drop zone', () => {
  it('has a visible border, readable text and a focus ring', async () => {
    await open('/admin/dashboard', asAdmin);
    const me = (await (await page.request.get(`${baseUrl()}/api/account/me`)).json()).result as {
      id: number;
    };
    await page.goto(`${baseUrl()}/admin/users/update/${me.id}`);
    const dropZone = page.locator('.RaFileInput-dropZone');
    await dropZone.waitFor();
    const style = () =>
      dropZone.evaluate((element) => {
        const computed = getComputedStyle(element);
        return {
          border: computed.borderTopStyle,
          color: computed.color,
          outline: computed.outlineStyle,
        };
      });
    expect(await style()).toMatchObject({ border: 'dashed', outline: 'none' });
    expect((await style()).color).not.toBe('rgb(255, 255, 255)');
    // A key press first, so the browser treats the focus as a keyboard user's (:focus-visible).
    await page.keyboard.press('Tab');
    await dropZone.focus();
    expect((await style()).outline).toBe('solid');
  });
});
