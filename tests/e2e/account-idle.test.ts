import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appMessages } from '../../src/i18n/en';
import { accountAdmin, startAccountServer } from './account-server';
import { launchBrowser, signIn } from './browser';

let server: Awaited<ReturnType<typeof startAccountServer>>;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startAccountServer({ COOKIE_LIFETIME_MINUTES: '1' }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('session life', () => {
  it("shows 'You appear to be idle' after half the cookie lifetime without activity, and 'Stay Logged In' keeps the session", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`);
    await signIn(page, accountAdmin.email, accountAdmin.password);
    await page.waitForURL('**/admin/dashboard');
    const started = Date.now();
    const dialog = page.getByRole('dialog', { name: appMessages.layout.idleTitle });
    await dialog.waitFor({ timeout: 60_000 });
    // Half of a one-minute lifetime.
    expect(Date.now() - started).toBeGreaterThanOrEqual(25_000);
    await expect.poll(() => dialog.textContent()).toMatch(/logged out in \d+ seconds/);
    await dialog.getByRole('button', { name: appMessages.layout.stayLoggedIn }).click();
    await dialog.waitFor({ state: 'hidden' });
    const me = await page.request.get(`${server.baseUrl}/api/account/me`);
    expect(me.status()).toBe(200);
    await context.close();
  }, 120_000);
});
