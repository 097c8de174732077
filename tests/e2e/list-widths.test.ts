import { describe, expect, it } from 'vitest';
import { offers } from '../../contract/resource';
import { resourceDefinitions } from '../../contract/definitions';
import { roles } from '../../contract/roles';
import { appMessages } from '../../src/i18n/en';
import { baseUrl, browserOfBothRoles } from './browser';
import { overflowOf } from './overflow';

/**
 * Every list an Admin may open, at every width from a small phone to a laptop: the page never
 * scrolls sideways, and each row's actions and switches are on screen. What is swept comes from
 * the registry, so a newly registered list is checked the moment it is registered.
 */
const session = browserOfBothRoles();
const widths = [320, 390, 768, 1024, 1280];
const lists = resourceDefinitions.filter((definition) => offers(definition, 'list', [roles.admin]));

describe('lists at every width', () => {
  it.each(lists.map((definition) => [definition.name]))(
    '%s keeps its row actions and switches on screen without sideways scrolling, 320 to 1280 px',
    async (name) => {
      const { page } = await session.open(session.asAdmin, '/admin/dashboard', {
        width: 1280,
        height: 900,
      });
      if (name === 'orders') {
        // Orders are the selected organization's: an Admin picks one in the page header.
        await page.goto(`${baseUrl()}/admin/orders`);
        await page.getByRole('combobox', { name: appMessages.shell.organization }).first().click();
        await page.getByRole('option', { name: 'Lincoln High School' }).click();
      }
      for (const width of widths) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${baseUrl()}/admin/${name}`);
        await page.locator('.RaList-main').waitFor({ state: 'attached' });
        await page.locator('.MuiLinearProgress-root').first().waitFor({ state: 'detached' });
        await expect
          .poll(() => overflowOf(page), { message: `${name} at ${width} px` })
          .toMatchObject({ outside: [] });
        const { scrollWidth, width: clientWidth } = await overflowOf(page);
        expect(scrollWidth, `${name} at ${width} px`).toBeLessThanOrEqual(clientWidth);
      }
    },
  );
});

describe('lists as cards on a phone', () => {
  it('sorts by a menu and selects cards for a bulk action at 390 px', async () => {
    const tables = appMessages.tables;
    const { page } = await session.open(session.asAdmin, '/admin/promo-codes', { width: 390, height: 844 });
    const cards = page.getByTestId('list-cards');
    await cards.getByRole('listitem').first().waitFor();
    await cards.getByRole('button', { name: /^Code, ascending$|^Sort$/ }).click();
    await page.getByRole('menuitem', { name: 'Name, descending' }).click();
    await expect
      .poll(() => decodeURIComponent(page.url()))
      .toMatch(/sort=name.*order=DESC|order=DESC.*sort=name/);
    await cards.getByRole('button', { name: 'Name, descending' }).waitFor();

    await cards.getByRole('button', { name: tables.selectMode, exact: true }).click();
    const boxes = cards.getByRole('checkbox');
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    const selection = cards.getByRole('group', { name: '2 selected' });
    await selection.getByRole('button', { name: tables.delete }).click();
    await page.getByText('The 2 selected rows will be deleted.').waitFor();
    await page.getByRole('button', { name: tables.cancel }).click();
    await cards.getByRole('button', { name: tables.selectDone }).click();
    expect(await cards.getByRole('checkbox').count()).toBe(0);
  });
});

describe('Add filter', () => {
  it('puts the focus in the filter just added, a text box or a choice alike', async () => {
    const { page } = await session.open(session.asAdmin, '/admin/promo-codes', { width: 1280, height: 900 });
    const filters = page.locator('form', {
      has: page.getByRole('textbox', { name: appMessages.tables.search, exact: true }),
    });
    for (const label of ['Active', 'State']) {
      await page.getByRole('button', { name: 'Add filter' }).click();
      await page.getByRole('menuitemcheckbox', { name: label, exact: true }).click();
      const input = filters.getByLabel(label, { exact: true });
      await input.waitFor();
      await expect
        .poll(() => input.evaluate((element) => element.contains(document.activeElement)), { message: label })
        .toBe(true);
    }
  });
});
