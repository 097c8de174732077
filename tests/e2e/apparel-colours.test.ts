import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { apparelColourExists } from '../../contract/merchandise';
import { appMessages } from '../../src/i18n/en';
import { baseUrl, browserOfBothRoles, pathOf, type SignedIn } from './browser';

const text = appMessages.baseApparel;
const session = browserOfBothRoles();
let page: Page;

async function openAs(state: SignedIn, path: string) {
  ({ page } = await session.open(state, path));
}

const forestPng = () =>
  sharp({ create: { width: 400, height: 400, channels: 3, background: '#1d4d2b' } })
    .png()
    .toBuffer();

const tee = 'Classic Cotton Tee';

async function addColour(name: string, hex: string) {
  await page.getByRole('button', { name: `${text.addColour} ${tee}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: text.name }).fill(name);
  // Through the colour picker: the Hex field follows it.
  await dialog.getByLabel(text.picker).fill(hex);
  expect(await dialog.getByRole('textbox', { name: text.hex }).inputValue()).toBe(hex);
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: `${name}.png`, mimeType: 'image/png', buffer: await forestPng() });
  await dialog.getByRole('button', { name: text.addColour, exact: true }).click();
  return dialog;
}

describe('apparel colours, as an Admin', () => {
  it('adds Forest to the tee with its png from the menu, and a second Forest is refused on its Name', async () => {
    await openAs(session.asAdmin, '/admin/dashboard');
    await page.getByRole('link', { name: appMessages.layout.baseApparel }).click();
    const colours = page.getByRole('list', { name: text.coloursOf.replace('%{title}', tee) });
    await colours.waitFor();
    expect(await colours.getByText('Forest').count()).toBe(0);

    const dialog = await addColour('Forest', '#1d4d2b');
    await dialog.waitFor({ state: 'hidden' });
    await colours.getByText('Forest').waitFor();
    const swatch = colours.getByRole('listitem').filter({ hasText: 'Forest' }).locator('[aria-hidden]');
    expect(await swatch.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      'rgb(29, 77, 43)',
    );

    await addColour('forest', '#1d4d2b');
    const name = dialog.getByRole('textbox', { name: text.name });
    await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
    await dialog.getByText(apparelColourExists('forest')).waitFor();
    await dialog.getByRole('button', { name: appMessages.designLogos.cancel }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await colours.getByText('Forest').count()).toBe(1);
  });
});

describe('apparel colours, as an athletic director', () => {
  it('shows no Apparel Colours entry, and the address goes to /403', async () => {
    await openAs(session.asDirector, '/admin');
    await page.waitForURL('**/admin/design-logos');
    await page.getByRole('link', { name: appMessages.layout.designLogos }).waitFor();
    expect(await page.getByRole('link', { name: appMessages.layout.baseApparel }).count()).toBe(0);
    await page.goto(`${baseUrl()}/admin/base-apparel`);
    await page.waitForURL('**/403');
    expect(pathOf(page)).toBe('/403');
  });
});
