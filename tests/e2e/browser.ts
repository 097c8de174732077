import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { appMessages } from '../../src/i18n/en';

import { admin } from './global-setup';

export { admin };
export const demo = { directorEmail: 'director@lincoln-high.example', password: 'Demo-Passw0rd!' };

/** Debian's Chromium, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const baseUrl = () => inject('baseUrl');

/** Page helpers in the spirit of react-admin's cypress support files. */
export async function signIn(page: Page, email: string, password: string, text = appMessages.login) {
  await page.getByLabel(text.email).fill(email);
  await page.getByLabel(text.password).fill(password);
  await page.getByRole('button', { name: text.submit, exact: true }).click();
}

export async function openLogin(page: Page, returnUrl?: string) {
  const query = returnUrl ? `?returnUrl=${encodeURIComponent(returnUrl)}` : '';
  await page.goto(`${baseUrl()}/login${query}`);
}

export const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

export type SignedIn = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Signs in once through the API and returns the browser state to reuse: the sign-in page
 * has its own tests, and sign-ins are rate limited per account.
 */
export async function signedInState(
  browser: Browser,
  email: string,
  password: string,
  url = baseUrl(),
): Promise<SignedIn> {
  const signing = await browser.newContext();
  const response = await signing.request.post(`${url}/api/account/login`, {
    data: { email, password },
  });
  expect((await response.json()).result.status).toBe('Succeeded');
  const state = await signing.storageState();
  await signing.close();
  return state;
}

/** The text an element's aria-describedby points at, as a screen reader reads its description. */
/**
 * A file's browser with the Admin and the demo director signed in once, for its tests to open
 * pages as either: every context a test opens is closed after it.
 */
export function browserOfBothRoles() {
  const opened: BrowserContext[] = [];
  const session = {
    browser: undefined as unknown as Browser,
    asAdmin: undefined as unknown as SignedIn,
    asDirector: undefined as unknown as SignedIn,
    async context(options?: BrowserContextOptions) {
      const context = await session.browser.newContext(options);
      opened.push(context);
      return context;
    },
    /** A page signed in as `state` at `path`, in a context of its own. */
    async open(state: SignedIn, path: string, viewport?: { width: number; height: number }) {
      const context = await session.context({ storageState: state, ...(viewport && { viewport }) });
      const page = await context.newPage();
      await page.goto(`${baseUrl()}${path}`);
      return { context, page };
    },
  };
  beforeAll(async () => {
    session.browser = await launchBrowser();
    session.asAdmin = await signedInState(session.browser, admin.email, admin.password);
    session.asDirector = await signedInState(session.browser, demo.directorEmail, demo.password);
  });
  afterEach(async () => {
    for (const context of opened.splice(0)) await context.close();
  });
  afterAll(() => session.browser?.close());
  return session;
}

/**
 * For a file that changes the demo director's language: a browser and the director signed in
 * for its tests, and after them the language back to unset, so the other files see English.
 */
export function directorWhoseLanguageChanges() {
  const opened = {} as { browser: Browser; asDirector: SignedIn };
  beforeAll(async () => {
    opened.browser = await launchBrowser();
    opened.asDirector = await signedInState(opened.browser, demo.directorEmail, demo.password);
  });
  afterAll(async () => {
    const context = await opened.browser.newContext({ storageState: opened.asDirector });
    await context.request.delete(`${baseUrl()}/api/preferences/locale`);
    await context.close();
    await opened.browser?.close();
  });
  return opened;
}

export const describedBy = (target: Locator) =>
  target.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );
