import { loadingBars } from './loading';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appMessages as en } from '../../src/i18n/en';
import { appMessages as es } from '../../src/i18n/es';
import { seriousViolations } from './axe';
import { admin, baseUrl, demo, launchBrowser, type SignedIn, signedInState, signIn } from './browser';

/** Every page has one main landmark and one visible h1 (an empty, hidden h1 is not announced). */
async function expectOneMainAndOneH1(page: Page) {
  const landmarks = await page.evaluate(() => ({
    main: document.querySelectorAll('main, [role="main"]').length,
    h1: [...document.querySelectorAll('h1')].filter((heading) => heading.getClientRects().length > 0).length,
  }));
  expect(landmarks).toEqual({ main: 1, h1: 1 });
}

/** A desktop and a phone: the sidebar, the top bar and the forms change between them. */
const widths = [1280, 390];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * With no theme chosen the portal follows the device's, as each context here says it is. Both
 * themes in English, and Spanish in the light one: the language changes the texts and `lang`,
 * not the colours, so a third pass in the dark theme would find nothing the others do not.
 */
describe.each([
  ['light', 'en'],
  ['dark', 'en'],
  ['light', 'es'],
] as const)('accessibility in the %s theme, in %s (axe-core in Chromium)', (colorScheme, locale) => {
  const messages = locale === 'es' ? es : en;
  /** The portal's CSP refuses inline scripts, rightly; the scanner is let in by the test alone. */
  const newContext = async (width: number, storageState?: SignedIn) => {
    const context = await browser.newContext({
      bypassCSP: true,
      colorScheme,
      viewport: { width, height: 800 },
      storageState,
    });
    // The language this browser chose, as the sign-in page's choice would remember it.
    await context.addInitScript(
      (chosen) => window.localStorage.setItem('spirit-portal.locale', chosen),
      locale,
    );
    return context;
  };
  const newPage = async (width: number) => (await newContext(width)).newPage();

  it('draws the pages in that theme', async () => {
    const page = await newPage(1280);
    try {
      await page.goto(`${baseUrl()}/login`);
      await page.getByRole('button', { name: messages.login.submit, exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      // The portal's own page colours (src/theme.ts): #0f1216 dark, #f4f5f7 light.
      expect(background).toBe(colorScheme === 'dark' ? 'rgb(15, 18, 22)' : 'rgb(244, 245, 247)');
    } finally {
      await page.context().close();
    }
  });

  const publicPages = [
    '/login',
    '/forgot-password',
    '/login/recovery-code',
    '/reset-password',
    '/confirm-account',
    '/register',
    '/contact',
    '/home',
    '/403',
    '/404',
  ];

  for (const width of widths)
    for (const path of publicPages) {
      it(`${path} at ${width} px has no serious or critical violation, one main and one h1`, async () => {
        const page = await newPage(width);
        try {
          await page.goto(`${baseUrl()}${path}`, { waitUntil: 'networkidle' });
          await page.locator('h1, h2, h3, h4, h5, h6, form, main').first().waitFor();
          expect(await seriousViolations(page)).toEqual([]);
          await expectOneMainAndOneH1(page);
        } finally {
          await page.context().close();
        }
      });
    }

  const adminPages = [
    { who: 'an Admin', account: admin, path: '/admin/dashboard', email: admin.email },
    {
      who: 'an AthleticDirector',
      account: { email: demo.directorEmail, password: demo.password },
      path: '/admin/dashboard',
      email: demo.directorEmail,
    },
  ];

  for (const width of widths)
    for (const { who, account, path, email } of adminPages) {
      it(`${path} as ${who} at ${width} px (top bar, sidebar and cards) has no serious or critical violation`, async () => {
        const page = await newPage(width);
        try {
          await page.goto(`${baseUrl()}/login?returnUrl=${encodeURIComponent(path)}`);
          await signIn(page, account.email, account.password, messages.login);
          await page.waitForURL(`**${path}`);
          await page.getByRole('button', { name: email }).waitFor();
          await page.getByRole('heading', { name: messages.dashboard.title }).first().waitFor();
          expect(await seriousViolations(page)).toEqual([]);
          await expectOneMainAndOneH1(page);
        } finally {
          await page.context().close();
        }
      });
    }

  /** Every other page of the account and admin areas, in the role that may open it. */
  const signedInPages = {
    Admin: [
      '/admin/users',
      '/admin/users/create',
      '/admin/settings',
      '/admin/settings/create',
      '/admin/promo-codes',
      '/admin/promo-codes/create',
      '/admin/email-template',
      '/admin/brands',
      '/admin/orders',
      '/admin/base-apparel',
      '/admin/404',
      '/account/change-password',
      '/account/two-factor-authentication',
      '/account/enable-authentication',
      // With the signed-in top bar.
      '/home',
      '/403',
    ],
    AthleticDirector: [
      '/admin/design-logos',
      '/admin/merchandise',
      '/admin/merchandise/create',
      '/admin/orders',
    ],
  };
  const accounts = {
    Admin: admin,
    AthleticDirector: { email: demo.directorEmail, password: demo.password },
  };
  const states: Partial<Record<keyof typeof accounts, SignedIn>> = {};

  // Signing in with a language chosen and none set makes it the user's setting: the suites
  // after this one expect the users' languages unset.
  afterAll(async () => {
    if (locale === 'en') return;
    for (const account of Object.values(accounts)) {
      const context = await browser.newContext({
        storageState: await signedInState(browser, account.email, account.password),
      });
      await context.request.delete(`${baseUrl()}/api/preferences/locale`);
      await context.close();
    }
  });

  /** The logo galleries are scanned with a logo in them: a selectable card has its own ARIA. */
  let logoUploaded = false;
  async function ensureALogo(context: BrowserContext) {
    if (logoUploaded) return;
    const crest = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="#036"/></svg>`;
    const response = await context.request.post(`${baseUrl()}/api/design-logos`, {
      multipart: {
        ImageFile: { name: 'a11y-crest.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(crest) },
      },
    });
    expect(response.status(), await response.text()).toBe(200);
    logoUploaded = true;
  }

  for (const width of widths)
    for (const [role, paths] of Object.entries(signedInPages) as [keyof typeof accounts, string[]][]) {
      for (const path of paths) {
        it(`${path} as ${role} at ${width} px has no serious or critical violation, one main and one h1`, async () => {
          states[role] ??= await signedInState(browser, accounts[role].email, accounts[role].password);
          const context = await newContext(width, states[role]);
          if (role === 'AthleticDirector') await ensureALogo(context);
          const page = await context.newPage();
          try {
            await page.goto(`${baseUrl()}${path}`, { waitUntil: 'networkidle' });
            expect(new URL(page.url()).pathname).toBe(path);
            await page.waitForFunction(() => document.body.innerText.trim().length > 0);
            // Tables and galleries fill in after their first request.
            await page.waitForLoadState('networkidle');
            await expect.poll(() => page.locator(loadingBars).count(), { timeout: 15_000 }).toBe(0);
            expect(await seriousViolations(page)).toEqual([]);
            await expectOneMainAndOneH1(page);
          } finally {
            await context.close();
          }
        });
      }
    }
});
