import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';
import { definitionOf } from '../../contract/definitions';
import { appMessages } from '../../src/i18n/en';
import {
  admin,
  baseUrl,
  demo,
  describedBy,
  launchBrowser,
  openLogin,
  pathOf,
  type SignedIn,
  signedInState,
} from './browser';
import { brokenHeadingWords, focusIndicatorContrast, shownShareOfFocus } from './focusChecks';

const texts = appMessages;
const fields = definitionOf('promo-codes')!.fields;
const actions = englishMessages.ra.action;

/**
 * One walk for each theme and each size a person may use: a desktop in both themes, a 320 px
 * phone (WCAG 1.4.10's width) and a 1280 px laptop zoomed to 200% (640 CSS pixels, each drawn
 * twice). The server is the suite's one; the browser is this file's one.
 */
const setups = [
  { name: 'light theme at 1280 px', colorScheme: 'light', width: 1280, height: 900, scale: 1 },
  { name: 'dark theme at 1280 px', colorScheme: 'dark', width: 1280, height: 900, scale: 1 },
  { name: 'light theme at 320 px', colorScheme: 'light', width: 320, height: 640, scale: 1 },
  { name: 'dark theme at 200% zoom', colorScheme: 'dark', width: 640, height: 450, scale: 2 },
] as const;

let browser: Browser;
let signedIn: SignedIn;

beforeAll(async () => {
  browser = await launchBrowser();
  signedIn = await signedInState(browser, admin.email, admin.password);
});
afterAll(() => browser?.close());

