import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productReviewWorkflow } from '../../contract/merchandise-review';
import { appMessages } from '../../src/i18n/en';
import { admin, baseUrl, demo, launchBrowser, type SignedIn, signedInState } from './browser';
import { crestPng } from './merchandise-walk';

const steps = productReviewWorkflow.transitions;
const states = productReviewWorkflow.states;
const password = 'Review-Passw0rd!';
const reviewers = { lincoln: 'licensing@district.example', other: 'licensing@elsewhere.example' };

let browser: Browser;
const contexts: BrowserContext[] = [];
const signedIn: Record<string, SignedIn> = {};
const widths = [1280, 390] as const;
const productIds: Record<number, number> = {};
const stamp = Date.now();
const titleAt = (width: number) => `Reviewed Crest Tee ${width} ${stamp}`;

async function api(state: SignedIn) {
  const context = await browser.newContext({ storageState: state });
  contexts.push(context);
  return context.request;
}

/** A design of the demo school, made and drawn: what a director submits. */
async function makeProduct(asDirector: APIRequestContext, title: string) {
  const logo = await asDirector.post(`${baseUrl()}/api/design-logos`, {
    multipart: { ImageFile: { name: 'crest.png', mimeType: 'image/png', buffer: await crestPng() } },
  });
  expect(logo.status(), await logo.text()).toBe(200);
  const apparel = (await (await asDirector.get(`${baseUrl()}/api/merchandise/base-apparel`)).json()).result
    .products as { id: number; title: string }[];
  const created = await asDirector.post(`${baseUrl()}/api/merchandise/create-merchandise-by-organization`, {
    multipart: {
      Title: title,
      Description: 'Our crest, for review',
      Price: '24',
      LogoId: String((await logo.json()).result.id),
      BaseApparelId: String(apparel.find((item) => item.title === 'Classic Cotton Tee')!.id),
      ImageFile: {
        name: 'product.png',
        mimeType: 'image/png',
        buffer: await sharp({ create: { width: 400, height: 400, channels: 4, background: '#fff' } })
          .png()
          .toBuffer(),
      },
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  const productId = (await created.json()).result.id as number;
  const me = (await (await asDirector.get(`${baseUrl()}/api/account/me`)).json()).result;
  const guid = me.organizationGuid as string;
  // The render job draws its pictures: wait for it, as the gallery's Refresh would (bounded).
  const statusOf = async () => {
    const list = await asDirector.get(
      `${baseUrl()}/api/merchandise/merchandise-by-organization?organizationGuid=${guid}`,
    );
    const products = (await list.json()).result.products as { id: number; status: string }[];
    return products.find((product) => product.id === productId)?.status;
  };
  const deadline = Date.now() + 90_000;
  while ((await statusOf()) !== 'ready') {
    if (Date.now() > deadline) throw new Error(`product ${productId} was not drawn within 90 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return productId;
}

beforeAll(async () => {
  browser = await launchBrowser();
  signedIn.admin = await signedInState(browser, admin.email, admin.password);
  signedIn.director = await signedInState(browser, demo.directorEmail, demo.password);
  const asAdmin = await api(signedIn.admin);
  const asDirector = await api(signedIn.director);
  const { organizationId } = (await (await asDirector.get(`${baseUrl()}/api/account/me`)).json()).result;
  const other = await asAdmin.post(`${baseUrl()}/api/organizations`, {
    data: { name: `Elsewhere Academy ${Date.now()}` },
  });
  expect(other.status(), await other.text()).toBe(200);
  for (const [school, email] of [
    [organizationId, reviewers.lincoln],
    [(await other.json()).result.id, reviewers.other],
  ] as const) {
    const created = await asAdmin.post(`${baseUrl()}/api/users`, {
      data: {
        email,
        name: { firstName: 'Lena', lastName: 'Licensing' },
        userRoles: ['Reviewer'],
        password,
        confirmPassword: password,
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const assigned = await asAdmin.post(`${baseUrl()}/api/review-assignments`, {
      data: { reviewerId: (await created.json()).result.id, organizationId: school },
    });
    expect(assigned.status(), await assigned.text()).toBe(200);
    signedIn[email] = await signedInState(browser, email, password);
  }

  // The director's designs, one per width, made through the API: the studio has its own walk
  // (merchandise.test.ts).
  for (const width of widths) productIds[width] = await makeProduct(asDirector, titleAt(width));
}, 180_000);

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function pageOf(state: SignedIn, width: number) {
  const context = await browser.newContext({ storageState: state, viewport: { width, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  return page;
}

const productCard = (page: Page, title: string) =>
  page.getByTestId('merchandise-product').filter({ hasText: title });

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/**
 * Tabs to a button and presses Enter (Space when told): the way a keyboard user takes a step.
 * No click anywhere: a button the Tab order never reaches fails the test.
 */
async function pressByKeyboard(page: Page, target: Locator, key: 'Enter' | 'Space' = 'Enter') {
  for (let presses = 0; presses < 300; presses += 1) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) {
      await page.keyboard.press(key);
      return;
    }
  }
  throw new Error(`${target.toString()} was never reached by Tab`);
}

describe('design review, a director and two reviewers, by keyboard', { timeout: 180_000 }, () => {
  for (const width of widths)
    it(`submits, is asked for changes with a comment, resubmits, is approved and publishes at ${width} px; another school’s reviewer sees none of it`, async () => {
      const title = titleAt(width);
      const productId = productIds[width];
      // The reviewer sees the bell count rise when the design comes in: from none unread.
      const reviewer = await pageOf(signedIn[reviewers.lincoln], width);
      const cleared = await reviewer.request.post(`${baseUrl()}/api/notifications/read-all`, { data: {} });
      expect(cleared.status(), await cleared.text()).toBe(200);
      await reviewer.goto(`${baseUrl()}/admin`);
      await reviewer.waitForURL('**/admin/reviews');
      await reviewer.getByText(appMessages.reviews.empty).waitFor();
      const bell = (count: number) =>
        reviewer.getByRole('link', {
          name: appMessages.notifications.bell.replace('%{count}', String(count)),
        });
      await bell(0).waitFor();

      const director = await pageOf(signedIn.director, width);
      await director.goto(`${baseUrl()}/admin/merchandise`);
      const card = productCard(director, title);
      await card.getByText(states.draft.label, { exact: true }).waitFor();
      await pressByKeyboard(director, card.getByRole('button', { name: steps.submit.label }));
      await card.getByText(states.submitted.label, { exact: true }).waitFor();

      // Live, over the change stream: no reload.
      await bell(1).waitFor({ timeout: 5_000 });
      await reviewer.reload();
      const item = reviewer.getByTestId('review-item').filter({ hasText: title });
      await item.waitFor();
      expect(await item.getByRole('img').count()).toBeGreaterThan(0);
      const askFor = item.getByRole('button', { name: steps.requestChanges.label, exact: true });
      await pressByKeyboard(reviewer, askFor);
      const dialog = reviewer.getByRole('dialog');
      const comment = dialog.getByRole('textbox', { name: appMessages.workflow.comment });
      await comment.waitFor();
      // The dialog takes the focus, keeps it while open, and gives it back when let go (Escape).
      expect(await isFocused(comment)).toBe(true);
      for (let presses = 0; presses < 6; presses += 1) {
        await reviewer.keyboard.press('Tab');
        expect(
          await reviewer.evaluate(() => document.activeElement?.closest('.MuiDialog-root') !== null),
        ).toBe(true);
      }
      await reviewer.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => isFocused(askFor)).toBe(true);
      await reviewer.keyboard.press('Space');
      await comment.waitFor();
      // No comment, no request: the step's button waits for one.
      const send = dialog.getByRole('button', { name: steps.requestChanges.label });
      expect(await send.isDisabled()).toBe(true);
      await reviewer.keyboard.type('Use the crest in school blue');
      await pressByKeyboard(reviewer, send);
      await item.waitFor({ state: 'detached' });
      // The decided design's buttons are gone: the keyboard goes on from the page's heading.
      await expect
        .poll(() =>
          isFocused(reviewer.getByRole('main').getByRole('heading', { name: appMessages.reviews.title })),
        )
        .toBe(true);
      expect(
        await reviewer.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
      ).toBe(true);

      const elsewhere = await pageOf(signedIn[reviewers.other], width);
      await elsewhere.goto(`${baseUrl()}/admin/reviews`);
      await elsewhere.getByText(appMessages.reviews.empty).waitFor();
      const sneak = await elsewhere.request.post(
        `${baseUrl()}/api/merchandise/${productId}/transitions/approve`,
        { data: {} },
      );
      expect(sneak.status()).toBe(404);

      await director.reload();
      await card.getByText(states.changesRequested.label, { exact: true }).waitFor();
      await card.getByText('Use the crest in school blue').waitFor();
      await pressByKeyboard(director, card.getByRole('button', { name: steps.submit.label }), 'Space');
      await card.getByText(states.submitted.label, { exact: true }).waitFor();

      await reviewer.reload();
      await item.waitFor();
      await pressByKeyboard(reviewer, item.getByRole('button', { name: steps.approve.label, exact: true }));
      await pressByKeyboard(reviewer, dialog.getByRole('button', { name: steps.approve.label }));
      await item.waitFor({ state: 'detached' });

      await director.reload();
      await card.getByText(states.approved.label, { exact: true }).waitFor();
      await pressByKeyboard(director, card.getByRole('button', { name: steps.publish.label }));
      await card.getByText(states.published.label, { exact: true }).waitFor();
      await card.getByRole('button', { name: steps.retire.label }).waitFor();

      // A reviewer opens nothing but the reviews.
      await reviewer.goto(`${baseUrl()}/admin/promo-codes`);
      await reviewer.waitForURL('**/403');
    });
});
