import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { printDpiTooLow } from '../../contract/merchandise';
import { textBounds, textShape } from '../../contract/text';
import { textFont } from '../../server/modules/merchandise/fonts';
import { appMessages } from '../../src/i18n/en';
import { admin, baseUrl, demo, describedBy, launchBrowser, type SignedIn, signedInState } from './browser';

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

/** 1600 x 800 px: sharp enough to print at the one-click size (over 200 DPI on a polo's 7.5 inches). */
const crestPng = () =>
  sharp(Buffer.from(crestSvg.replace('#003366', '#8b0000')), { density: 72 * 8 })
    .png()
    .toBuffer();

async function uploadLogo(name: string, mimeType: string, buffer: Buffer) {
  await page.getByRole('button', { name: text.designLogos.addLogo }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(text.designLogos.fileLabel).waitFor();
  await dialog.locator('input[type=file]').setInputFiles({ name, mimeType, buffer });
  await dialog.getByRole('button', { name: text.designLogos.addLogo }).click();
  await page.getByText(text.designLogos.uploaded).first().waitFor();
  // Nobody clicks Close: the modal goes away by itself 5 seconds after the upload.
  await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
}

/** The studio's canvas, read through its placement readout (percentages and degrees). */
async function openStudio() {
  const readout = page.getByTestId('placement');
  await readout.waitFor();
  // Mouse and touch events go to viewport coordinates, so the whole canvas must be on screen.
  await page.getByTestId('studio-canvas').scrollIntoViewIfNeeded();
  const canvas = page.locator('[data-testid=studio-canvas] canvas.upper-canvas');
  const placement = async () => {
    const [x, y, width, rotation] = ((await readout.textContent()) ?? '').match(/-?[\d.]+/g)!.map(Number);
    return { x, y, width, rotation };
  };
  const box = async () => (await canvas.boundingBox())!;
  return {
    placement,
    async logoCentre() {
      const [frame, at] = [await box(), await placement()];
      return { x: frame.x + (frame.width * at.x) / 100, y: frame.y + (frame.height * at.y) / 100 };
    },
    /** The bottom-right resize handle of the upright crest, which is twice as wide as high. */
    async corner() {
      const [frame, at] = [await box(), await placement()];
      const halfWidth = (frame.width * at.width) / 200;
      return {
        x: frame.x + (frame.width * at.x) / 100 + halfWidth,
        y: frame.y + (frame.height * at.y) / 100 + halfWidth / 2,
      };
    },
  };
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
    expect(await describedBy(create)).toBe(text.merchandise.selectLogoFirst);

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

  it('customizes a placement with mouse and keyboard (move, resize), creates it, and the list updates without a reload', async () => {
    await page.goto(`${baseUrl()}/admin/merchandise/create`);
    await page.getByTestId('select-logo-first').getByText(text.merchandise.selectLogoFirst).waitFor();
    await logoCard('crest.png').getByRole('button', { name: 'crest.png', exact: true }).click();
    await apparelCard('Sport Polo')
      .getByRole('button', { name: `${text.merchandise.customize} Sport Polo` })
      .click();
    const studio = await openStudio();
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
      'tiny.png',
      'image/png',
      await sharp({ create: { width: 60, height: 60, channels: 4, background: '#8b0000' } })
        .png()
        .toBuffer(),
    );
    await page.goto(`${baseUrl()}/admin/merchandise/create`);
    await logoCard('tiny.png').getByRole('button', { name: 'tiny.png', exact: true }).click();
    // The tee's front prints 12 inches wide; the one-click quarter of the image is 7.5 inches.
    const tee = apparelCard('Classic Cotton Tee');
    const create = tee.getByRole('button', { name: `${text.merchandise.create} Classic Cotton Tee` });
    await expect.poll(() => create.isDisabled()).toBe(true);
    await expect.poll(() => describedBy(create)).toBe(printDpiTooLow(8));

    await tee.getByRole('button', { name: `${text.merchandise.customize} Classic Cotton Tee` }).click();
    const studio = await openStudio();
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
      { propertyName: 'PlacementWidth', errorMessage: printDpiTooLow(5) },
    ]);
  });

  it('makes a two-colour hoodie with the logo and an arched text on the back, kept inside the back print area: swatches on its card, a print file per side in Details', async () => {
    await page.goto(`${baseUrl()}/admin/merchandise/create`);
    await logoCard('crest.png').getByRole('button', { name: 'crest.png', exact: true }).click();
    await apparelCard('Pullover Hoodie')
      .getByRole('button', { name: `${text.merchandise.customize} Pullover Hoodie` })
      .click();
    const studio = await openStudio();
    await page.getByRole('tab', { name: text.merchandise.side.back }).click();
    await page.getByRole('button', { name: text.merchandise.addToBack }).click();
    await expect.poll(async () => (await studio.placement()).width).toBe(25);

    // Dragged far to the right, the logo stops at the back area's right edge (0.7 of the width).
    const centre = await studio.logoCentre();
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down();
    await page.mouse.move(centre.x + 100, centre.y, { steps: 4 });
    await page.mouse.move(centre.x + 300, centre.y, { steps: 4 });
    await page.mouse.up();
    await expect.poll(async () => (await studio.placement()).x).toBeCloseTo(70 - 25 / 2, 0);

    // An arched text on the back, in the studio's first font; too large a size is refused in place.
    await page.getByRole('button', { name: text.merchandise.addText }).click();
    // It starts in white, which stands out more than navy on the Athletic Grey chosen first; navy here.
    const ink = page.getByLabel(text.merchandise.text.colour, { exact: true });
    expect(await ink.inputValue()).toBe('#ffffff');
    await ink.fill('#1f2a44');
    await page.getByRole('textbox', { name: text.merchandise.text.content, exact: true }).fill('LIONS 2026');
    const arc = page.getByRole('slider', { name: text.merchandise.text.arc });
    await arc.focus();
    for (let step = 0; step < 8; step += 1) await arc.press('ArrowRight');
    await expect.poll(() => arc.getAttribute('aria-valuenow')).toBe('40');
    const size = page.getByRole('slider', { name: text.merchandise.text.size });
    await size.focus();
    await size.press('End');
    await page.getByTestId('text-issue').getByText(text.merchandise.text.tooLarge.back).waitFor();
    const create = page
      .getByTestId('studio')
      .getByRole('button', { name: text.merchandise.create, exact: true });
    expect(await create.isDisabled()).toBe(true);
    await size.press('Home');
    for (let step = 0; step < 6; step += 1) await size.press('ArrowRight');
    await page.getByTestId('text-issue').waitFor({ state: 'detached' });

    // Sold in two colours: the catalogue grey, chosen at first, and navy.
    await page.getByRole('button', { name: 'Navy', exact: true }).click();
    await page.getByLabel(text.merchandise.productTitle, { exact: false }).fill('Two-sided Hoodie');
    const creating = page.waitForResponse((response) =>
      response.url().includes('/api/merchandise/create-merchandise-by-organization'),
    );
    await create.click();
    const product = (await (await creating).json()).result;
    expect(product.colours.map((colour: { name: string }) => colour.name)).toEqual(['Athletic Grey', 'Navy']);
    expect(product.layers).toEqual([
      {
        kind: 'logo',
        side: 'back',
        logoId: expect.any(Number),
        placement: expect.objectContaining({ x: 0.575 }),
      },
      expect.objectContaining({
        kind: 'text',
        side: 'back',
        text: 'LIONS 2026',
        font: 'graduate',
        size: 1.75,
        arc: 40,
      }),
    ]);

    await page.goto(`${baseUrl()}/admin/merchandise`);
    const card = page.getByTestId('merchandise-product').filter({ hasText: 'Two-sided Hoodie' });
    await card.locator('img').waitFor({ timeout: 60_000 });
    const grey = await card.locator('img').getAttribute('src');
    await card.getByRole('button', { name: 'Show in Navy' }).click();
    await expect.poll(() => card.locator('img').getAttribute('src')).not.toBe(grey);
    expect(await card.getByTestId('colour-swatches').getByRole('button').count()).toBe(2);
    await card.getByRole('button', { name: text.merchandise.details }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('link', { name: text.merchandise.downloadPrint.front }).waitFor();
    const back = dialog.getByRole('link', { name: text.merchandise.downloadPrint.back });
    const file = await page.request.get(`${baseUrl()}${await back.getAttribute('href')}`);
    expect(file.status()).toBe(200);
    // The hoodie's back area is 12 x 16.5 inches: 3600 x 4950 px at 300 DPI.
    const { data, info } = await sharp(await file.body())
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([3600, 4950]);
    // Declared at 300 DPI too, or a print shop's software opens it 142 inches wide.
    expect((await sharp(await file.body()).metadata()).density).toBe(300);
    // The text's navy ink is in it (the crest is dark red and gold).
    let navy = 0;
    for (let at = 0; at < data.length; at += info.channels * 7)
      if (
        data[at + 3] === 255 &&
        data[at] < 50 &&
        data[at + 1] < 60 &&
        data[at + 2] > 50 &&
        data[at + 2] < 90
      )
        navy += 1;
    expect(navy).toBeGreaterThan(1000);
  });

  it('by keyboard, gives focus to the studio heading as it opens, the text after Add text and Add text after Remove text', async () => {
    await page.goto(`${baseUrl()}/admin/merchandise/create`);
    await logoCard('crest.png').getByRole('button', { name: 'crest.png', exact: true }).click();
    const customize = apparelCard('Pullover Hoodie').getByRole('button', {
      name: `${text.merchandise.customize} Pullover Hoodie`,
    });
    await customize.focus();
    await page.keyboard.press('Enter');
    await openStudio();
    const focused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);
    const heading = page.getByRole('heading', { level: 1, name: text.merchandise.studioTitle });
    await expect.poll(() => focused(heading)).toBe(true);
    const add = page.getByRole('button', { name: text.merchandise.addText });
    await add.focus();
    await page.keyboard.press('Enter');
    const content = page.getByRole('textbox', { name: text.merchandise.text.content, exact: true });
    await expect.poll(() => focused(content)).toBe(true);
    await page.getByRole('button', { name: text.merchandise.removeText }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(add)).toBe(true);
  });

  it('draws a text in the studio within 3 canvas pixels of the bounds the server measures from the same font', async () => {
    await page.goto(`${baseUrl()}/admin/merchandise/create`);
    await logoCard('crest.png').getByRole('button', { name: 'crest.png', exact: true }).click();
    await apparelCard('Pullover Hoodie')
      .getByRole('button', { name: `${text.merchandise.customize} Pullover Hoodie` })
      .click();
    await openStudio();
    await page.getByRole('tab', { name: text.merchandise.side.back }).click();
    await page.getByRole('button', { name: text.merchandise.addText }).click();
    await page.getByRole('textbox', { name: text.merchandise.text.content, exact: true }).fill('GO LIONS');
    await page.getByLabel(text.merchandise.text.colour, { exact: true }).fill('#00ff00');
    const layer = { text: 'GO LIONS', size: 2, arc: 30, rotation: 12 };
    for (const [name, presses] of [
      [text.merchandise.text.arc, 6],
      [text.merchandise.text.rotation, 12],
    ] as const) {
      const slider = page.getByRole('slider', { name });
      await slider.focus();
      for (let step = 0; step < presses; step += 1) await slider.press('ArrowRight');
    }
    const readout = page.getByTestId('text-placement');
    await expect.poll(() => readout.textContent()).toMatch(/ 12°$/);
    const [x, y] = ((await readout.textContent()) ?? '').match(/-?[\d.]+/g)!.map(Number);

    // What the server measures: the same layout function over the same font file.
    const hoodie = (
      await (await page.request.get(`${baseUrl()}/api/merchandise/base-apparel`)).json()
    ).result.products.find((item: { title: string }) => item.title === 'Pullover Hoodie');
    const shape = textShape(await textFont('graduate'), layer.text, layer.size, layer.arc);
    const bounds = textBounds(
      shape,
      { ...layer, placement: { x: x / 100, y: y / 100 } },
      hoodie.printAreas.back,
    );

    // What the browser drew: the green ink on the studio's canvas.
    const ink = async () =>
      page
        .locator('[data-testid=studio-canvas] canvas.lower-canvas')
        .evaluate((canvas: HTMLCanvasElement) => {
          const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
          let [left, top, right, bottom] = [canvas.width, canvas.height, -1, -1];
          for (let at = 0; at < data.length; at += 4) {
            if (data[at + 1] < 200 || data[at] > 80 || data[at + 2] > 80) continue;
            const px = (at / 4) % canvas.width;
            const py = Math.floor(at / 4 / canvas.width);
            [left, top, right, bottom] = [
              Math.min(left, px),
              Math.min(top, py),
              Math.max(right, px + 1),
              Math.max(bottom, py + 1),
            ];
          }
          return { left, top, right, bottom, width: canvas.width, height: canvas.height };
        });
    await expect.poll(async () => (await ink()).right).toBeGreaterThan(0);
    const drawn = await ink();
    // The readout rounds the centre to 0.1 % of the canvas (half a pixel at most); antialiasing
    // and the colour threshold take a pixel or two more.
    const tolerance = 3;
    expect(Math.abs(drawn.left - bounds.left * drawn.width)).toBeLessThanOrEqual(tolerance);
    expect(Math.abs(drawn.right - bounds.right * drawn.width)).toBeLessThanOrEqual(tolerance);
    expect(Math.abs(drawn.top - bounds.top * drawn.height)).toBeLessThanOrEqual(tolerance);
    expect(Math.abs(drawn.bottom - bounds.bottom * drawn.height)).toBeLessThanOrEqual(tolerance);
  });

  it('previews the design on the colours chosen side by side and warns where the logo would vanish', async () => {
    await page.goto(`${baseUrl()}/admin/merchandise/create`);
    await logoCard('wordmark.svg').getByRole('button', { name: 'wordmark.svg', exact: true }).click();
    await apparelCard('Pullover Hoodie')
      .getByRole('button', { name: `${text.merchandise.customize} Pullover Hoodie` })
      .click();
    await openStudio();
    const previews = page.getByTestId('colour-previews').getByRole('figure');
    await expect.poll(() => previews.count()).toBe(1);
    expect(await page.getByTestId('low-contrast').count()).toBe(0);
    // The wordmark is navy with gold letters: on a navy hoodie it vanishes.
    await page.getByRole('button', { name: 'Navy', exact: true }).click();
    await expect.poll(() => previews.count()).toBe(2);
    await page.getByTestId('low-contrast').getByText('Low contrast on Navy').waitFor();
    await page.getByRole('button', { name: 'Navy', exact: true }).click();
    await expect.poll(() => page.getByTestId('low-contrast').count()).toBe(0);

    // Front text shows on each colour's preview as well, drawn in its colour. It starts under the
    // logo, not on it.
    await page.getByRole('button', { name: text.merchandise.addText }).click();
    const yOf = async (testId: string) =>
      Number(((await page.getByTestId(testId).textContent()) ?? '').match(/y (-?[\d.]+)%/)![1]);
    await expect.poll(() => yOf('text-placement')).toBeGreaterThan((await yOf('placement')) + 10);
    await page.getByRole('textbox', { name: text.merchandise.text.content, exact: true }).fill('LIONS');
    await page.getByLabel(text.merchandise.text.colour, { exact: true }).fill('#00ff00');
    const letters = page.getByTestId('colour-preview-text').locator('path');
    await expect.poll(() => letters.first().getAttribute('fill')).toBe('#00ff00');
    const preview = await page.getByTestId('colour-previews').getByRole('figure').first().screenshot();
    const { data, info } = await sharp(preview).raw().toBuffer({ resolveWithObject: true });
    let green = 0;
    for (let i = 0; i < data.length; i += info.channels)
      if (data[i] < 60 && data[i + 1] > 200 && data[i + 2] < 60) green += 1;
    expect(green).toBeGreaterThan(20);
  });

  it('fits the studio canvas to its container as the window narrows to 390 px and widens again, keeping the placement', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${baseUrl()}/admin/merchandise/create`);
    await logoCard('crest.png').getByRole('button', { name: 'crest.png', exact: true }).click();
    await apparelCard('Canvas Tote')
      .getByRole('button', { name: `${text.merchandise.customize} Canvas Tote` })
      .click();
    const studio = await openStudio();
    await page.getByTestId('studio-canvas').focus();
    await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(async () => (await studio.placement()).x).toBeGreaterThan(50);
    const placement = await studio.placement();
    /** The drawn canvas's width and its column's, in CSS pixels. */
    const widths = () =>
      page.getByTestId('studio-canvas').evaluate((box) => ({
        canvas: box.querySelector('canvas')!.getBoundingClientRect().width,
        column: box.parentElement!.clientWidth,
      }));
    const wide = await widths();
    expect(wide.canvas).toBeGreaterThan(500);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(async () => (await widths()).canvas).toBeLessThan(wide.canvas);
    const narrow = await widths();
    expect(narrow.canvas).toBeLessThanOrEqual(narrow.column);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    expect(await studio.placement()).toEqual(placement);

    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(async () => (await widths()).canvas).toBe(wide.canvas);
    expect(await studio.placement()).toEqual(placement);
  });

  it('works on a 390 px phone with touch: no horizontal scroll, and the logo drags with a finger', async () => {
    await context.close();
    context = await browser.newContext({
      storageState: asDirector,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    page = await context.newPage();
    const noSideScroll = () =>
      expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.goto(`${baseUrl()}/admin/design-logos`);
    await logoCard('crest.png').waitFor();
    await noSideScroll();
    await page.goto(`${baseUrl()}/admin/merchandise`);
    await page.getByTestId('merchandise-product').first().waitFor();
    await noSideScroll();
    await page.goto(`${baseUrl()}/admin/merchandise/create`);
    await page.getByText(text.merchandise.selectLogoFirst).waitFor();
    await apparelCard('Canvas Tote').waitFor();
    await noSideScroll();

    await logoCard('crest.png').getByRole('button', { name: 'crest.png', exact: true }).tap();
    const customize = apparelCard('Canvas Tote').getByRole('button', {
      name: `${text.merchandise.customize} Canvas Tote`,
    });
    await customize.scrollIntoViewIfNeeded();
    await customize.tap();
    const studio = await openStudio();
    await noSideScroll();
    // The top bar's title wraps rather than being cut.
    const title = page.getByRole('heading', { level: 1, name: text.merchandise.studioTitle });
    expect(
      await title.evaluate(
        (heading) =>
          heading.scrollWidth <= heading.clientWidth && heading.scrollHeight <= heading.clientHeight,
      ),
    ).toBe(true);
    const before = await studio.placement();
    const centre = await studio.logoCentre();
    const touch = await context.newCDPSession(page);
    const finger = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      touch.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
      });
    await finger('touchStart', centre.x, centre.y);
    for (let step = 1; step <= 5; step += 1) await finger('touchMove', centre.x, centre.y + step * 6);
    await finger('touchEnd', centre.x, centre.y + 30);
    await expect.poll(async () => (await studio.placement()).y).toBeGreaterThan(before.y + 2);
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
    // The demo gives each school its crest.
    await logoCard('rrc-crest.svg').waitFor();
    expect(await logoCard('crest.png').count()).toBe(0);
  });
});
