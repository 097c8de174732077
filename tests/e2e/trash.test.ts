import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resourceCalls } from '../../contract/definition';
import { definitionOf } from '../../contract/definitions';
import { appMessages } from '../../src/i18n/en';
import { admin, baseUrl, demo, launchBrowser, type SignedIn, signedInState } from './browser';

const texts = appMessages;

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

/** A promo code made through the API, so each test starts from its own record. */
async function promo(code: string) {
  const response = await context.request.post(`${baseUrl()}/api/promo-codes`, {
    data: { code, name: 'Trash Walk', organization: 'Lincoln High School', state: 'OH', isActive: true },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).result as { id: number; code: string };
}

const rowOf = (code: string) => page.getByRole('row', { name: new RegExp(`\\b${code}\\b`) });
const shown = (locator: ReturnType<Page['getByRole']>) => expect.poll(() => locator.count()).toBe(1);
const gone = (locator: ReturnType<Page['getByRole']>) => expect.poll(() => locator.count()).toBe(0);

async function searchList(code: string) {
  await page.goto(`${baseUrl()}/admin/promo-codes?filter=${encodeURIComponent(JSON.stringify({ q: code }))}`);
  await shown(rowOf(code));
}

async function deleteRow(code: string) {
  await rowOf(code).getByRole('button', { name: texts.tables.delete }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: texts.tables.confirm }).click();
  await expect.poll(() => page.getByText(texts.tables.deleted, { exact: true }).isVisible()).toBe(true);
  await gone(rowOf(code));
}

