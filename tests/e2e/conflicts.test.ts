import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appMessages } from '../../src/i18n/en';
import { admin, baseUrl, launchBrowser, signedInState } from './browser';

const texts = appMessages.conflict;

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

/** Where the second Admin sits: times are shown on their clock, not in the server's UTC. */
const timezoneId = 'America/Chicago';

/** A browser of its own, signed in with a session of its own: another Admin at another desk. */
async function desk(zone?: string, width = 1280) {
  const context = await browser.newContext({
    storageState: await signedInState(browser, admin.email, admin.password),
    viewport: { width, height: 900 },
    timezoneId: zone,
  });
  contexts.push(context);
  return { context, page: await context.newPage() };
}

async function openForm(page: Page, id: number, name = 'SPIRIT CLASH') {
  await page.goto(`${baseUrl()}/admin/promo-codes/update/${id}`, { waitUntil: 'networkidle' });
  await expect.poll(() => page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe(name);
}

describe('two Admins edit one promo code', { timeout: 90_000 }, () => {
  it('the second save shows yours and theirs per field, and saves what its author chose', async () => {
    const a = await desk();
    const b = await desk(timezoneId);
    const created = await a.context.request.post(`${baseUrl()}/api/promo-codes`, {
      data: {
        code: 'CLASH1',
        name: 'Spirit Clash',
        organization: 'Lincoln High',
        state: 'OH',
        isActive: true,
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const id: number = (await created.json()).result.id;
    await openForm(a.page, id);
    await openForm(b.page, id);

    await a.page.getByRole('textbox', { name: 'Name' }).fill('Name From A');
    await a.page.getByRole('textbox', { name: 'Organization' }).fill('Org From A');
    const savedFrom = Date.now();
    await a.page.getByRole('button', { name: 'Save' }).click();
    await a.page.waitForURL('**/admin/promo-codes');
    // The minutes A's save may have been recorded in, as B's clock in Chicago shows them.
    const chicago = new Intl.DateTimeFormat('en-US', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: timezoneId,
    });
    const minutes = new Set<string>();
    for (let at = Math.floor(savedFrom / 60_000) * 60_000; at <= Date.now(); at += 60_000)
      minutes.add(chicago.format(at));

    await b.page.getByRole('textbox', { name: 'Name' }).fill('Name From B');
    await b.page.getByRole('textbox', { name: 'Organization' }).fill('Org From B');
    await b.page.getByRole('button', { name: 'Save' }).click();
    const dialog = b.page.getByRole('dialog');
    await dialog.waitFor();
    const said = /changed this promo code at (.+), after you opened it$/;
    await expect.poll(() => dialog.getByRole('status').textContent()).toMatch(said);
    const at = said.exec((await dialog.getByRole('status').textContent()) ?? '')![1];
    expect([...minutes], `${at} is A's save on B's clock`).toContain(at);
    // Both fields differ, each shown as typed (the form upper-cases as the server does) and as stored.
    for (const [field, mine, theirs] of [
      ['Name', 'NAME FROM B', 'NAME FROM A'],
      ['Organization', 'ORG FROM B', 'ORG FROM A'],
    ]) {
      const row = dialog.getByRole('row', { name: new RegExp(`^${field}`) });
      await expect.poll(() => row.textContent()).toContain(mine);
      await expect.poll(() => row.textContent()).toContain(theirs);
    }
    // Keep B's name, take A's organization.
    await dialog.getByRole('radio', { name: `Name: ${texts.yours}` }).check();
    await dialog.getByRole('radio', { name: `Organization: ${texts.theirs}` }).check();
    await dialog.getByRole('button', { name: texts.saveChoice }).click();
    await b.page.waitForURL('**/admin/promo-codes');

    const saved = await (await b.context.request.get(`${baseUrl()}/api/promo-codes/${id}`)).json();
    expect(saved.result).toMatchObject({ name: 'NAME FROM B', organization: 'ORG FROM A', version: 3 });
  });

  it('at 320 px shows every button whole and wraps values between words', async () => {
    const a = await desk();
    const b = await desk(undefined, 320);
    const created = await a.context.request.post(`${baseUrl()}/api/promo-codes`, {
      data: {
        code: 'CLASH320',
        name: 'Narrow Clash',
        organization: 'Lincoln High',
        state: 'OH',
        isActive: true,
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const id: number = (await created.json()).result.id;
    await openForm(a.page, id, 'NARROW CLASH');
    await openForm(b.page, id, 'NARROW CLASH');
    await a.page.getByRole('textbox', { name: 'Organization' }).fill('Championship Homecoming Organization');
    await a.page.getByRole('button', { name: 'Save' }).click();
    await a.page.waitForURL('**/admin/promo-codes');
    await b.page.getByRole('textbox', { name: 'Organization' }).fill('Westfield Championship Boosters');
    await b.page.getByRole('button', { name: 'Save' }).click();
    const dialog = b.page.getByRole('dialog');
    await dialog.getByRole('radio', { name: `Organization: ${texts.yours}` }).waitFor();
    const layout = await dialog.evaluate((element) => {
      const width = document.documentElement.clientWidth;
      const buttons = [...element.querySelectorAll('button')].map((button) => {
        const rect = button.getBoundingClientRect();
        return {
          text: button.textContent,
          inView: rect.left >= 0 && rect.right <= width,
          whole: button.scrollWidth <= button.clientWidth,
        };
      });
      // A word broken across lines has more than one box.
      const broken = [...element.querySelectorAll('[data-field]')].flatMap((field) => {
        const walker = document.createTreeWalker(field, NodeFilter.SHOW_TEXT);
        const words: string[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            if (new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1)
              words.push(match[0]);
          }
        }
        return words;
      });
      return { buttons, broken, scrolls: document.documentElement.scrollWidth > width };
    });
    expect(layout.buttons.length).toBeGreaterThanOrEqual(4);
    for (const button of layout.buttons) expect(button).toMatchObject({ inView: true, whole: true });
    expect(layout.broken).toEqual([]);
    expect(layout.scrolls).toBe(false);
    await dialog.getByRole('button', { name: texts.keepMine }).click();
    await b.page.waitForURL('**/admin/promo-codes');
  });
});
