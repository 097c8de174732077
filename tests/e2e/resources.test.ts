import { loadingBars } from './loading';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AnyResource, offers, resourceCalls } from '../../contract/resource';
import { definitionOf, resourceDefinitions } from '../../contract/definitions';
import { appMessages } from '../../src/i18n/en';
import { admin, baseUrl, demo, launchBrowser, type SignedIn, signedInState } from './browser';
import { seriousViolations } from './axe';

const texts = appMessages.tables;

let browser: Browser;
let signedIn: SignedIn;
beforeAll(async () => {
  browser = await launchBrowser();
  signedIn = await signedInState(browser, admin.email, admin.password);
  await withRows();
});
afterAll(() => browser?.close());

async function withPage<T>(width: number, run: (page: Page, context: BrowserContext) => Promise<T>) {
  // The portal's CSP refuses inline scripts, rightly; the scanner is let in by the test alone.
  const context = await browser.newContext({
    bypassCSP: true,
    storageState: signedIn,
    viewport: { width, height: 800 },
  });
  try {
    return await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

async function settled(page: Page, path: string) {
  await page.goto(`${baseUrl()}${path}`, { waitUntil: 'networkidle' });
  expect(new URL(page.url()).pathname).toBe(path);
  await expect.poll(() => page.locator(loadingBars).count(), { timeout: 15_000 }).toBe(0);
}

/** How far the page scrolls sideways; tables may scroll inside their own container instead. */
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The id of a row the Admin can open, read through the resource's own table call. */
async function firstId(context: BrowserContext, definition: AnyResource) {
  const response = await context.request.post(`${baseUrl()}/api/${resourceCalls(definition).table.path}`, {
    data: { skip: 0, take: 1, allSearch: '' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()).result.data[0] as { id: number }).id;
}

/** How many rows the Admin sees in a resource's table. */
async function rowCount(context: BrowserContext, definition: AnyResource) {
  const response = await context.request.post(`${baseUrl()}/api/${resourceCalls(definition).table.path}`, {
    data: { skip: 0, take: 1, allSearch: '' },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).result.totalFilteredRecords as number;
}

/**
 * The pages are checked with rows in them (an empty list is another page). The demo seed fills
 * most tables; the ones only use fills get a row here, so the file passes alone as after others:
 * a promo code's creation is an audit entry, a reset e-mail an outbox row and its delivery job.
 */
async function withRows() {
  const context = await browser.newContext({ storageState: signedIn });
  try {
    const promo = await context.request.post(`${baseUrl()}/api/promo-codes`, {
      data: { code: 'ROWS1', name: 'Rows', organization: 'Lincoln High', state: 'OH', isActive: true },
    });
    expect(promo.status(), await promo.text()).toBe(200);
    const reset = await context.request.post(`${baseUrl()}/api/account/forgotpassword`, {
      data: { email: demo.directorEmail },
    });
    expect(reset.status(), await reset.text()).toBe(200);
    for (const definition of definitions) {
      await vi.waitFor(
        async () => expect(await rowCount(context, definition), definition.name).toBeGreaterThan(0),
        {
          timeout: 15_000,
        },
      );
    }
  } finally {
    await context.close();
  }
}

const adminRoles = ['Admin'];
const definitions = resourceDefinitions.filter(
  (definition) => offers(definition, 'list', adminRoles) && !definition.routes?.table?.scopeParam,
);

describe(
  'every list, create and update page (axe-core, no sideways page scroll)',
  { timeout: 60_000 },
  () => {
    for (const width of [1280, 390]) {
      for (const definition of definitions) {
        const pages = [
          { kind: 'list', path: async () => `/admin/${definition.name}` },
          ...(offers(definition, 'create', adminRoles)
            ? [{ kind: 'create', path: async () => `/admin/${definition.name}/create` }]
            : []),
          ...(offers(definition, 'update', adminRoles)
            ? [
                {
                  kind: 'update',
                  path: async (context: BrowserContext) =>
                    `/admin/${definition.name}/update/${await firstId(context, definition)}`,
                },
              ]
            : []),
        ];
        for (const { kind, path } of pages) {
          it(`${definition.label.many} ${kind} at ${width} px`, () =>
            withPage(width, async (page, context) => {
              await settled(page, await path(context));
              expect(await seriousViolations(page)).toEqual([]);
              expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
            }));
        }
      }
    }

    it('keeps the row actions, paging and organization selector reachable at 390 and 768 px', async () => {
      for (const width of [390, 768]) {
        await withPage(width, async (page) => {
          await settled(page, '/admin/settings');
          const edit = page.getByRole('link', { name: /^Edit / }).first();
          await edit.scrollIntoViewIfNeeded();
          await expect.poll(() => edit.isVisible()).toBe(true);
          await expect
            .poll(() => page.getByRole('navigation', { name: 'Pagination', exact: true }).isVisible())
            .toBe(true);
          expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
        });
      }
    });
  },
);

describe('delete is offered only where the spec allows it', { timeout: 60_000 }, () => {
  // Promo codes gained a delete with the trash (it is undone from the toast or the Trash page).
  it('the Settings and Promos tables alone have a row delete', () =>
    withPage(1280, async (page) => {
      for (const definition of definitions) {
        await settled(page, `/admin/${definition.name}`);
        await page.getByRole('textbox', { name: texts.search }).waitFor();
        await page.waitForLoadState('networkidle');
        // A row's Delete names its row ('Delete SPIRIT10').
        const deletes = await page.getByRole('button', { name: new RegExp(`^${texts.delete} \\S`) }).count();
        if (offers(definition, 'delete', adminRoles)) expect(deletes, definition.name).toBeGreaterThan(0);
        else expect(deletes, definition.name).toBe(0);
      }
    }));

  it('Update Setting and Promo Code offer Delete; Update Email Template and Organization do not', () =>
    withPage(1280, async (page, context) => {
      // The spec's four, then every definition by its own access.
      expect(
        ['settings', 'promo-codes', 'email-template', 'organizations'].map((name) =>
          offers(definitionOf(name)!, 'delete', adminRoles),
        ),
      ).toEqual([true, true, false, false]);
      for (const definition of definitions.filter(
        (candidate) =>
          offers(candidate, 'update', adminRoles) &&
          Object.entries(candidate.fields).some(
            ([name, f]) => !f.readOnly && name !== candidate.routes?.toggle?.field,
          ),
      )) {
        await settled(page, `/admin/${definition.name}/update/${await firstId(context, definition)}`);
        // The form's own Save (a campaign's page has Save products too).
        await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
        const deletes = await page.getByRole('link', { name: texts.delete, exact: true }).count();
        expect(deletes, definition.name).toBe(offers(definition, 'delete', adminRoles) ? 1 : 0);
      }
    }));
});

describe('a form opened after a change shows the server record', { timeout: 60_000 }, () => {
  it('a promo switched Inactive in the list is still Inactive after its form is saved', () =>
    withPage(1280, async (page, context) => {
      const created = await context.request.post(`${baseUrl()}/api/promo-codes`, {
        data: {
          code: 'STALE1',
          name: 'Stale Check',
          organization: 'Lincoln High',
          state: 'OH',
          isActive: true,
        },
      });
      expect(created.status(), await created.text()).toBe(200);
      await settled(page, '/admin/promo-codes');
      await page.getByRole('textbox', { name: texts.search }).fill('STALE1');
      // The search applies half a second after typing, as the list's address changes; a click
      // that leaves the list before then is taken back to it, search applied (react-admin).
      await page.waitForURL(/filter=.*STALE1/);
      const row = page.getByRole('row', { name: /STALE1/ });
      const toggle = row.getByRole('switch');
      await expect.poll(() => toggle.isChecked()).toBe(true);
      await toggle.click();
      await expect.poll(() => toggle.isChecked()).toBe(false);
      await expect.poll(() => toggle.isDisabled()).toBe(false);

      await row.getByRole('link', { name: 'STALE1', exact: true }).click();
      await page.waitForURL('**/admin/promo-codes/update/*');
      await expect.poll(() => page.getByRole('switch', { name: /Active/ }).isChecked()).toBe(false);
      await page
        .getByRole('textbox', { name: definitionOf('promo-codes')!.fields.name.label })
        .fill('Stale Check Renamed');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect
        .poll(() => page.getByText('Promo Code STALE CHECK RENAMED updated').first().isVisible())
        .toBe(true);
      // The list may already carry its search in the query string when the toast shows.
      await page.waitForURL(/\/admin\/promo-codes(\?|$)/);

      await page.reload();
      await page.getByRole('textbox', { name: texts.search }).fill('STALE1');
      await expect
        .poll(() =>
          page
            .getByRole('row', { name: /STALE1/ })
            .getByRole('switch')
            .isChecked(),
        )
        .toBe(false);
    }));
});

describe('the bulk actions bar is on top where it shows', { timeout: 120_000 }, () => {
  const withBulkDelete = definitions.filter((definition) => offers(definition, 'bulkDelete', adminRoles));

  it('has lists with bulk actions to check', () => expect(withBulkDelete.length).toBeGreaterThan(0));

  for (const definition of withBulkDelete) {
    it(`${definition.label.many}: with two rows ticked, the bulk Delete can be clicked at 1024, 1280 and 1600 px`, async () => {
      for (const width of [1024, 1280, 1600]) {
        await withPage(width, async (page) => {
          await settled(page, `/admin/${definition.name}`);
          const rows = page.locator('tbody').getByRole('checkbox');
          await rows.first().waitFor();
          await rows.nth(0).check();
          if ((await rows.count()) > 1) await rows.nth(1).check();
          const bar = page.locator('.RaBulkActionsToolbar-toolbar');
          const button = bar.getByRole('button', { name: texts.delete, exact: true });
          await button.waitFor();
          // What a pointer at the button's centre would hit: the button itself, not a toolbar
          // painted over it (the list's content once clipped the bar under the Search row).
          await expect
            .poll(
              () =>
                button.evaluate((element) => {
                  const box = element.getBoundingClientRect();
                  const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
                  return hit !== null && element.contains(hit);
                }),
              { message: `${definition.name} at ${width} px` },
            )
            .toBe(true);
          await button.click();
          await page.getByRole('dialog').getByRole('button', { name: texts.cancel }).click();
        });
      }
    });
  }
});
