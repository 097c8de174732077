import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { definitionOf } from '../../contract/definitions';
import { appMessages } from '../../src/i18n/en';
import { admin, baseUrl, demo, launchBrowser, pathOf, type SignedIn, signedInState } from './browser';

const texts = appMessages;
const fields = definitionOf('promo-codes')!.fields;
const actions = englishMessages.ra.action;

let browser: Browser;
let signedIn: SignedIn;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  signedIn = await signedInState(browser, admin.email, admin.password);
});
afterAll(() => browser?.close());
beforeEach(async () => {
  context = await browser.newContext({ storageState: signedIn, viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});
afterEach(() => context.close());

const heading = () => page.getByRole('heading', { level: 1 });
const rowOf = (code: string) => page.getByRole('row', { name: new RegExp(`\\b${code}\\b`) });
const holdsFocus = (target: Locator) =>
  target.evaluate(
    (element) => element === document.activeElement || element.contains(document.activeElement),
  );
const onBody = () =>
  page.evaluate(() => document.activeElement === null || document.activeElement === document.body);

/** After an action focus has left the page body and settled on the expected place. */
async function focusSettlesOn(target: Locator) {
  await expect.poll(() => holdsFocus(target)).toBe(true);
  expect(await onBody()).toBe(false);
}

/** The keyboard press on a control, as a Tab would have reached it. */
async function press(target: Locator, key = 'Enter') {
  await target.focus();
  await page.keyboard.press(key);
}

async function fill(name: string, value: string) {
  const box = page.getByRole('textbox', { name });
  await box.focus();
  await box.fill(value);
}

describe('keyboard walk of the Promo Codes list', { timeout: 120_000 }, () => {
  it('keeps focus off the page body after each action, and announces the Active switch', async () => {
    const code = `KEY${Date.now() % 1_000_000}`;
    const name = 'Keyboard Walk';
    await page.goto(`${baseUrl()}/admin/promo-codes`);

    await press(page.getByRole('link', { name: actions.create, exact: true }));
    await page.waitForURL('**/admin/promo-codes/create');
    await fill(fields.code.label, code);
    await fill(fields.name.label, name);
    await fill(fields.organization.label, 'Lincoln High');
    const state = page.getByRole('combobox', { name: fields.state.label });
    await press(state, 'ArrowDown');
    await page.getByRole('option').first().waitFor();
    await page.keyboard.type('OH');
    await expect
      .poll(() => page.getByRole('option', { name: /^OH\b/ }).evaluate((o) => o === document.activeElement))
      .toBe(true);
    await page.keyboard.press('Enter');
    await press(page.getByRole('button', { name: actions.save, exact: true }));
    await expect.poll(() => pathOf(page)).not.toMatch(/\/create$/);
    await focusSettlesOn(heading());

    await page.goto(
      `${baseUrl()}/admin/promo-codes?filter=${encodeURIComponent(JSON.stringify({ q: code }))}`,
    );
    const toggle = rowOf(code).getByRole('switch');
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await press(toggle, 'Space');
    await expect.poll(() => toggle.isChecked()).toBe(false);
    const announced = texts.tables.switchedOff
      .replace('%{field}', fields.isActive.label)
      // Promo names are stored in capitals; the switch is named, and announced, by the name.
      .replace('%{name}', name.toUpperCase());
    await expect.poll(() => page.getByRole('status').filter({ hasText: announced }).count()).toBe(1);
    await focusSettlesOn(toggle);

    await press(rowOf(code).getByRole('link', { name: code, exact: true }));
    await page.waitForURL('**/admin/promo-codes/update/*');
    await fill(fields.name.label, `${name} Renamed`);
    await press(page.getByRole('button', { name: actions.save, exact: true }));
    await expect.poll(() => pathOf(page)).not.toMatch(/\/update\//);
    await focusSettlesOn(heading());

    await page.goto(
      `${baseUrl()}/admin/promo-codes?filter=${encodeURIComponent(JSON.stringify({ q: code }))}`,
    );
    await press(rowOf(code).getByRole('button', { name: texts.tables.delete }));
    await press(page.getByRole('alertdialog').getByRole('button', { name: texts.tables.confirm }));
    await expect.poll(() => rowOf(code).count()).toBe(0);
    const undo = page.getByRole('button', { name: texts.trash.undo });
    await focusSettlesOn(undo);
    await page.keyboard.press('Enter');
    await expect.poll(() => rowOf(code).count()).toBe(1);
    await expect.poll(() => undo.count()).toBe(0);
    await expect
      .poll(async () => (await holdsFocus(rowOf(code))) || (await holdsFocus(heading())))
      .toBe(true);
    expect(await onBody()).toBe(false);

    // From the top bar's search button, which the opened page keeps: focus does not go back there.
    const before = pathOf(page);
    const searchButton = page.getByRole('button', { name: texts.quickSearch.button });
    await press(searchButton, 'Control+k');
    await page.getByRole('dialog', { name: texts.quickSearch.title }).waitFor();
    await page.keyboard.press('Escape');
    await focusSettlesOn(searchButton);
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: texts.quickSearch.title }).fill(code);
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => pathOf(page)).not.toBe(before);
    await focusSettlesOn(heading());
  });
});

describe('keyboard walk of the merchandise studio', { timeout: 120_000 }, () => {
  it('opens the studio, adds a text and places it without a mouse', async () => {
    const merchandise = texts.merchandise;
    await context.close();
    const asDirector = await signedInState(browser, demo.directorEmail, demo.password);
    context = await browser.newContext({ storageState: asDirector, viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await page.goto(`${baseUrl()}/admin/merchandise/create`);
    await press(page.getByRole('button', { name: 'lhs-crest.svg', exact: true }));
    await press(page.getByRole('button', { name: `${merchandise.customize} Pullover Hoodie` }));
    await page.getByTestId('placement').waitFor();
    await press(page.getByRole('tab', { name: merchandise.side.back }), 'Enter');
    await expect
      .poll(() => page.getByRole('tab', { name: merchandise.side.back }).getAttribute('aria-selected'))
      .toBe('true');

    await press(page.getByRole('button', { name: merchandise.addText }));
    await focusSettlesOn(page.getByRole('textbox', { name: merchandise.text.content, exact: true }));
    const readout = page.getByTestId('text-placement');
    const at = async () => {
      const [x, y] = ((await readout.textContent()) ?? '').match(/-?[\d.]+/g)!.map(Number);
      return { x, y };
    };
    const start = await at();
    const across = page.getByRole('slider', { name: merchandise.text.x });
    const down = page.getByRole('slider', { name: merchandise.text.y });
    for (let step = 0; step < 4; step += 1) await press(across, 'ArrowLeft');
    await expect.poll(async () => (await at()).x).toBeCloseTo(start.x - 2, 0);
    for (let step = 0; step < 6; step += 1) await press(down, 'ArrowRight');
    await expect.poll(async () => (await at()).y).toBeCloseTo(start.y + 3, 0);
    await focusSettlesOn(down);
    // The slider says where the text is, as the readout does.
    expect(Number(await down.getAttribute('aria-valuenow'))).toBeCloseTo(start.y + 3, 0);
  });
});
