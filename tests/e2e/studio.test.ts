import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { compositeFabric, fabricMaps } from '../../contract/fabric';
import { printDpiTooLow } from '../../contract/merchandise';
import { appMessages } from '../../src/i18n/en';
import { baseUrl, demo, describedBy, launchBrowser, type SignedIn, signedInState } from './browser';

const text = appMessages.merchandise;
let browser: Browser;
let asDirector: SignedIn;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  asDirector = await signedInState(browser, demo.directorEmail, demo.password);
  // 60 x 60 px: on a tee's 12-inch front the one-click quarter prints at 8 DPI, under the 72 allowed.
  context = await browser.newContext({ storageState: asDirector });
  const uploaded = await context.request.post(`${baseUrl()}/api/design-logos`, {
    multipart: {
      ImageFile: {
        name: 'speck.png',
        mimeType: 'image/png',
        buffer: await sharp({ create: { width: 60, height: 60, channels: 4, background: '#8b0000' } })
          .png()
          .toBuffer(),
      },
    },
  });
  expect(uploaded.status()).toBe(200);
  await context.close();
});
afterAll(() => browser?.close());
afterEach(() => context?.close());

async function openCreate(viewport: { width: number; height: number }, logo: string) {
  context = await browser.newContext({ storageState: asDirector, viewport });
  page = await context.newPage();
  await page.goto(`${baseUrl()}/admin/merchandise/create`);
  await page
    .getByTestId('design-logo')
    .filter({ hasText: logo })
    .getByRole('button', { name: logo, exact: true })
    .click();
}

const apparelCard = (title: string) => page.getByTestId('base-apparel').filter({ hasText: title });

async function customize(title: string) {
  const button = apparelCard(title).getByRole('button', { name: `${text.customize} ${title}` });
  await button.scrollIntoViewIfNeeded();
  await button.click();
  await page.getByTestId('placement').waitFor();
}

/** Shown on screen, inside the viewport and under nothing else, such as the fixed app bar. */
const inSight = (target: Locator) =>
  target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const top = document.elementFromPoint(x, y);
    return (
      box.height > 0 &&
      box.top >= 0 &&
      box.bottom <= window.innerHeight &&
      top !== null &&
      (element === top || element.contains(top) || top.contains(element))
    );
  });

describe('the studio as it opens', { timeout: 120_000 }, () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`opens at the top at ${viewport.width} px: the Front and Back tabs are not under the app bar`, async () => {
      await openCreate(viewport, 'lhs-crest.svg');
      await customize('Athletic Shorts');
      const front = page.getByRole('tab', { name: text.side.front });
      await expect.poll(() => inSight(front)).toBe(true);
      expect(await inSight(page.getByRole('tab', { name: text.side.back }))).toBe(true);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    });
  }
});

describe('why Create is disabled', { timeout: 120_000 }, () => {
  it("points Create and Customize at the page's 'Select a design logo' until a logo is chosen", async () => {
    context = await browser.newContext({ storageState: asDirector });
    page = await context.newPage();
    await page.goto(`${baseUrl()}/admin/merchandise/create`);
    const card = apparelCard('Classic Cotton Tee');
    for (const name of [text.create, text.customize]) {
      const button = card.getByRole('button', { name: `${name} Classic Cotton Tee` });
      await expect.poll(() => button.isDisabled()).toBe(true);
      expect(await describedBy(button)).toBe(text.selectLogoFirst);
    }
  });

  it('is said on the apparel card, in text the Create button is described by, not only in a hover tooltip', async () => {
    await openCreate({ width: 1280, height: 800 }, 'speck.png');
    const create = apparelCard('Classic Cotton Tee').getByRole('button', {
      name: `${text.create} Classic Cotton Tee`,
    });
    await expect.poll(() => create.isDisabled()).toBe(true);
    await expect.poll(() => describedBy(create)).toBe(printDpiTooLow(8));
    expect(await apparelCard('Classic Cotton Tee').getByText(printDpiTooLow(8)).isVisible()).toBe(true);
  });

  it('is said beside the disabled Create of the studio whichever side is shown', async () => {
    await openCreate({ width: 1280, height: 800 }, 'speck.png');
    await customize('Classic Cotton Tee');
    const create = page.getByTestId('studio').getByRole('button', { name: text.create, exact: true });
    await expect.poll(() => create.isDisabled()).toBe(true);
    await expect.poll(() => describedBy(create)).toBe(printDpiTooLow(8));
    const reason = page.getByTestId('create-blocked');
    expect(await reason.textContent()).toBe(printDpiTooLow(8));
    await page.getByRole('tab', { name: text.side.back }).click();
    await expect.poll(() => reason.isVisible()).toBe(true);
    expect(await reason.textContent()).toBe(printDpiTooLow(8));
    // Beside the button: on its row, not a screen away.
    const [button, said] = [(await create.boundingBox())!, (await reason.boundingBox())!];
    expect(Math.abs(said.y + said.height / 2 - (button.y + button.height / 2))).toBeLessThan(80);
  });
});

