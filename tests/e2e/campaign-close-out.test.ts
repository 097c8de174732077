import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appMessages } from '../../src/i18n/en';
import { unzip } from '../server/modules/campaigns/zip';
import { FakeShopify, signShopifyWebhook } from '../server/modules/merchandise/fake-shopify';
import { accountAdmin, startAccountServer } from './account-server';
import { demo, launchBrowser, signIn } from './browser';

const text = appMessages.campaigns;
const minute = 60_000;
const clockDir = mkdtempSync(path.join(tmpdir(), 'spirit-e2e-clock-'));
const clockFile = path.join(clockDir, 'offset');
writeFileSync(clockFile, '0');

let server: Awaited<ReturnType<typeof startAccountServer>>;
let browser: Browser;
let offset = 0;
/** The school's Shopify store: the portal publishes to it and its webhook delivers the orders. */
const shop = new FakeShopify();
const webhookSecret = 'shpss_e2e-app-secret-0123456789';

beforeAll(async () => {
  server = await startAccountServer({
    SHOPIFY_SHOP_URL: await shop.start(),
    SHOPIFY_ACCESS_TOKEN: 'shpat_e2e',
    SHOPIFY_WEBHOOK_SECRET: webhookSecret,
    E2E_CLOCK_FILE: clockFile,
    NODE_OPTIONS: `--import=${path.resolve('tests/e2e/moved-clock.ts')}`,
    WORKFLOW_SWEEP_SECONDS: '1',
    // Sessions outlive the hours the clock is moved by.
    COOKIE_LIFETIME_MINUTES: '600',
  });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await shop.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

/** What the server reads as now. */
const serverNow = () => Date.now() + offset;

/** Moves the server's clock ahead, as the night passes, instead of waiting for it. */
function moveClock(by: number) {
  offset += by;
  writeFileSync(clockFile, String(offset));
  server.signal('SIGUSR2');
}

async function signedIn(email: string, password: string, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/login`);
  await signIn(page, email, password);
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return { context, page };
}

/** A `datetime-local` value in the browser's zone (the machine's, as the server's UTC here). */
const local = (at: number) => {
  const date = new Date(at - new Date(at).getTimezoneOffset() * minute);
  return date.toISOString().slice(0, 16);
};

async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 200; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('never reached by Tab');
}

/**
 * The open form hears the clock's step on the change stream and offers to reload (it never
 * replaces what a person may be typing); the director takes it by keyboard and sees the state.
 */
async function takeChange(page: Page, state: string) {
  const reload = page.getByRole('button', { name: appMessages.live.reload });
  await reload.waitFor({ timeout: 20_000 });
  await tabTo(page, reload);
  await page.keyboard.press('Enter');
  await page.getByText(state, { exact: true }).first().waitFor({ timeout: 20_000 });
}

type Api = BrowserContext['request'];
const json = async <T = unknown>(answer: Awaited<ReturnType<Api['get']>>) => {
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { result: T }).result;
};

/** Lincoln's demo products by title (the two no demo window sells). */
async function productsOf(api: Api, campaignId: number) {
  const candidates = (await json(
    await api.get(`${server.baseUrl}/api/campaigns/${campaignId}/candidates`),
  )) as {
    productId: number;
    title: string;
    price: number;
  }[];
  const byTitle = (title: string) => candidates.find((product) => product.title === title)!;
  const products = { longSleeve: byTitle('Lincoln Lions Long Sleeve'), polo: byTitle('Lincoln Lions Polo') };
  for (const product of Object.values(products)) await putInShop(api, product);
  return products;
}

/**
 * The demo's products were made before the school had a shop: its director puts each on it as a
 * person would, retiring it and publishing it again, once per server.
 */
async function putInShop(api: Api, product: { productId: number; title: string }) {
  if (!shop.productTitled(product.title)) {
    for (const step of ['retire', 'publish'])
      await json(
        await api.post(`${server.baseUrl}/api/merchandise/${product.productId}/transitions/${step}`, {
          data: {},
        }),
      );
  }
  await expect.poll(() => shop.productTitled(product.title)?.id ?? 0, { timeout: 60_000 }).toBeGreaterThan(0);
}

describe('a store window from scheduling to the print shop’s package', { timeout: 300_000 }, () => {
  for (const width of [1280, 390]) {
    it(`is scheduled by keyboard, opens and closes on the moved clock, files sized orders from the shop’s webhook and hands over a package whose counts are the orders (${width} px)`, async () => {
      const director = await signedIn(demo.directorEmail, demo.password, width);
      const admin = await signedIn(accountAdmin.email, accountAdmin.password, 1280);
      const { page } = director;
      const name = `Homecoming ${width}`;
      const opensAt = serverNow() + 10 * minute;
      const closesAt = serverNow() + 70 * minute;

      await page.goto(`${server.baseUrl}/admin/campaigns/create`);
      const nameInput = page.getByRole('textbox', { name: 'Name' });
      await tabTo(page, nameInput);
      await page.keyboard.type(name);
      await tabTo(page, page.getByLabel('Opens at'));
      await page.getByLabel('Opens at').fill(local(opensAt));
      await tabTo(page, page.getByLabel('Closes at'));
      await page.getByLabel('Closes at').fill(local(closesAt));
      await tabTo(page, page.getByRole('button', { name: 'Save', exact: true }));
      await page.keyboard.press('Enter');
      await expect
        .poll(async () => {
          const found = await director.context.request.post(`${server.baseUrl}/api/campaigns/table`, {
            data: { take: 10, allSearch: name },
          });
          return (await found.json()).result?.data?.[0]?.id ?? 0;
        })
        .toBeGreaterThan(0);
      const table = await json<{
        data: { id: number; state: string; opensAt: string; organizationId: number }[];
      }>(
        await director.context.request.post(`${server.baseUrl}/api/campaigns/table`, {
          data: { take: 10, allSearch: name },
        }),
      );
      const window = table.data[0];
      expect(window.state).toBe('scheduled');
      expect(new Date(window.opensAt).getTime()).toBe(Math.floor(opensAt / minute) * minute);

      const { longSleeve, polo } = await productsOf(director.context.request, window.id);
      await json(
        await director.context.request.put(`${server.baseUrl}/api/campaigns/${window.id}/products`, {
          data: {
            products: [
              { productId: longSleeve.productId, minimum: 3, fundraising: 5 },
              { productId: polo.productId, minimum: 50, fundraising: 8 },
            ],
          },
        }),
      );

      await page.goto(`${server.baseUrl}/admin/campaigns/update/${window.id}`);
      await page
        .getByRole('region', { name: text.products })
        .getByTestId('campaign-product')
        .first()
        .waitFor();
      const stateOf = async () =>
        (
          await json<{ state: string }>(
            await director.context.request.get(`${server.baseUrl}/api/campaigns/${window.id}`),
          )
        ).state;
      moveClock(15 * minute);
      await expect.poll(stateOf, { timeout: 20_000 }).toBe('open');
      await takeChange(page, 'Open');

      // On sale in the shop while the window is open, at its price plus the fundraising amount.
      const inShop = (title: string) => {
        const product = shop.productTitled(title);
        return `${product?.status} ${product?.variants[0].price}`;
      };
      await expect
        .poll(() => inShop(longSleeve.title), { timeout: 30_000 })
        .toBe(`active ${(longSleeve.price + 5).toFixed(2)}`);
      await expect
        .poll(() => inShop(polo.title), { timeout: 30_000 })
        .toBe(`active ${(polo.price + 8).toFixed(2)}`);

      let shopifyOrderId = width * 1_000;
      /** An `orders/create` as the shop delivers it: the exact bytes, signed with the app's secret. */
      const deliver = async (customer: string, lines: [typeof longSleeve, string, number][]) => {
        shopifyOrderId += 1;
        const [first, last] = customer.split(' ');
        const body = JSON.stringify({
          id: shopifyOrderId,
          name: `#${shopifyOrderId}`,
          email: `${first}.${last}@example.com`.toLowerCase(),
          created_at: new Date(serverNow()).toISOString(),
          financial_status: 'paid',
          customer: { first_name: first, last_name: last },
          line_items: lines.map(([product, size, quantity]) => ({
            product_id: shop.productTitled(product.title)!.id,
            title: product.title,
            quantity,
            price: shop.productTitled(product.title)!.variants[0].price,
            // The shop's variants are its colours; the buyer's size comes as a line property.
            properties: [{ name: 'Size', value: size }],
          })),
        });
        const answer = await fetch(`${server.baseUrl}/api/orders/shopify-webhook`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-shopify-topic': 'orders/create',
            'x-shopify-hmac-sha256': signShopifyWebhook(body, webhookSecret),
          },
          body,
        });
        expect(answer.status).toBe(200);
        return {
          name: `#${shopifyOrderId}`,
          stored: ((await answer.json()) as { result: { stored: number } }).result.stored,
        };
      };
      const pat = await deliver('Pat Parent', [
        [longSleeve, 'm', 2],
        [longSleeve, 'L', 1],
      ]);
      expect(pat.stored).toBe(1);
      const filed = await json<{ data: { campaignId: number; outsideWindow: boolean; total: number }[] }>(
        await admin.context.request.post(
          `${server.baseUrl}/api/orders/organization/${window.organizationId}/table`,
          {
            data: { take: 10, allSearch: pat.name },
          },
        ),
      );
      expect(filed.data).toMatchObject([
        { campaignId: window.id, outsideWindow: false, total: 3 * (longSleeve.price + 5) },
      ]);
      const sam = await deliver('Sam Student', [
        [longSleeve, 'M', 1],
        [polo, 'S', 1],
      ]);
      expect(sam.stored).toBe(1);
      // Refused, not lost: the shop is answered 200 so it does not retry, and the Admin reads why.
      const alex = await deliver('Alex Alum', [[longSleeve, 'XXL', 1]]);
      expect(alex.stored).toBe(0);
      await admin.page.goto(`${server.baseUrl}/admin/audit-log`);
      await admin.page.getByText(`${alex.name}`, { exact: false }).first().waitFor({ timeout: 20_000 });
      await admin.page.getByText("Size 'XXL' is not one of S, M, L, XL, 2XL").first().waitFor();

      moveClock(60 * minute);
      await expect.poll(stateOf, { timeout: 20_000 }).toBe('closed');
      await expect.poll(() => inShop(longSleeve.title), { timeout: 30_000 }).toMatch(/^archived /);
      await takeChange(page, 'Closed');
      const closeOut = page.getByRole('region', { name: text.closeOut });
      const download = closeOut.getByRole('link', { name: text.downloadPackage });
      await download.waitFor({ timeout: 60_000 });
      await expect.poll(() => closeOut.textContent()).toContain(text.willBeRefunded);
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        ),
      ).toBe(true);
      await page.screenshot({ path: path.join(tmpdir(), `campaign-close-out-${width}.png`), fullPage: true });

      await tabTo(page, download);
      const downloading = page.waitForEvent('download');
      await page.keyboard.press('Enter');
      const files = unzip(readFileSync((await (await downloading).path())!));
      const csv = (file: string) =>
        files
          .get(file)!
          .toString('utf8')
          .replace(/^\uFEFF/, '')
          .trimEnd()
          .split('\r\n');
      expect(csv('counts.csv')).toEqual([
        'Product,Colour,Size,Units',
        `${longSleeve.title},,M,3`,
        `${longSleeve.title},,L,1`,
        `${polo.title},,S,1`,
      ]);
      expect(csv('minimums.csv')).toEqual([
        'Product,Minimum,Units,Met',
        `${longSleeve.title},3,4,yes`,
        `${polo.title},50,1,no`,
      ]);
      // Refunds are the items of the product under its minimum, with their buyers.
      expect(csv('refunds.csv')).toEqual([
        'Order number,Customer,Email,Product,Size,Colour,Quantity,Amount',
        `${sam.name},Sam Student,sam.student@example.com,${polo.title},S,,1,${polo.price + 8}`,
      ]);
      expect(files.get('close-out.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');
      await director.context.close();
      await admin.context.close();
    });
  }
});
