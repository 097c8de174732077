import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../server/auth/totp';
import { appMessages } from '../../src/i18n/en';
import { accountAdmin, startAccountServer } from './account-server';
import { launchBrowser, pathOf, signIn } from './browser';

const demoPassword = 'Demo-Passw0rd!';
let server: Awaited<ReturnType<typeof startAccountServer>>;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAccountServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});
beforeEach(async () => {
  context = await browser.newContext();
  page = await context.newPage();
});
afterEach(() => context.close());

const goto = (path: string) => page.goto(`${server.baseUrl}${path}`);
const signOut = () => page.request.post(`${server.baseUrl}/api/account/logout`);
const heading = (name: string) => page.getByRole('heading', { name });

async function signInAt(email: string, password: string) {
  await goto('/login');
  await signIn(page, email, password);
}

/** The code an authenticator app would show, `steps` periods from now. */
const codeFor = (key: string, steps = 0) =>
  totpCodeAt(key.replaceAll(' ', '').toUpperCase(), Math.floor(Date.now() / 1000) + steps * 30);

describe('two-factor authentication', () => {
  it('is enabled with a code from the shown key, then asked at sign-in; a recovery code works once', async () => {
    const email = 'coach@riverside.example';
    await signInAt(email, demoPassword);
    await page.waitForURL('**/admin/design-logos');

    await goto('/account/two-factor-authentication');
    await expect.poll(() => page.getByText(appMessages.twoFactor.disabled).isVisible()).toBe(true);
    await page.getByRole('link', { name: appMessages.twoFactor.setUp }).click();
    await page.waitForURL('**/account/enable-authentication');
    const keyText = page.getByTestId('shared-key');
    await keyText.waitFor();
    const key = (await keyText.textContent()) ?? '';
    expect(key).toMatch(/^([a-z2-7]{4} ){7}[a-z2-7]{4}$/);
    await expect.poll(() => page.getByAltText(appMessages.enableAuthenticator.qrAlt).isVisible()).toBe(true);
    await page.getByLabel(appMessages.enableAuthenticator.code).fill(await codeFor(key));
    await page.getByLabel(appMessages.enableAuthenticator.password).fill(demoPassword);
    await page.getByRole('button', { name: appMessages.enableAuthenticator.submit }).click();
    await page.waitForURL('**/account/show-recovery-codes');
    const codes = await page
      .getByRole('list', { name: appMessages.recoveryCodes.title })
      .getByRole('listitem')
      .allTextContents();
    expect(codes).toHaveLength(10);

    await signOut();
    await signInAt(email, demoPassword);
    await page.waitForURL('**/login/two-factor-authentication?*');
    // The enabling code's time step is used up, so the app's next code (one step ahead, within drift) signs in.
    await page.getByLabel(appMessages.signIn.authenticatorCode).fill(await codeFor(key, 1));
    await page.getByRole('button', { name: appMessages.signIn.submit }).click();
    await page.waitForURL('**/admin/design-logos');

    await signOut();
    await signInAt(email, demoPassword);
    await page.waitForURL('**/login/two-factor-authentication?*');
    await page.getByRole('link', { name: appMessages.signIn.useRecoveryCode }).click();
    await page.waitForURL('**/login/recovery-code?*');
    await page.getByRole('textbox', { name: appMessages.signIn.recoveryCode }).fill(codes[0]);
    await page.getByRole('button', { name: appMessages.signIn.submit }).click();
    await page.waitForURL('**/admin/design-logos');

    await signOut();
    await signInAt(email, demoPassword);
    await page.waitForURL('**/login/two-factor-authentication?*');
    await goto('/login/recovery-code');
    await page.getByRole('textbox', { name: appMessages.signIn.recoveryCode }).fill(codes[0]);
    await page.getByRole('button', { name: appMessages.signIn.submit }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Invalid recovery code entered.');
    expect(pathOf(page)).toBe('/login/recovery-code');

    await page.getByRole('textbox', { name: appMessages.signIn.recoveryCode }).fill(codes[1]);
    await page.getByRole('button', { name: appMessages.signIn.submit }).click();
    await page.waitForURL('**/admin/design-logos');
    await goto('/account/two-factor-authentication');
    await expect
      .poll(() => page.getByText(appMessages.twoFactor.codesLeft.replace('%{count}', '8')).isVisible())
      .toBe(true);
  });
});

describe('passwords', () => {
  it('a forgotten password is reset from the e-mailed link', async () => {
    const email = 'ops@spirit.example';
    const newPassword = 'Reset-Passw0rd!';
    await goto('/login');
    await page.getByRole('link', { name: appMessages.login.forgotPassword }).click();
    await page.waitForURL('**/forgot-password');
    // The page's chunk loads after the URL changes; the login form stays until then.
    await heading(appMessages.forgotPassword.title).waitFor();
    await page.getByLabel(appMessages.forgotPassword.email).fill(email);
    await page.getByRole('button', { name: appMessages.forgotPassword.submit }).click();
    await page.waitForURL('**/forgot-password-success');
    await expect.poll(() => page.getByText(appMessages.forgotPassword.success).isVisible()).toBe(true);

    const link = await server.linkMailedTo(email);
    expect(new URL(link).pathname).toBe('/reset-password');
    await page.goto(link);
    await page.locator('input[name=password]').fill(newPassword);
    await page.getByLabel(appMessages.resetPassword.confirm).fill(newPassword);
    await page.getByRole('button', { name: appMessages.resetPassword.submit }).click();
    await page.waitForURL('**/reset-password-confirmation');
    await page.getByRole('link', { name: appMessages.resetPassword.logIn }).click();
    await page.waitForURL('**/login');
    await signIn(page, email, newPassword);
    await page.waitForURL('**/admin/dashboard');

    await signOut();
    await page.goto(link);
    await page.locator('input[name=password]').fill('Again-Passw0rd!');
    await page.getByLabel(appMessages.resetPassword.confirm).fill('Again-Passw0rd!');
    await page.getByRole('button', { name: appMessages.resetPassword.submit }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('invalid or has expired');
  });

  it('a signed-in user changes the password, with the rule shown and enforced', async () => {
    const email = 'director@lincoln-high.example';
    const newPassword = 'Chang3d-Passw0rd!';
    await signInAt(email, demoPassword);
    await page.waitForURL('**/admin/design-logos');
    await goto('/account/change-password');
    const form = page.getByRole('form', { name: appMessages.changePassword.title });
    await expect.poll(() => page.getByText(appMessages.changePassword.title).first().isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText('At least 8 characters with a lowercase character').isVisible())
      .toBe(true);
    await form.getByLabel(appMessages.changePassword.current).fill(demoPassword);
    await form.locator('input[name=newPassword]').fill('weakpassword');
    await form.getByLabel(appMessages.changePassword.confirm).fill('weakpassword');
    await form.getByRole('button', { name: appMessages.changePassword.submit }).click();
    await expect
      .poll(() => page.getByText('New password must contain an uppercase character').isVisible())
      .toBe(true);

    await form.locator('input[name=newPassword]').fill(newPassword);
    await form.getByLabel(appMessages.changePassword.confirm).fill(newPassword);
    await form.getByRole('button', { name: appMessages.changePassword.submit }).click();
    await expect.poll(() => page.getByText(appMessages.changePassword.done).isVisible()).toBe(true);

    await signOut();
    await signInAt(email, demoPassword);
    await expect.poll(() => page.getByRole('alert').textContent()).toContain(appMessages.login.failed);
    await signInAt(email, newPassword);
    await page.waitForURL('**/admin/design-logos');
  });
});

describe('account confirmation', () => {
  it('a new account without a password is confirmed from the e-mail and its password set', async () => {
    const email = 'new.director@westfield.example';
    const password = 'Westf1eld-Passw0rd!';
    const api = await browser.newContext();
    const login = await api.request.post(`${server.baseUrl}/api/account/login`, { data: accountAdmin });
    expect((await login.json()).result.status).toBe('Succeeded');
    const sent = await api.request.post(`${server.baseUrl}/api/users/sendConfirmEmail`, { data: { email } });
    expect(sent.status()).toBe(200);
    await api.close();

    const link = await server.linkMailedTo(email);
    await page.goto(link);
    await page.waitForURL('**/confirm-account?*');
    await expect.poll(() => heading(appMessages.confirmAccount.title).isVisible()).toBe(true);
    await page.locator('input[name=password]').fill(password);
    await page.getByLabel(appMessages.confirmAccount.confirm).fill(password);
    await page.getByRole('button', { name: appMessages.confirmAccount.submit }).click();
    await expect.poll(() => page.getByText(appMessages.confirmAccount.done).isVisible()).toBe(true);
    await page.getByRole('link', { name: appMessages.confirmAccount.logIn }).click();
    await page.waitForURL('**/login');
    await signIn(page, email, password);
    await page.waitForURL('**/admin/design-logos');

    await page.goto(link);
    await expect.poll(() => page.getByText(appMessages.confirmAccount.invalid).isVisible()).toBe(true);
  });
});
