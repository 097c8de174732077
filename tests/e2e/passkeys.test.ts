import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appMessages } from '../../src/i18n/en';
import { admin, baseUrl, demo, launchBrowser, signedInState, signIn } from './browser';

const text = appMessages.passkeys;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let cdp: CDPSession;
let authenticatorId: string;

/**
 * WebAuthn's relying party is `localhost` without PUBLIC_URL: browsers refuse an IP address
 * such as 127.0.0.1 as one, so the same server is opened by its name.
 */
const origin = () => baseUrl().replace('127.0.0.1', 'localhost');
const goto = (path: string) => page.goto(`${origin()}${path}`);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());
beforeEach(async () => {
  context = await browser.newContext();
  page = await context.newPage();
  // Chromium's virtual authenticator: a platform authenticator (internal transport) that keeps
  // resident keys and verifies its user, as a laptop's fingerprint reader does.
  cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  ({ authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  }));
});
afterEach(() => context.close());

const signedInAs = async (email: string) => {
  await expect
    .poll(async () => {
      const me = await page.request.get(`${origin()}/api/account/me`);
      return me.ok() ? (await me.json()).result.email : null;
    })
    .toBe(email);
};

const signOut = async () => {
  await page.request.post(`${origin()}/api/account/logout`);
  await page.goto('about:blank');
};

/** Signs the demo director in with the password and adds a passkey on the account's 2FA page. */
async function registerPasskey(name: string) {
  await goto('/login');
  await signIn(page, demo.directorEmail, demo.password);
  await page.waitForURL('**/admin/**');

  await goto('/account/two-factor-authentication');
  await page.getByRole('button', { name: text.add }).click();
  const dialog = page.getByRole('dialog', { name: text.add });
  await dialog.getByLabel(text.name).fill(name);
  await dialog.getByRole('button', { name: text.create }).click();
  const list = page.getByRole('list', { name: text.title });
  await expect.poll(() => list.getByText(name).isVisible()).toBe(true);
  await expect.poll(() => list.getByText(/never used$/).isVisible()).toBe(true);
}

describe('passkeys', () => {
  it('registers a passkey, signs in with the button and with autofill, and removes it', async () => {
    await registerPasskey('E2E laptop');
    const list = page.getByRole('list', { name: text.title });
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0].isResidentCredential).toBe(true);

    // Autofill: the login page starts a conditional request when it opens; Chromium's virtual
    // environment picks the one passkey for it as a person would in the e-mail field's list.
    await signOut();
    await goto('/login');
    expect(await page.getByLabel('Email').getAttribute('autocomplete')).toBe('username webauthn');
    await page.waitForURL('**/admin/**');
    await signedInAs(demo.directorEmail);

    // The button, in a browser that offers no passkey autofill: with no conditional request
    // pending on the page, only the button's request can take the passkey. (With autofill on, the
    // pending autofill request and the button's race for the one credential, and either may win.)
    await signOut();
    await page.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
    });
    await goto('/login');
    const button = page.getByRole('button', { name: appMessages.login.passkeySignIn });
    await button.waitFor();
    expect(await page.evaluate(() => PublicKeyCredential.isConditionalMediationAvailable())).toBe(false);
    await button.click();
    await page.waitForURL('**/admin/**');
    await signedInAs(demo.directorEmail);

    await goto('/account/two-factor-authentication');
    await expect.poll(() => list.getByText(/last used/).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Remove E2E laptop' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove E2E laptop' });
    await confirm.getByLabel(appMessages.twoFactor.password).fill(demo.password);
    await confirm.getByRole('button', { name: appMessages.twoFactor.confirm }).click();
    await expect.poll(() => page.getByText(text.none).isVisible()).toBe(true);
  });

  it('says "Passkeys" in the account menu, and with a passkey added does not call the account unprotected', async () => {
    await registerPasskey('Menu laptop');
    await goto('/account/change-password');
    const menu = page.getByRole('navigation', { name: 'Manage Account' });
    await expect.poll(() => menu.getByRole('link', { name: /Passkeys/ }).isVisible()).toBe(true);
    await menu.getByRole('link', { name: /Passkeys/ }).click();
    await page.waitForURL('**/account/two-factor-authentication');
    await expect.poll(() => page.getByText('Menu laptop').isVisible()).toBe(true);
    expect(await page.getByText('Two-factor authentication is off.').count()).toBe(0);
    await expect
      .poll(() =>
        page
          .getByText(
            'Your passkeys sign you in without a password. Signing in with your password asks for no second step until you set up an authenticator app.',
          )
          .isVisible(),
      )
      .toBe(true);
    const [added] = (await (await page.request.get(`${origin()}/api/account/passkeys`)).json()).result;
    const removed = await page.request.delete(`${origin()}/api/account/passkeys/${added.id}`, {
      data: { password: demo.password },
    });
    expect(removed.status(), await removed.text()).toBe(200);
  });

  it('on an IP address says why passkeys are unavailable and where they work, instead of the browser error', async () => {
    const ipAddress = baseUrl();
    const named = origin();
    await page.goto(`${ipAddress}/login`);
    const reason = `Passkeys need the portal's name, not an IP address: open ${named} to use them.`;
    await expect.poll(() => page.getByText(reason).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: appMessages.login.passkeySignIn }).count()).toBe(0);
    await signIn(page, demo.directorEmail, demo.password);
    await page.waitForURL('**/admin/**');
    await page.goto(`${ipAddress}/account/two-factor-authentication`);
    await expect.poll(() => page.getByText(reason).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: text.add }).count()).toBe(0);
  });

  it("shows an Admin the user's passkey count on Update User, and removes them all", async () => {
    await registerPasskey('Lost laptop');
    const me = await page.request.get(`${origin()}/api/account/me`);
    const directorId = (await me.json()).result.id as number;

    const adminContext = await browser.newContext({
      storageState: await signedInState(browser, admin.email, admin.password),
    });
    const adminPage = await adminContext.newPage();
    await adminPage.goto(`${baseUrl()}/admin/users/update/${directorId}`);
    await expect.poll(() => adminPage.getByText('1 passkey', { exact: true }).isVisible()).toBe(true);
    await adminPage.getByRole('button', { name: appMessages.users.removePasskeys }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => adminPage.getByText('0 passkeys', { exact: true }).isVisible()).toBe(true);
    await adminContext.close();

    await page.reload();
    await expect.poll(() => page.getByText(text.none).isVisible()).toBe(true);
  });
});