describe('the studio for a screen reader', { timeout: 120_000 }, () => {
  it('describes the logo on the canvas, announces its moves politely, and the print resolution only when its band changes', async () => {
    await openCreate({ width: 1280, height: 800 }, 'speck.png');
    await customize('Classic Cotton Tee');
    const canvas = page.getByRole('application');
    await expect.poll(() => describedBy(canvas)).toMatch(/50%.*25%/);
    await canvas.focus();
    await page.keyboard.press('ArrowRight');
    const announced = page.getByTestId('studio-announcement');
    await expect.poll(() => announced.textContent()).toMatch(/51%.*25%/);
    expect(await announced.getAttribute('role')).toBe('status');
    await expect.poll(() => describedBy(canvas)).toMatch(/51%.*25%/);

    // Too low already (8 DPI): growing it to 5 DPI stays in the band, so nothing new is said.
    const band = page.getByTestId('dpi-announcement');
    expect(await band.getAttribute('role')).toBe('status');
    await expect.poll(() => band.textContent()).toBe(printDpiTooLow(8));
    for (let press = 0; press < 3; press += 1) await page.keyboard.press('Shift+Equal');
    await page.getByTestId('print-dpi').getByText('Prints at 5 DPI').waitFor();
    expect(await band.textContent()).toBe(printDpiTooLow(8));
    expect(await page.getByRole('alert').filter({ hasText: 'DPI' }).count()).toBe(0);
  });
});

/**
 * In a region of the garment (fractions of the picture), how many of the fabric preview's
 * pixels are darker than the colour's flat picture, and how many the region holds; and whether
 * the picture's corner, off the garment, is untouched.
 */
const shadedAgainstFlat = (region: Region) =>
  page.evaluate(async (region) => {
    const preview = document.querySelector<HTMLCanvasElement>('[data-testid="fabric-preview"] canvas')!;
    const { width, height } = preview;
    const shaded = preview.getContext('2d')!.getImageData(0, 0, width, height).data;
    const flatUrl = document.querySelector<HTMLImageElement>('[data-testid="colour-previews"] img')!.src;
    const flatImage = await createImageBitmap(await (await fetch(flatUrl)).blob(), {
      colorSpaceConversion: 'none',
    });
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d')!;
    context.drawImage(flatImage, 0, 0, width, height);
    const flat = context.getImageData(0, 0, width, height).data;
    let darker = 0;
    let pixels = 0;
    for (let y = Math.round(region.top * height); y < region.bottom * height; y += 1)
      for (let x = Math.round(region.left * width); x < region.right * width; x += 1) {
        const at = (y * width + x) * 4;
        pixels += 1;
        if (shaded[at] < flat[at] - 6 && shaded[at + 2] < flat[at + 2] - 6) darker += 1;
      }
    const corner = [0, 1, 2, 3].every((channel) => shaded[channel] === flat[channel]);
    return { darker, pixels, corner, width };
  }, region);