describe('the trash', () => {
  it("deletes a promo code with the 'Deleted' toast, and its Undo brings the row back", async () => {
    const { code } = await promo('UNDOWALK');
    await searchList(code);
    await deleteRow(code);
    await page.getByRole('button', { name: texts.trash.undo }).click();
    await shown(rowOf(code));
  });

  it('moves focus to Undo when a row is deleted by keyboard, and Enter on it brings the row back', async () => {
    const { code } = await promo('TRASHKEY');
    await searchList(code);
    await rowOf(code).getByRole('button', { name: texts.tables.delete }).focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog').getByRole('button', { name: texts.tables.confirm });
    await confirm.waitFor();
    const focused = () => confirm.evaluate((button) => button === document.activeElement);
    for (let tabs = 0; tabs < 3 && !(await focused()); tabs += 1) await page.keyboard.press('Tab');
    expect(await focused()).toBe(true);
    await page.keyboard.press('Enter');
    await gone(rowOf(code));
    const undo = page.getByRole('button', { name: texts.trash.undo });
    await expect.poll(() => undo.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await shown(rowOf(code));
  });

  it('keeps the Trash button on a list whose every row is in the trash', async () => {
    const calls = resourceCalls(definitionOf('promo-codes')!);
    const table = await context.request.post(`${baseUrl()}/api/${calls.table.path}`, {
      data: { skip: 0, take: 100, allSearch: '' },
    });
    const ids = ((await table.json()).result.data as { id: number }[]).map((row) => row.id);
    expect(ids.length).toBeGreaterThan(0);
    const emptied = await context.request.post(`${baseUrl()}/api/${calls.deleteMany.path}`, {
      data: { ids },
    });
    expect(emptied.status(), await emptied.text()).toBe(200);
    try {
      await page.goto(`${baseUrl()}/admin/promo-codes`);
      await expect.poll(() => page.locator('tbody').getByRole('row').count()).toBe(0);
      await page.getByRole('link', { name: texts.trash.button }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/promo-codes/trash');
    } finally {
      const restored = await context.request.post(`${baseUrl()}/api/${calls.restoreMany!.path}`, {
        data: { ids },
      });
      expect(restored.status(), await restored.text()).toBe(200);
    }
  });

  it('restores a deleted promo code from the Trash page', async () => {
    const { code } = await promo('TRASHWALK');
    await searchList(code);
    await deleteRow(code);
    await page.getByRole('link', { name: texts.trash.button }).click();
    await page.waitForURL('**/admin/promo-codes/trash');
    const trashed = page.getByRole('row', { name: new RegExp(code) });
    await shown(trashed);
    await trashed.getByRole('button', { name: `${texts.trash.restore} TRASH WALK` }).click();
    await gone(trashed);
    await searchList(code);
  });

  it('undoes one change of a promo code from its history, keeping a later change to another field', async () => {
    const { id } = await promo('HISTORYWALK');
    const put = async (changes: object) => {
      const current = await context.request.get(`${baseUrl()}/api/promo-codes/${id}`);
      const record = (await current.json()).result;
      const saved = await context.request.put(`${baseUrl()}/api/promo-codes/${id}`, {
        data: { ...record, ...changes },
      });
      expect(saved.status(), await saved.text()).toBe(200);
    };
    await put({ name: 'Renamed Walk' });
    await put({ description: 'Described later' });
    await page.goto(`${baseUrl()}/admin/promo-codes/update/${id}`);
    await page.getByRole('link', { name: texts.tables.history.replace('%{label}', 'Promo Code') }).click();
    await page.waitForURL(`**/admin/promo-codes/history/${id}`);
    const change = page.getByRole('row', { name: /RENAMED WALK/ });
    await shown(change);
    await change.getByRole('button', { name: texts.history.undo }).click();
    // It asks first, saying what it will do.
    const asked = page.getByRole('dialog', { name: texts.history.undoTitle });
    await asked.getByText('Name: RENAMED WALK → TRASH WALK').waitFor();
    await asked.getByRole('button', { name: texts.history.undo }).click();
    await expect.poll(() => page.getByText(texts.history.undone).isVisible()).toBe(true);
    await shown(page.getByRole('row', { name: new RegExp(texts.audit.actions.revert) }));
    await page.goto(`${baseUrl()}/admin/promo-codes/update/${id}`);
    await expect.poll(() => page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe('TRASH WALK');
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Description' }).inputValue())
      .toBe('Described later');
  });

  it('restores a whole version of a promo code from its history at 390 px, as cards, after confirming', async () => {
    const { id } = await promo('VERSIONWALK');
    const current = async () =>
      (await (await context.request.get(`${baseUrl()}/api/promo-codes/${id}`)).json()).result;
    for (const changes of [{ name: 'Renamed Version' }, { description: 'Described later' }]) {
      const saved = await context.request.put(`${baseUrl()}/api/promo-codes/${id}`, {
        data: { ...(await current()), ...changes },
      });
      expect(saved.status(), await saved.text()).toBe(200);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl()}/admin/promo-codes/history/${id}`);
    const created = page.locator('li[data-entry]').last();
    await created.waitFor();
    const fits = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    expect(await fits()).toBe(true);
    await created.getByRole('button', { name: texts.history.restore }).click();
    const asked = page.getByRole('dialog', { name: /^Restore the version of / });
    await asked.getByText('Name: RENAMED VERSION → TRASH WALK').waitFor();
    await asked.getByText('Description: Described later → —').waitFor();
    await asked.getByRole('button', { name: texts.history.restore }).click();
    await expect.poll(() => page.getByText(texts.history.restored).isVisible()).toBe(true);
    await expect.poll(async () => (await current()).name).toBe('TRASH WALK');
    expect((await current()).description ?? null).toBe(null);
    expect(await fits()).toBe(true);
  });

  it("restores two of an athletic director's deleted logos together, and deletes one forever after confirming", async () => {
    const director = await browser.newContext({
      storageState: await signedInState(browser, demo.directorEmail, demo.password),
      viewport: { width: 1280, height: 900 },
    });
    try {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="#036"/></svg>`;
      for (const name of ['trash-a.svg', 'trash-b.svg', 'trash-c.svg']) {
        const made = await director.request.post(`${baseUrl()}/api/design-logos`, {
          multipart: { ImageFile: { name, mimeType: 'image/svg+xml', buffer: Buffer.from(svg) } },
        });
        expect(made.status(), await made.text()).toBe(200);
        const { id } = (await made.json()).result as { id: number };
        const deleted = await director.request.delete(`${baseUrl()}/api/design-logos/${id}`);
        expect(deleted.status(), await deleted.text()).toBe(200);
      }
      const logos = await director.newPage();
      await logos.goto(`${baseUrl()}/admin/design-logos`);
      await logos.getByRole('button', { name: texts.trash.button }).click();
      const trashed = (name: string) => logos.getByTestId('trashed-design-logo').filter({ hasText: name });
      await trashed('trash-a.svg').waitFor();
      await logos.getByRole('checkbox', { name: 'Select trash-a.svg' }).check();
      await logos.getByRole('checkbox', { name: 'Select trash-b.svg' }).check();
      await logos.getByRole('button', { name: `${texts.trash.restore} (2)` }).click();
      await logos.getByText('2 restored', { exact: true }).waitFor();
      await expect.poll(() => trashed('trash-a.svg').count()).toBe(0);
      expect(await trashed('trash-b.svg').count()).toBe(0);

      await logos.getByRole('button', { name: `${texts.trash.deleteForever} trash-c.svg` }).click();
      await logos.getByRole('dialog').getByRole('button', { name: texts.trash.deleteForever }).click();
      await logos.getByText('Deleted forever', { exact: true }).waitFor();
      await expect.poll(() => trashed('trash-c.svg').count()).toBe(0);

      await logos.getByRole('button', { name: texts.designLogos.backToLogos }).click();
      await logos.getByTestId('design-logo').filter({ hasText: 'trash-a.svg' }).first().waitFor();
      expect(await logos.getByTestId('design-logo').filter({ hasText: 'trash-c.svg' }).count()).toBe(0);
    } finally {
      await director.close();
    }
  });

  it('lets an athletic director archive a product, find it in the Trash of the merchandise page and restore it to the gallery', async () => {
    const director = await browser.newContext({
      storageState: await signedInState(browser, demo.directorEmail, demo.password),
      viewport: { width: 1280, height: 900 },
    });
    try {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="#630"/></svg>`;
      const logo = await director.request.post(`${baseUrl()}/api/design-logos`, {
        multipart: {
          ImageFile: { name: 'trash-tee.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) },
        },
      });
      expect(logo.status(), await logo.text()).toBe(200);
      const apparel = (await (await director.request.get(`${baseUrl()}/api/merchandise/base-apparel`)).json())
        .result.products as { id: number; title: string }[];
      const title = 'Trash Walk Tee';
      const made = await director.request.post(
        `${baseUrl()}/api/merchandise/create-merchandise-by-organization`,
        {
          multipart: {
            Title: title,
            Description: 'Made to be archived',
            Price: '30',
            LogoId: String((await logo.json()).result.id),
            BaseApparelId: String(apparel.find((item) => item.title === 'Classic Cotton Tee')!.id),
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
      expect(made.status(), await made.text()).toBe(200);

      const products = await director.newPage();
      // A second gallery, left open: the restore reaches it without a reload.
      const watching = await director.newPage();
      const inGallery = (on: Page) => on.getByTestId('merchandise-product').filter({ hasText: title });
      await watching.goto(`${baseUrl()}/admin/merchandise`);
      await inGallery(watching).waitFor();
      await products.goto(`${baseUrl()}/admin/merchandise`);
      await inGallery(products).getByRole('button', { name: texts.merchandise.details }).click();
      await products.getByRole('dialog').getByRole('button', { name: texts.merchandise.archive }).click();
      await products.getByText(texts.merchandise.archived, { exact: true }).waitFor();
      await expect.poll(() => inGallery(products).count()).toBe(0);
      await expect.poll(() => inGallery(watching).count()).toBe(0);

      await products.getByRole('button', { name: texts.trash.button }).click();
      const trashed = products.getByTestId('trashed-product').filter({ hasText: title });
      await trashed.waitFor();
      await trashed.getByRole('button', { name: `${texts.trash.restore} ${title}` }).click();
      await products.getByText('Restored', { exact: true }).waitFor();
      await expect.poll(() => trashed.count()).toBe(0);
      await inGallery(watching).waitFor();

      await products.getByRole('button', { name: texts.merchandise.backToProducts }).click();
      await inGallery(products).waitFor();
    } finally {
      await director.close();
    }
  });
});
