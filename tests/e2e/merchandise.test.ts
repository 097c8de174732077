import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { printDpiTooLow } from '../../contract/merchandise';
import { preflightFailure } from '../../contract/preflight';
import { appMessages } from '../../src/i18n/en';
import { baseUrl, browserOfBothRoles, describedBy, type SignedIn } from './browser';
import { apparelCard, crestPng, crestSvg, logoCard, openStudio, uploadLogo } from './merchandise-walk';

const text = appMessages;
const session = browserOfBothRoles();
let context: BrowserContext;
let page: Page;

async function openAs(state: SignedIn, path: string) {
  ({ context, page } = await session.open(state, path));
}
beforeEach(() => openAs(session.asDirector, '/admin/design-logos'));

describe('design logos and merchandise, as an athletic director', () => {
  it('uploads a png and an svg logo, and the modal closes by itself each time', async () => {
    await page.getByText(text.designLogos.title).first().waitFor();
    await uploadLogo(page, 'crest.png', 'image/png', await crestPng());
    await logoCard(page, 'crest.png').waitFor();
    await uploadLogo(page, 'wordmark.svg', 'image/svg+xml', Buffer.from(crestSvg));
    await logoCard(page, 'wordmark.svg').waitFor();
    const image = logoCard(page, 'wordmark.svg').locator('img');
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(200);
  });

  it('composes a product that shows as processing, then with its image after Refresh Product; Create is then disabled for the pair', async () => {
    await page.goto(`${baseUrl()}/admin/merchandise/create`);
    const tee = apparelCard(page, 'Classic Cotton Tee');
    await tee.waitFor();
    const create = tee.getByRole('button', { name: `${text.merchandise.create} Classic Cotton Tee` });
    expect(await create.isDisabled()).toBe(true);
    expect(await describedBy(create)).toBe(text.merchandise.selectLogoFirst);

    await logoCard(page, 'crest.png').getByRole('button', { name: 'crest.png', exact: true }).click();
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
    await expect.poll(() => describedBy(create)).toBe(text.merchandise.exists);

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
    await apparelCard(page, 'Game Jersey').waitFor();
    await apparelCard(page, 'Game Jersey')
      .getByRole('button', { name: `${text.merchandise.hide} Game Jersey` })
      .click();
    const unhide = page.getByRole('button', { name: '+ 1 hidden item (click to unhide)' });
    await unhide.waitFor();
    expect(await apparelCard(page, 'Game Jersey').count()).toBe(0);

    await page.reload();
    await apparelCard(page, 'Classic Cotton Tee').waitFor();
    await unhide.waitFor();
    expect(await apparelCard(page, 'Game Jersey').count()).toBe(0);

    await unhide.click();
    await apparelCard(page, 'Game Jersey').waitFor();
    await page.reload();
    await apparelCard(page, 'Game Jersey').waitFor();
    expect(await unhide.count()).toBe(0);
  });

  it('customizes a placement with mouse and keyboard (move, resize), creates it, and the list updates without a reload', async () => {
    await page.goto(`${baseUrl()}/admin/merchandise/create`);
    await page.getByTestId('select-logo-first').getByText(text.merchandise.selectLogoFirst).waitFor();
    await logoCard(page, 'crest.png').getByRole('button', { name: 'crest.png', exact: true }).click();
    await apparelCard(page, 'Sport Polo')
      .getByRole('button', { name: `${text.merchandise.customize} Sport Polo` })
      .click();
    const studio = await openStudio(page);
    expect(await studio.placement()).toEqual({ x: 50, y: expect.any(Number), width: 25, rotation: 0 });

    // Drag the logo 30 px to the right with the mouse.
    const before = await studio.placement();
    const centre = await studio.logoCentre();
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down();
    await page.mouse.move(centre.x + 15, centre.y, { steps: 3 });
    await page.mouse.move(centre.x + 30, centre.y, { steps: 3 });
    await page.mouse.up();
    await expect.poll(async () => (await studio.placement()).x).toBeGreaterThan(before.x + 2);

    // Resize from the bottom-right corner handle: the aspect ratio stays, the width grows.
    const corner = await studio.corner();
    await page.mouse.move(corner.x, corner.y);
    await page.mouse.down();
    await page.mouse.move(corner.x + 10, corner.y + 5, { steps: 3 });
    await page.mouse.move(corner.x + 20, corner.y + 10, { steps: 3 });
    await page.mouse.up();
    await expect.poll(async () => (await studio.placement()).width).toBeGreaterThan(before.width);

    // Arrow keys move by 1% of the width, Shift by 10%; the logo stays in the printable area.
    await page.getByTestId('studio-canvas').focus();
    const moved = await studio.placement();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await studio.placement()).x).toBeCloseTo(moved.x - 1, 0);
    for (let press = 0; press < 10; press += 1) await page.keyboard.press('Shift+ArrowUp');
    const top = (await studio.placement()).y;
    await page.keyboard.press('Shift+ArrowUp');
    expect((await studio.placement()).y).toBe(top);
    // + (or =) and - resize by 1% of the width, about the centre.
    const sized = (await studio.placement()).width;
    await page.keyboard.press('Minus');
    await expect.poll(async () => (await studio.placement()).width).toBeCloseTo(sized - 1, 0);
    await page.keyboard.press('Equal');
    await expect.poll(async () => (await studio.placement()).width).toBeCloseTo(sized, 0);

    await page.getByRole('button', { name: text.merchandise.resetPlacement }).click();
    await expect.poll(async () => (await studio.placement()).width).toBe(25);
    await page.getByTestId('studio-canvas').focus();
    await page.keyboard.press('ArrowRight');

    // The studio opens at the base price: allowed, but the zero margin is pointed out.
    await page.getByText(`${text.merchandise.margin}: $0.00`).waitFor();
    const zeroMargin = page.getByText(text.merchandise.zeroMargin);
    await zeroMargin.waitFor();
    const price = page.getByLabel(text.merchandise.price, { exact: false });
    await price.fill('1');
    await page.getByText('Price must be at least the base price of $29.00').waitFor();
    expect(await zeroMargin.count()).toBe(0);
    await price.fill('35.50');
    await page.getByText(`${text.merchandise.margin}: $6.50`).waitFor();
    expect(await zeroMargin.count()).toBe(0);
    await page.getByLabel(text.merchandise.productTitle, { exact: false }).fill('Crest Polo');
    const creating = page.waitForResponse((response) =>
      response.url().includes('/api/merchandise/create-merchandise-by-organization'),
    );
    await page
      .getByTestId('studio')
      .getByRole('button', { name: text.merchandise.create, exact: true })
      .click();
    const product = (await (await creating).json()).result;
    expect(product).toMatchObject({ title: 'Crest Polo', price: 35.5, status: 'processing' });
    expect(product.placement.x).toBeCloseTo(0.51, 3);

    // Nobody presses Refresh Product: the card gets its image when processing finishes.
    const created = page.getByTestId('merchandise-product').filter({ hasText: 'Crest Polo' });
    await created.getByTestId('product-placeholder').waitFor();
    await created.locator('img').waitFor({ timeout: 60_000 });
  });

  it('refuses a 60 x 60 px PNG scaled to the full front, by the button and by the API', async () => {
    await uploadLogo(
      page,
      'tiny.png',
      'image/png',
      await sharp({ create: { width: 60, height: 60, channels: 4, background: '#8b0000' } })
        .png()
        .toBuffer(),
    );
    await page.goto(`${baseUrl()}/admin/merchandise/create`);
    await logoCard(page, 'tiny.png').getByRole('button', { name: 'tiny.png', exact: true }).click();
    // The tee's front prints 12 inches wide; the one-click quarter of the image is 7.5 inches.
    const tee = apparelCard(page, 'Classic Cotton Tee');
    const create = tee.getByRole('button', { name: `${text.merchandise.create} Classic Cotton Tee` });
    await expect.poll(() => create.isDisabled()).toBe(true);
    await expect.poll(() => describedBy(create)).toBe(printDpiTooLow(8));

    await tee.getByRole('button', { name: `${text.merchandise.customize} Classic Cotton Tee` }).click();
    const studio = await openStudio(page);
    await page.getByTestId('print-dpi').getByText('Prints at 8 DPI').waitFor();
    // Grown by the keyboard until the printable area stops it: the whole front, 40% of the image.
    await page.getByTestId('studio-canvas').focus();
    for (let press = 0; press < 3; press += 1) await page.keyboard.press('Shift+Equal');
    await expect.poll(async () => (await studio.placement()).width).toBe(40);
    await page.getByTestId('print-dpi').getByText('Prints at 5 DPI').waitFor();
    await page.getByTestId('dpi-too-low').getByText(printDpiTooLow(5)).waitFor();
    const studioCreate = page
      .getByTestId('studio')
      .getByRole('button', { name: text.merchandise.create, exact: true });
    expect(await studioCreate.isDisabled()).toBe(true);
    expect(await describedBy(studioCreate)).toBe(printDpiTooLow(5));

    // A client that skips the studio is refused by the server with the same message.
    const logos = (await (await page.request.get(`${baseUrl()}/api/design-logos`)).json()).result;
    const apparel = (await (await page.request.get(`${baseUrl()}/api/merchandise/base-apparel`)).json())
      .result.products;
    const placement = await studio.placement();
    const refused = await page.request.post(
      `${baseUrl()}/api/merchandise/create-merchandise-by-organization`,
      {
        multipart: {
          Title: 'Blurry Tee',
          Price: '20',
          LogoId: String(logos.find((logo: { fileName: string }) => logo.fileName === 'tiny.png').id),
          BaseApparelId: String(
            apparel.find((item: { title: string }) => item.title === 'Classic Cotton Tee').id,
          ),
          PlacementX: String(placement.x / 100),
          PlacementY: String(placement.y / 100),
          PlacementWidth: '0.4',
          ImageFile: {
            name: 'product.png',
            mimeType: 'image/png',
            buffer: await sharp({ create: { width: 400, height: 400, channels: 4, background: '#fff' } })
              .png()
              .toBuffer(),
          },
        },
      },
    );
    expect(refused.status()).toBe(400);
    expect((await refused.json()).validationFailures).toEqual([
      {
        propertyName: 'PlacementWidth',
        errorMessage: preflightFailure({ rule: 'resolution', message: printDpiTooLow(5) }),
      },
    ]);
  });

  it('deletes a logo after confirmation', async () => {
    await logoCard(page, 'wordmark.svg').waitFor();
    await page.getByRole('button', { name: `${text.designLogos.delete} wordmark.svg` }).click();
    await page.getByText(text.designLogos.confirmDelete).waitFor();
    await page.getByRole('button', { name: text.designLogos.confirm }).click();
    await page.getByText(text.designLogos.deleted).first().waitFor();
    await expect.poll(() => logoCard(page, 'wordmark.svg').count()).toBe(0);
    expect(await logoCard(page, 'crest.png').count()).toBe(1);
  });

  it('lets an Admin work on the logos of the organization chosen in the header', async () => {
    await context.close();
    await openAs(session.asAdmin, '/admin/design-logos');
    await page.getByText(text.designLogos.selectOrganization).waitFor();

    const selector = page.getByRole('combobox', { name: text.shell.organization });
    await selector.click();
    await page.getByRole('option', { name: 'Lincoln High School' }).click();
    await logoCard(page, 'crest.png').waitFor();

    await selector.click();
    await page.getByRole('option', { name: 'Riverside Rowing Club' }).click();
    // The demo gives each school its crest.
    await logoCard(page, 'rrc-crest.svg').waitFor();
    expect(await logoCard(page, 'crest.png').count()).toBe(0);
  });
});