describe.each(setups)('keyboard walk in the $name', { timeout: 240_000 }, (setup) => {
  let context: BrowserContext;
  let page: Page;
  const newContext = (storageState?: SignedIn) =>
    browser.newContext({
      storageState,
      colorScheme: setup.colorScheme,
      viewport: { width: setup.width, height: setup.height },
      deviceScaleFactor: setup.scale,
    });
  /** Under 640 px the lists are stacked rows, without checkboxes, sort headers or the column chooser. */
  const phone = setup.width < 640;
  /**
   * Whether the promo list shows cards: on a phone, and wherever its columns do not fit beside
   * the sidebar (the list measures itself: at 640 px the Promos table gives way to cards).
   */
  let cards = phone;

  const heading = () => page.getByRole('heading', { level: 1 });
  const rowOf = (code: string) =>
    cards
      ? page.getByRole('listitem').filter({ hasText: code })
      : page.getByRole('row', { name: new RegExp(`\\b${code}\\b`) });
  const holdsFocus = (target: Locator) =>
    target.evaluate(
      (element) => element === document.activeElement || element.contains(document.activeElement),
    );
  const onBody = () =>
    page.evaluate(() => document.activeElement === null || document.activeElement === document.body);
  const focusedElement = () => page.locator('*:focus');

  /**
   * WCAG 2.4.11: what has the focus is not hidden under a fixed bar. Stricter than its 'not
   * entirely hidden': all of it shows, on screen and clear of every bar.
   */
  async function focusShows() {
    // Polled: a page that has just opened may still be scrolling to where it puts its content.
    await expect
      .poll(() => shownShareOfFocus(page), { message: `the share of the focused element that shows` })
      .toBe(1)
      .catch(async (error: Error) => expect.fail(`${error.message}: ${await describeFocus(page)}`));
  }

  /** After an action focus has left the page body and settled, in view, on the expected place (2.4.3). */
  async function focusSettlesOn(target: Locator) {
    await expect.poll(() => holdsFocus(target)).toBe(true);
    expect(await onBody()).toBe(false);
    await focusShows();
  }

  /** WCAG 2.4.7 and 1.4.11: the focused control differs from its unfocused self by 3:1. */
  async function indicatorShows(target: Locator) {
    expect(await focusIndicatorContrast(page, target), await target.ariaSnapshot()).toBeGreaterThanOrEqual(3);
  }

  /** Tab (or Shift+Tab) until `target` has the focus, each stop in view (2.4.11). */
  async function tabTo(target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', most = 40) {
    for (let stop = 0; stop < most; stop++) {
      await page.keyboard.press(key);
      await focusShows();
      if (await holdsFocus(target)) return;
    }
    throw new Error(`${most} presses of ${key} did not reach ${target}`);
  }

  /** The keyboard press on a control, as a Tab would have reached it. */
  async function press(target: Locator, key = 'Enter') {
    await target.focus();
    await page.keyboard.press(key);
  }

  async function fill(name: string, value: string) {
    const box = page.getByRole('textbox', { name });
    await box.focus();
    await focusShows();
    await box.fill(value);
  }

  /**
   * WCAG 1.4.10 at 320 px and 200%: the page's h1 shows whole, neither cut nor clipped, and no
   * heading breaks inside a word.
   */
  async function headingShowsWhole() {
    await heading().waitFor();
    expect(
      await heading().evaluate(
        (h1) => h1.scrollWidth <= h1.clientWidth && h1.scrollHeight <= h1.clientHeight,
      ),
    ).toBe(true);
    expect(await brokenHeadingWords(page), 'heading words broken across lines or cut').toEqual([]);
  }

  it('signs in after an error, and walks promos, an account, views, columns, Ctrl+K and the dashboard', async () => {
    // Sign-in with a wrong password: announced, and focus stays on the form. The demo director
    // signs in here, the Admin's rate limit being for the other files' sign-ins.
    context = await newContext();
    page = await context.newPage();
    await openLogin(page);
    await fill(texts.login.email, demo.directorEmail);
    await page.keyboard.press('Tab');
    await page.keyboard.type('not-the-password');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain(texts.login.failed);
    expect(await onBody()).toBe(false);
    await headingShowsWhole();
    await page.getByLabel(texts.login.password).fill(demo.password);
    await press(page.getByLabel(texts.login.password));
    await page.waitForURL('**/admin/**');
    await headingShowsWhole();
    await context.close();

    context = await newContext(signedIn);
    page = await context.newPage();
    const code = `KEY${setup.width}${setup.colorScheme[0]}${Date.now() % 100_000}`;
    const name = 'Keyboard Walk';
    await page.goto(`${baseUrl()}/admin/promo-codes`);
    await headingShowsWhole();
    const main = page.getByRole('main');
    await main.getByRole('row').or(main.getByRole('listitem')).first().waitFor();
    // The list has measured itself once two frames have been drawn.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    cards = (await main.getByRole('table').count()) === 0;

    // The landmarks: the sidebar is a navigation of links beside the one main, not in it.
    expect(
      await page.evaluate(
        (label) => ({
          main: document.querySelectorAll('main').length,
          sidebar: document.querySelectorAll(`nav[aria-label="${label}"]`).length,
          sidebarInMain: document.querySelector(`main nav[aria-label="${label}"]`) !== null,
          menus: document.querySelectorAll('[role="menu"]').length,
        }),
        texts.layout.sidebar,
      ),
      // On a phone the sidebar is a drawer, there once opened.
    ).toEqual({ main: 1, sidebar: phone ? 0 : 1, sidebarInMain: false, menus: 0 });

    // The first Tab shows the skip link, in colours that read; after it, the page's first
    // control shows whole below the top bar.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('button', { name: englishMessages.ra.navigation.skip_nav });
    expect(await holdsFocus(skip)).toBe(true);
    expect(await skip.evaluate(textContrast)).toBeGreaterThanOrEqual(4.5);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await onBody()).toBe(false);
    await focusShows();

    // Focus indicators, and no invisible buttons of the collapsed bulk-action bar in the Tab order.
    await indicatorShows(page.getByRole('button', { name: texts.quickSearch.button }));
    await indicatorShows(page.getByRole('link', { name: actions.create, exact: true }));
    if (!phone)
      await indicatorShows(page.getByRole('navigation').getByRole('link', { name: texts.layout.dashboard }));
    if (!cards) {
      await indicatorShows(page.getByRole('row').nth(1).getByRole('checkbox'));
      await indicatorShows(page.getByRole('row').nth(1).getByRole('switch'));
      await indicatorShows(page.locator('th .MuiTableSortLabel-root.Mui-active'));
      expect(
        await page
          .locator('.RaBulkActionsToolbar-collapsed')
          .evaluate((bar) =>
            [...bar.querySelectorAll('button')].filter((button) =>
              button.checkVisibility({ visibilityProperty: true }),
            ),
          )
          .then((shown) => shown.length),
      ).toBe(0);
    }

    // Create a promo: every field reached shows whole above the phone's fixed Save bar.
    await press(page.getByRole('link', { name: actions.create, exact: true }));
    await page.waitForURL('**/admin/promo-codes/create');
    await headingShowsWhole();
    await fill(fields.code.label, code);
    await fill(fields.name.label, name);
    await fill(fields.organization.label, 'Lincoln High');
    const state = page.getByRole('combobox', { name: fields.state.label });
    await press(state, 'ArrowDown');
    // Ohio gets the focus as the arrow keys or typing 'OH' would give it: type-ahead wants both
    // keys within half a second, which a CI machine under load does not always give.
    const ohio = page.getByRole('option', { name: /^OH\b/ });
    await press(ohio);
    const save = page.getByRole('button', { name: actions.save, exact: true });
    await tabTo(save);
    await indicatorShows(save);
    await page.keyboard.press('Enter');
    await expect.poll(() => pathOf(page)).not.toMatch(/\/create$/);
    await focusSettlesOn(heading());

    // Search finds it; its row's controls say which row; the Active switch is announced.
    await page.goto(
      `${baseUrl()}/admin/promo-codes?filter=${encodeURIComponent(JSON.stringify({ q: code }))}`,
    );
    const toggle = rowOf(code).getByRole('switch');
    await expect.poll(() => toggle.isChecked()).toBe(true);
    // Promo names are stored in capitals; the row's controls are named by the name.
    const shownName = name.toUpperCase();
    if (!cards) {
      const select = texts.tables.selectItem.replace('%{name}', shownName);
      expect(await rowOf(code).getByRole('checkbox', { name: select }).count()).toBe(1);
    }
    const remove = texts.tables.deleteItem.replace('%{name}', shownName);
    expect(await rowOf(code).getByRole('button', { name: remove }).count()).toBe(1);
    await press(toggle, 'Space');
    await expect.poll(() => toggle.isChecked()).toBe(false);
    const announced = texts.tables.switchedOff
      .replace('%{field}', fields.isActive.label)
      .replace('%{name}', shownName);
    await expect.poll(() => page.getByRole('status').filter({ hasText: announced }).count()).toBe(1);
    await focusSettlesOn(toggle);

    // Back up through the list's toolbar: each control shows whole below the top bar.
    await tabTo(page.getByRole('textbox', { name: texts.tables.search }), 'Shift+Tab');

    // Views, and the column chooser opening on something named.
    const views = page.getByRole('button', { name: texts.views.button });
    await press(views);
    await expect.poll(() => focusedElement().ariaSnapshot()).toMatch(/menuitem "[^"]+"/);
    await page.keyboard.press('Escape');
    await focusSettlesOn(views);
    if (!cards) {
      const columns = page.getByRole('button', { name: actions.select_columns });
      await press(columns);
      await expect.poll(() => focusedElement().ariaSnapshot()).toMatch(/"[^"]+"/);
      await page.keyboard.press('Escape');
      await focusSettlesOn(columns);
    }

    // Edit the promo; then delete it, and Undo from the notification.
    const openPromo = async () => {
      await page.goto(
        `${baseUrl()}/admin/promo-codes?filter=${encodeURIComponent(JSON.stringify({ q: code }))}`,
      );
      await press(rowOf(code).getByRole('link', { name: code, exact: true }));
      await page.waitForURL('**/admin/promo-codes/update/*');
      await headingShowsWhole();
      await expect
        .poll(() => page.getByRole('textbox', { name: fields.name.label }).inputValue())
        .not.toBe('');
    };
    await openPromo();
    await fill(fields.name.label, `${name} Renamed`);
    await press(page.getByRole('button', { name: actions.save, exact: true }));
    await expect.poll(() => pathOf(page)).not.toMatch(/\/update\//);
    await focusSettlesOn(heading());

    // The conflict dialog: while the promo is open here, another desk (the API, in this session)
    // renames it; a rename here and Save by keyboard meet the newer version.
    await openPromo();
    const id = pathOf(page).split('/').at(-1);
    const stored = (await (await context.request.get(`${baseUrl()}/api/promo-codes/${id}`)).json()).result;
    const elsewhere = await context.request.put(`${baseUrl()}/api/promo-codes/${id}`, {
      data: { ...stored, name: `${name} Elsewhere` },
    });
    expect(elsewhere.status(), await elsewhere.text()).toBe(200);
    const nameBox = page.getByRole('textbox', { name: fields.name.label });
    await nameBox.focus();
    await focusShows();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(`${name} Here`);
    await tabTo(page.getByRole('button', { name: actions.save, exact: true }));
    await page.keyboard.press('Enter');
    // It opens with focus inside, and says what happened as it opens (its description).
    const conflict = page.getByRole('dialog');
    await conflict.waitFor();
    await focusSettlesOn(conflict);
    expect(await describedBy(conflict)).toMatch(/changed this promo code at .+, after you opened it/);
    // The choice per field is a group of two radios: Tab enters it on the chosen one (what was
    // typed here), an arrow takes theirs.
    const choice = (side: 'yours' | 'theirs') =>
      conflict.getByRole('radio', { name: `${fields.name.label}: ${texts.conflict[side]}` });
    await tabTo(choice('yours'));
    await indicatorShows(choice('yours'));
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => choice('theirs').isChecked()).toBe(true);
    await focusSettlesOn(choice('theirs'));
    const saveChoice = conflict.getByRole('button', { name: texts.conflict.saveChoice });
    await tabTo(saveChoice);
    await indicatorShows(saveChoice);
    await page.keyboard.press('Enter');
    await expect.poll(() => pathOf(page)).not.toMatch(/\/update\//);
    await focusSettlesOn(heading());
    const theirName = `${name} Elsewhere`.toUpperCase();
    const updated = texts.tables.updated
      .replace('%{label}', definitionOf('promo-codes')!.label.one)
      .replace('%{title}', theirName);
    await expect
      .poll(() => page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: updated }).count())
      .toBe(1);
    const saved = (await (await context.request.get(`${baseUrl()}/api/promo-codes/${id}`)).json()).result;
    expect(saved.name).toBe(theirName);

    await page.goto(
      `${baseUrl()}/admin/promo-codes?filter=${encodeURIComponent(JSON.stringify({ q: code }))}`,
    );
    await press(rowOf(code).getByRole('button', { name: texts.tables.delete }));
    await press(page.getByRole('alertdialog').getByRole('button', { name: texts.tables.confirm }));
    await expect.poll(() => rowOf(code).count()).toBe(0);
    const undo = page.getByRole('button', { name: texts.trash.undo });
    await focusSettlesOn(undo);
    expect(await describedBy(undo)).toBe(texts.trash.undoHint);
    await page.keyboard.press('Enter');
    await expect.poll(() => rowOf(code).count()).toBe(1);
    await expect.poll(() => undo.count()).toBe(0);
    await expect
      .poll(async () => (await holdsFocus(rowOf(code))) || (await holdsFocus(heading())))
      .toBe(true);
    expect(await onBody()).toBe(false);

    // Ctrl+K: Escape gives focus back; the arrows move through the matches; Enter opens one.
    const before = pathOf(page);
    const searchButton = page.getByRole('button', { name: texts.quickSearch.button });
    await press(searchButton, 'Control+k');
    const dialog = page.getByRole('dialog', { name: texts.quickSearch.title });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await focusSettlesOn(searchButton);
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: texts.quickSearch.title }).fill(code);
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowDown');
    expect(await dialog.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => pathOf(page)).not.toBe(before);
    await focusSettlesOn(heading());
    await headingShowsWhole();

    // An account's form, Tab by Tab to Save: nothing under the top bar or the Save bar. The
    // director's last name is changed and then put back, for the other files.
    const openAccount = async () => {
      await page.goto(
        `${baseUrl()}/admin/users?filter=${encodeURIComponent(JSON.stringify({ q: demo.directorEmail }))}`,
      );
      await press(
        page.getByRole('button', { name: texts.users.options.replace('%{email}', demo.directorEmail) }),
      );
      await page
        .getByRole('menuitem', { name: texts.users.edit.replace('%{email}', demo.directorEmail) })
        .waitFor();
      await page.keyboard.press('Enter');
      await page.waitForURL('**/admin/users/update/*');
      await headingShowsWhole();
    };
    const lastName = page.getByRole('textbox', { name: texts.users.lastName });
    const saveAccount = async (value: string) => {
      await openAccount();
      await expect.poll(() => lastName.inputValue()).not.toBe('');
      const before = await lastName.inputValue();
      await page.getByRole('textbox').first().focus();
      await tabTo(lastName, 'Tab', 80);
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(value);
      await tabTo(page.getByRole('button', { name: actions.save, exact: true }), 'Tab', 80);
      await page.keyboard.press('Enter');
      await expect.poll(() => pathOf(page)).not.toMatch(/\/update\//);
      await focusSettlesOn(heading());
      return before;
    };
    const original = await saveAccount(`Walked${setup.width}`);
    await saveAccount(original);

    // The dashboard: another period is announced; the figures per day are a button away.
    await page.goto(`${baseUrl()}/admin/dashboard`);
    await headingShowsWhole();
    const sales = page.getByRole('region', { name: texts.dashboard.sales });
    const figures = sales.getByRole('status');
    await figures.waitFor();
    const shown = await figures.textContent();
    await press(sales.getByRole('combobox', { name: texts.dashboard.period }), 'ArrowDown');
    await page.getByRole('option', { name: texts.dashboard.periods['7'] }).waitFor();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    await expect.poll(() => figures.textContent()).not.toBe(shown);
    expect(await onBody()).toBe(false);
    const perDay = sales.getByRole('button', { name: texts.dashboard.showSalesTable });
    await press(perDay);
    await sales.getByRole('table', { name: texts.dashboard.salesTable }).waitFor();
    expect(await perDay.getAttribute('aria-expanded')).toBe('true');
    await focusSettlesOn(perDay);
    await context.close();
  });
});