type Region = { left: number; top: number; right: number; bottom: number };
const regionOf = (pixels: ArrayLike<number>, width: number, height: number, region: Region) => {
  const values: number[] = [];
  for (let y = Math.round(region.top * height); y < region.bottom * height; y += 1)
    for (let x = Math.round(region.left * width); x < region.right * width; x += 1)
      for (let channel = 0; channel < 4; channel += 1) values.push(pixels[(y * width + x) * 4 + channel]);
  return values;
};

/** The fabric preview's pixels in a region, as the page painted them. */
const cloth = (region: Region) =>
  page.evaluate((region) => {
    const preview = document.querySelector<HTMLCanvasElement>('[data-testid="fabric-preview"] canvas')!;
    const { width, height } = preview;
    const left = Math.round(region.left * width);
    const top = Math.round(region.top * height);
    const image = preview
      .getContext('2d')!
      .getImageData(
        left,
        top,
        Math.ceil(region.right * width) - left,
        Math.ceil(region.bottom * height) - top,
      );
    return [...image.data];
  }, region);

/** What the server's product picture has there with no artwork near: the first colour's cloth. */
const serverCloth = async (region: Region) => {
  const { apparelId, garmentUrl } = await page.evaluate(() => ({
    garmentUrl: document.querySelector<HTMLImageElement>('[data-testid="colour-previews"] img')!.src,
    apparelId: performance
      .getEntriesByType('resource')
      .map((entry) => /base-apparel\/(\d+)\/fabric-shading/.exec(entry.name)?.[1])
      .find(Boolean)!,
  }));
  const fetched = async (url: string) => Buffer.from(await (await context.request.get(url)).body());
  const garment = await sharp(await fetched(garmentUrl))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const shading = await sharp(
    await fetched(`${baseUrl()}/api/merchandise/base-apparel/${apparelId}/fabric-shading`),
  )
    .extractChannel(0)
    .raw()
    .toBuffer();
  const { width, height } = garment.info;
  const picture = compositeFabric(
    garment.data,
    new Uint8Array(garment.data.length),
    fabricMaps(shading, width, height),
  );
  return regionOf(picture, width, height, region);
};

describe('the fabric preview', { timeout: 120_000 }, () => {
  it('shows the front shaded as the product picture, follows the design, and is hidden and shown by keyboard', async () => {
    await openCreate({ width: 1280, height: 800 }, 'lhs-crest.svg');
    await customize('Classic Cotton Tee');
    const preview = page.getByTestId('fabric-preview');
    await expect.poll(() => preview.getAttribute('data-status')).toBe('ready');
    expect(
      await preview.getByText(text.fabricPreview.caption.replace('%{colour}', 'White')).isVisible(),
    ).toBe(true);
    // Below the print area, where no artwork is: the folds darken the white cloth; off the garment nothing.
    const below = { left: 0.3, top: 0.78, right: 0.7, bottom: 0.9 };
    const first = await shadedAgainstFlat(below);
    expect(first.width).toBe(1200);
    expect(first.corner).toBe(true);
    expect(first.darker).toBeGreaterThan(first.pixels * 0.05);
    // There the browser's pixels are the server's: its garment picture and shading, decoded by
    // sharp, through the same function.
    expect(await cloth(below)).toEqual(await serverCloth(below));

    // A move redraws it: the logo's pixels at its new place.
    const logoRow = { left: 0.3, top: 0.2, right: 0.7, bottom: 0.75 };
    const before = await shadedAgainstFlat(logoRow);
    const canvas = page.getByRole('application');
    await canvas.focus();
    for (let press = 0; press < 3; press += 1) await page.keyboard.press('Shift+ArrowDown');
    await expect.poll(async () => (await shadedAgainstFlat(logoRow)).darker).not.toBe(before.darker);

    const toggle = page.getByRole('switch', { name: text.fabricPreview.show });
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => preview.count()).toBe(0);
    await page.keyboard.press('Space');
    await expect.poll(() => preview.getAttribute('data-status')).toBe('ready');
  });
});
