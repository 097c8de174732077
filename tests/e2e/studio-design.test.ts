import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { textBounds, textShape } from '../../contract/text';
import { textFont } from '../../server/storage/fonts';
import { appMessages } from '../../src/i18n/en';
import { baseUrl, demo, launchBrowser, type SignedIn, signedInState } from './browser';
import { apparelCard, crestPng, crestSvg, logoCard, openStudio } from './merchandise-walk';

const text = appMessages;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let asDirector: SignedIn;

beforeAll(async () => {
  browser = await launchBrowser();
  asDirector = await signedInState(browser, demo.directorEmail, demo.password);
  // This file's own logos, by names no other file uses, so it runs in any order.
  context = await browser.newContext({ storageState: asDirector });
  for (const [name, mimeType, buffer] of [
    ['lion.png', 'image/png', await crestPng()],
    ['banner.svg', 'image/svg+xml', Buffer.from(crestSvg)],
  ] as const) {
    const uploaded = await context.request.post(`${baseUrl()}/api/design-logos`, {
      multipart: { ImageFile: { name, mimeType, buffer } },
    });
    expect(uploaded.status()).toBe(200);
  }
  await context.close();
});
afterAll(() => browser?.close());
beforeEach(async () => {
  context = await browser.newContext({ storageState: asDirector });
  page = await context.newPage();
  await page.goto(`${baseUrl()}/admin/design-logos`);
});
afterEach(() => context.close());

describe('the merchandise studio, as an athletic director designing with a logo and a text', () => {
  it('makes a two-colour hoodie with the logo and an arched text on the back, kept inside the back print area: swatches on its card, a print file per side in Details', async () => {
    await page.goto(`${baseUrl()}/admin/merchandise/create`);
    await logoCard(page, 'lion.png').getByRole('button', { name: 'lion.png', exact: true }).click();
    await apparelCard(page, 'Pullover Hoodie')
      .getByRole('button', { name: `${text.merchandise.customize} Pullover Hoodie` })
      .click();
    const studio = await openStudio(page);
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
    // Every colour's picture and the back, each at a size worth looking at (the colour pictures are 480 px).
    for (const name of [
      'Two-sided Hoodie in Athletic Grey',
      'Two-sided Hoodie in Navy',
      'Two-sided Hoodie, back',
    ]) {
      const picture = dialog.getByRole('img', { name, exact: true });
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      expect((await picture.boundingBox())!.width).toBeGreaterThanOrEqual(300);
    }
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
    await logoCard(page, 'lion.png').getByRole('button', { name: 'lion.png', exact: true }).click();
    const customize = apparelCard(page, 'Pullover Hoodie').getByRole('button', {
      name: `${text.merchandise.customize} Pullover Hoodie`,
    });
    await customize.focus();
    await page.keyboard.press('Enter');
    await openStudio(page);
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
    await logoCard(page, 'lion.png').getByRole('button', { name: 'lion.png', exact: true }).click();
    await apparelCard(page, 'Pullover Hoodie')
      .getByRole('button', { name: `${text.merchandise.customize} Pullover Hoodie` })
      .click();
    await openStudio(page);
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
    await logoCard(page, 'banner.svg').getByRole('button', { name: 'banner.svg', exact: true }).click();
    await apparelCard(page, 'Pullover Hoodie')
      .getByRole('button', { name: `${text.merchandise.customize} Pullover Hoodie` })
      .click();
    await openStudio(page);
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
    await logoCard(page, 'lion.png').getByRole('button', { name: 'lion.png', exact: true }).click();
    await apparelCard(page, 'Canvas Tote')
      .getByRole('button', { name: `${text.merchandise.customize} Canvas Tote` })
      .click();
    const studio = await openStudio(page);
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
    await logoCard(page, 'lion.png').waitFor();
    await noSideScroll();
    await page.goto(`${baseUrl()}/admin/merchandise`);
    await page.getByTestId('merchandise-product').first().waitFor();
    await noSideScroll();
    await page.goto(`${baseUrl()}/admin/merchandise/create`);
    await page.getByText(text.merchandise.selectLogoFirst).waitFor();
    await apparelCard(page, 'Canvas Tote').waitFor();
    await noSideScroll();

    await logoCard(page, 'lion.png').getByRole('button', { name: 'lion.png', exact: true }).tap();
    const customize = apparelCard(page, 'Canvas Tote').getByRole('button', {
      name: `${text.merchandise.customize} Canvas Tote`,
    });
    await customize.scrollIntoViewIfNeeded();
    await customize.tap();
    const studio = await openStudio(page);
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
});
