import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appMessages } from '../../src/i18n/en';
import { admin, baseUrl, demo, launchBrowser, type SignedIn, signedInState } from './browser';

const text = appMessages;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let asDirector: SignedIn;
let asAdmin: SignedIn;

async function openAs(state: SignedIn, path: string) {
  context = await browser.newContext({ storageState: state });
  page = await context.newPage();
  await page.goto(`${baseUrl()}${path}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  asDirector = await signedInState(browser, demo.directorEmail, demo.password);
  asAdmin = await signedInState(browser, admin.email, admin.password);
});
afterAll(() => browser?.close());
beforeEach(() => openAs(asDirector, '/admin/design-logos'));
afterEach(() => context.close());

const crestSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">
  <rect x="5" y="5" width="190" height="90" rx="20" fill="#003366"/>
  <text x="100" y="65" text-anchor="middle" font-size="40" fill="#ffd100">LHS</text>
</svg>`;

const crestPng = () =>
  sharp(Buffer.from(crestSvg.replace('#003366', '#8b0000')))
    .png()
    .toBuffer();

async function uploadLogo(name: string, mimeType: string, buffer: Buffer) {
  await page.getByRole('button', { name: text.designLogos.upload }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(text.designLogos.fileLabel).waitFor();
  await dialog.locator('input[type=file]').setInputFiles({ name, mimeType, buffer });
  await dialog.getByRole('button', { name: text.designLogos.upload }).click();
  await page.getByText(text.designLogos.uploaded).first().waitFor();
  // Nobody clicks Close: the modal goes away by itself 5 seconds after the upload.
  await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
}

const logoCard = (name: string) => page.getByTestId('design-logo').filter({ hasText: name });
const apparelCard = (title: string) => page.getByTestId('base-apparel').filter({ hasText: title });

describe('design logos and merchandise, as an athletic director', () => {
  it('uploads a png and an svg logo, and the modal closes by itself each time', async () => {
    await page.getByText(text.designLogos.title).first().waitFor();
    await uploadLogo('crest.png', 'image/png', await crestPng());
    await logoCard('crest.png').waitFor();
    await uploadLogo('wordmark.svg', 'image/svg+xml', Buffer.from(crestSvg));
    await logoCard('wordmark.svg').waitFor();
    const image = logoCard('wordmark.svg').locator('img');
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(200);
  });

  it('composes a product that shows as processing, then with its image after Refresh Product; Create is then disabled for the pair', async () => {
    await page.goto(`${baseUrl()}/admin/merchandise/create`);
    const tee = apparelCard('Classic Cotton Tee');
    await tee.waitFor();
    const create = tee.getByRole('button', { name: `${text.merchandise.create} Classic Cotton Tee` });
    expect(await create.isDisabled()).toBe(true);
    await create.locator('xpath=..').hover();
    await page.getByRole('tooltip', { name: text.merchandise.noLogo }).waitFor();

    await logoCard('crest.png').getByRole('button', { name: 'crest.png', exact: true }).click();
    await expect.poll(() => create.isEnabled()).toBe(true);
    const creating = page.waitForResponse((response) =>
      response.url().includes('/api/merchandise/create-merchandise-by-organization'),
    );
    await create.click();
    const response = await creating;
    expect(response.status()).toBe(200);
    const product = (await response.json()).result;
    expect(product).toMatchObject({ status: 'processing', media: [] });
    await page.getByText(text.merchandise.uploadedProcessing).waitFor();

    await expect.poll(() => create.isDisabled()).toBe(true);
    await create.locator('xpath=..').hover();
    await page.getByRole('tooltip', { name: text.merchandise.exists }).waitFor();

    const created = page.getByTestId('merchandise-product').filter({ hasText: 'Classic Cotton Tee' });
    await created.getByTestId('product-placeholder').waitFor();
    expect(await created.getByText(text.merchandise.processing).isVisible()).toBe(true);
    await expect
      .poll(
        async () => {
          const refresh = created.getByRole('button', { name: text.merchandise.refresh });
          if (await refresh.isVisible()) await refresh.click();
          return created.locator('img').count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(1);

    await page.goto(`${baseUrl()}/admin/merchandise`);
    const card = page.getByTestId('merchandise-product').filter({ hasText: 'Classic Cotton Tee' });
    await card.locator('img').waitFor();
    const image = card.locator('img');
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(480);
    await card.getByRole('button', { name: text.merchandise.details }).click();
    await page.getByRole('dialog').getByText('$14.50').waitFor();
  });

  it('hides an apparel item across a reload and unhides it', async () => {
    await page.goto(`${baseUrl()}/admin/merchandise/create`);
    await apparelCard('Game Jersey').waitFor();
    await apparelCard('Game Jersey')
      .getByRole('button', { name: `${text.merchandise.hide} Game Jersey` })
      .click();
    const unhide = page.getByRole('button', { name: '+ 1 hidden items (click to unhide)' });
    await unhide.waitFor();
    expect(await apparelCard('Game Jersey').count()).toBe(0);

    await page.reload();
    await apparelCard('Classic Cotton Tee').waitFor();
    await unhide.waitFor();
    expect(await apparelCard('Game Jersey').count()).toBe(0);

    await unhide.click();
    await apparelCard('Game Jersey').waitFor();
    await page.reload();
    await apparelCard('Game Jersey').waitFor();
    expect(await unhide.count()).toBe(0);
  });

  it('deletes a logo after confirmation', async () => {
    await logoCard('wordmark.svg').waitFor();
    await page.getByRole('button', { name: `${text.designLogos.delete} wordmark.svg` }).click();
    await page.getByText(text.designLogos.confirmDelete).waitFor();
    await page.getByRole('button', { name: text.designLogos.confirm }).click();
    await page.getByText(text.designLogos.deleted).first().waitFor();
    await expect.poll(() => logoCard('wordmark.svg').count()).toBe(0);
    expect(await logoCard('crest.png').count()).toBe(1);
  });

  it('lets an Admin work on the logos of the organization chosen in the header', async () => {
    await context.close();
    await openAs(asAdmin, '/admin/design-logos');
    await page.getByText(text.designLogos.selectOrganization).waitFor();

    const selector = page.getByRole('combobox', { name: text.shell.organization });
    await selector.click();
    await page.getByRole('option', { name: 'Lincoln High School' }).click();
    await logoCard('crest.png').waitFor();

    await selector.click();
    await page.getByRole('option', { name: 'Riverside Rowing Club' }).click();
    await page.getByText(text.designLogos.empty).waitFor();
    expect(await logoCard('crest.png').count()).toBe(0);
  });
});