/** The focused element as a failure names it: its tag and the start of its name or text. */
function describeFocus(page: Page) {
  return page.evaluate(() => {
    const focused = document.activeElement;
    const name = focused?.getAttribute('aria-label') ?? focused?.textContent ?? '';
    return `<${focused?.tagName.toLowerCase()}> "${name.slice(0, 40)}"`;
  });
}

/** The contrast of an element's text against its own background (WCAG 1.4.3), in the page. */
function textContrast(element: Element) {
  const style = getComputedStyle(element);
  const luminance = (colour: string) => {
    const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((value) => {
      const c = Number(value) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [a, b] = [luminance(style.color), luminance(style.backgroundColor)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

describe('keyboard walk of the merchandise studio', { timeout: 120_000 }, () => {
  let context: BrowserContext;
  let page: Page;
  afterAll(() => context?.close());

  const press = async (target: Locator, key = 'Enter') => {
    await target.focus();
    await page.keyboard.press(key);
  };
  const focusSettlesOn = async (target: Locator) => {
    await expect
      .poll(() =>
        target.evaluate(
          (element) => element === document.activeElement || element.contains(document.activeElement),
        ),
      )
      .toBe(true);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
  };

  it('opens the studio, adds a text and places it without a mouse', async () => {
    const merchandise = texts.merchandise;
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
