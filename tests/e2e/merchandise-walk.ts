import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { appMessages } from '../../src/i18n/en';

const text = appMessages;

export const crestSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">
  <rect x="5" y="5" width="190" height="90" rx="20" fill="#003366"/>
  <text x="100" y="65" text-anchor="middle" font-size="40" fill="#ffd100">LHS</text>
</svg>`;

/** 1600 x 800 px: sharp enough to print at the one-click size (over 200 DPI on a polo's 7.5 inches). */
export const crestPng = () =>
  sharp(Buffer.from(crestSvg.replace('#003366', '#8b0000')), { density: 72 * 8 })
    .png()
    .toBuffer();

export async function uploadLogo(page: Page, name: string, mimeType: string, buffer: Buffer) {
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
export async function openStudio(page: Page) {
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

export const logoCard = (page: Page, name: string) =>
  page.getByTestId('design-logo').filter({ hasText: name });
export const apparelCard = (page: Page, title: string) =>
  page.getByTestId('base-apparel').filter({ hasText: title });
