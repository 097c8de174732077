import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appMessages } from '../../src/i18n/en';
import { en } from '../../src/i18n/react-admin';
import { admin, baseUrl, browserOfBothRoles, type SignedIn } from './browser';

const session = browserOfBothRoles();
let context: BrowserContext;
let page: Page;

async function openAs(state: SignedIn, path: string, options: { width?: number; height?: number } = {}) {
  ({ context, page } = await session.open(state, path, {
    width: options.width ?? 1280,
    height: options.height ?? 800,
  }));
}

const shell = appMessages.shell;

async function landAs(state: SignedIn, landing: string, options: { width?: number; height?: number } = {}) {
  await openAs(state, '/admin', options);
  await page.waitForURL(`**${landing}`);
}

/** The Sales card's totals line ("$1,234.50 from 56 orders") once the figures have loaded. */
async function salesTotals() {
  const totals = page
    .getByRole('region', { name: appMessages.dashboard.sales })
    .getByText(/^\$[\d,]+\.\d\d from [\d,]+ orders$/);
  return (await totals.textContent()) ?? '';
}

async function topProductTitles() {
  const list = page.getByRole('region', { name: appMessages.dashboard.topProducts }).getByRole('listitem');
  await list.first().waitFor();
  return list.evaluateAll((items) =>
    items.map((item) => item.querySelector('.MuiListItemText-primary')?.textContent ?? ''),
  );
}

describe('admin layout', () => {
  it('shows the Admin dashboard cards in order with the Update Account and View Users links', async () => {
    await landAs(session.asAdmin, '/admin/dashboard');
    const cards = page.locator('main section[aria-label]');
    await expect.poll(() => cards.count()).toBe(6);
    expect(await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')))).toEqual([
      appMessages.dashboard.primaryInfo,
      appMessages.dashboard.assignedRoles,
      appMessages.dashboard.userCount,
      appMessages.dashboard.sales,
      appMessages.dashboard.storeWindows,
      appMessages.dashboard.operations,
    ]);
    expect(await page.getByText(admin.email).first().isVisible()).toBe(true);
    await page.getByRole('link', { name: appMessages.dashboard.viewUsers }).click();
    await page.waitForURL('**/admin/users');
  });

  it("draws an Admin the demo schools' sales of the last 30 days, with the totals in dollars and the chart's text alternative", async () => {
    await landAs(session.asAdmin, '/admin/dashboard');
    const sales = page.getByRole('region', { name: appMessages.dashboard.sales });
    const chart = sales.getByRole('img');
    await chart.waitFor();
    // The chart inside the label draws the seeded figures: a bar per day, as tall as the day's
    // orders in the text alternative's table, and the revenue line.
    await chart.locator('[data-testid="sales-chart"] .sales-chart-line').waitFor();
    const bars = await chart
      .locator('.sales-chart-bar')
      .evaluateAll((rects) => rects.map((rect) => Number(rect.getAttribute('height'))));
    await sales.getByRole('button', { name: appMessages.dashboard.showSalesTable }).click();
    const orders = await sales
      .locator('table tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) => Number((row as HTMLTableRowElement).cells[2].textContent!.replace(/,/g, ''))),
      );
    expect(bars).toHaveLength(30);
    expect(orders).toHaveLength(30);
    const tallest = Math.max(...bars);
    const most = Math.max(...orders);
    expect(most).toBeGreaterThan(0);
    expect(bars.map((height) => Math.round((height / tallest) * most))).toEqual(orders);
    const label = await chart.getAttribute('aria-label');
    expect(label).toMatch(
      /^Revenue and orders per day from [A-Z][a-z]{2} \d+ to [A-Z][a-z]{2} \d+: \$[\d,]+\.\d\d from [\d,]+ orders in all/,
    );
    const totals = await salesTotals();
    expect(label).toContain(totals);
    await sales.getByText(/^Previous period \(/).waitFor();

    // Another period: the chart draws its days, compared with as many days before.
    await sales.getByRole('combobox', { name: appMessages.dashboard.period }).click();
    await page.getByRole('option', { name: appMessages.dashboard.periods['7'] }).click();
    await expect.poll(() => chart.locator('.sales-chart-bar').count()).toBe(7);
    const operations = page.getByRole('region', { name: appMessages.dashboard.operations });
    await operations.getByRole('link', { name: appMessages.dashboard.viewJobs }).click();
    await page.waitForURL('**/admin/jobs');
  });

  it("shows an AthleticDirector their own organization's sales only: what an Admin sees with it selected", async () => {
    await landAs(session.asDirector, '/admin/design-logos');
    await page.goto(`${baseUrl()}/admin/dashboard`);
    const directorTotals = await salesTotals();
    const products = await topProductTitles();
    expect(products.length).toBeGreaterThan(0);
    expect(products.every((title) => title.startsWith('Lincoln'))).toBe(true);
    expect(await page.getByRole('region', { name: appMessages.dashboard.operations }).count()).toBe(0);
    await context.close();

    await landAs(session.asAdmin, '/admin/dashboard');
    const allTotals = await salesTotals();
    expect(allTotals).not.toBe(directorTotals);
    // An Admin's six cards leave Top Products out (docs/decisions.md, Dashboard).
    expect(await page.getByRole('region', { name: appMessages.dashboard.topProducts }).count()).toBe(0);
    await page.getByRole('combobox', { name: shell.organization }).click();
    await page.getByRole('option', { name: 'Lincoln High School' }).click();
    await expect.poll(salesTotals, { timeout: 30_000 }).toBe(directorTotals);
  });

  it("sits an AthleticDirector's one-chip Assigned Roles card beside Primary Info, filling the row at 1280 px", async () => {
    await landAs(session.asDirector, '/admin/design-logos');
    await page.goto(`${baseUrl()}/admin/dashboard`);
    const box = async (name: string) => {
      const region = page.getByRole('region', { name });
      await region.waitFor();
      return (await region.boundingBox())!;
    };
    const roles = await box(appMessages.dashboard.assignedRoles);
    const info = await box(appMessages.dashboard.primaryInfo);
    const windows = await box(appMessages.dashboard.storeWindows);
    expect(
      await page
        .getByRole('region', { name: appMessages.dashboard.assignedRoles })
        .getByText('Athletic Director')
        .count(),
    ).toBe(1);
    // Beside Primary Info, as wide, and reaching the right edge the sales row reaches: no empty column.
    expect(Math.abs(roles.y - info.y)).toBeLessThan(2);
    expect(roles.x).toBeGreaterThan(info.x + info.width);
    expect(Math.abs(roles.width - info.width)).toBeLessThan(2);
    expect(Math.abs(roles.x + roles.width - (windows.x + windows.width))).toBeLessThan(2);
  });

  it('lets an Admin switch organization in the header, showing its storefront link when it has one', async () => {
    await landAs(session.asAdmin, '/admin/dashboard');
    const selector = page.getByRole('combobox', { name: shell.organization });
    await selector.click();
    await page.getByRole('option', { name: 'Lincoln High School' }).click();
    await expect.poll(() => page.getByTestId('organization-name').textContent()).toBe('Lincoln High School');
    const storefront = page.getByRole('link', { name: shell.storefront });
    await expect.poll(() => storefront.getAttribute('href')).toBe('https://shop.example/lincoln-high');

    await selector.click();
    await page.getByRole('option', { name: 'Riverside Rowing Club' }).click();
    await expect
      .poll(() => page.getByTestId('organization-name').textContent())
      .toBe('Riverside Rowing Club');
    expect(await storefront.count()).toBe(0);

    await page.reload();
    await expect
      .poll(() => page.getByTestId('organization-name').textContent())
      .toBe('Riverside Rowing Club');
  });

  it('asks an Admin for an organization only above the pages that need one, and shows no picker above the others', async () => {
    await landAs(session.asAdmin, '/admin/dashboard');
    const name = page.getByTestId('organization-name');
    const selector = page.getByRole('combobox', { name: shell.organization, exact: true });
    await expect.poll(() => name.textContent()).toBe(shell.allOrganizations);
    for (const path of ['users', 'settings', 'email-template', 'brands', 'jobs', 'audit-log']) {
      await page.goto(`${baseUrl()}/admin/${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await selector.count()).toBe(0);
      expect(await page.getByText('This page is the same whichever organization is chosen.').count()).toBe(0);
      expect(await page.getByText(shell.noOrganization).count()).toBe(0);
    }
    for (const path of ['design-logos', 'merchandise', 'orders']) {
      await page.goto(`${baseUrl()}/admin/${path}`);
      await expect.poll(() => name.textContent()).toBe(shell.noOrganization);
      await selector.waitFor();
    }
  });

  it("names the sidebar's entries apart: Portal Settings and Sent Emails in the Settings group, Email Templates at the top", async () => {
    await landAs(session.asAdmin, '/admin/dashboard');
    const group = page.getByRole('list', { name: appMessages.layout.settingsGroup });
    await group.getByRole('link', { name: 'Portal Settings' }).waitFor();
    await group.getByRole('link', { name: 'Sent Emails' }).waitFor();
    expect(await group.getByRole('link', { name: 'Settings', exact: true }).count()).toBe(0);
    expect(await group.getByRole('link', { name: 'Email Templates' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Email Templates' }).waitFor();
  });

  it('wraps a long page title in the top bar of a 390 px phone instead of cutting it', async () => {
    await landAs(session.asDirector, '/admin/design-logos', { width: 390, height: 844 });
    await page.goto(`${baseUrl()}/admin/merchandise/create`);
    const title = page.getByRole('heading', { level: 1, name: appMessages.merchandise.createTitle });
    await title.waitFor();
    expect(
      await title.evaluate(
        (heading) =>
          heading.scrollWidth <= heading.clientWidth && heading.scrollHeight <= heading.clientHeight,
      ),
    ).toBe(true);
  });

  it('shows an AthleticDirector their own organization without a selector', async () => {
    await landAs(session.asDirector, '/admin/design-logos');
    await expect.poll(() => page.getByTestId('organization-name').textContent()).toBe('Lincoln High School');
    expect(await page.getByRole('combobox', { name: shell.organization }).count()).toBe(0);
  });

  it('opens the user menu with the email, Manage Account and Log Out', async () => {
    await landAs(session.asAdmin, '/admin/dashboard');
    await page.getByRole('button', { name: en.ra.auth.user_menu }).click();
    await expect
      .poll(() => page.locator('header[data-scrolled]').getByText(admin.email).isVisible())
      .toBe(true);
    await expect
      .poll(() => page.getByRole('menuitem', { name: appMessages.layout.logout }).isVisible())
      .toBe(true);
    await page.getByRole('menuitem', { name: appMessages.layout.manageAccount }).click();
    await page.waitForURL('**/account/change-password');
  });

  it('shows the environment banner from the environment cookie', async () => {
    await landAs(session.asAdmin, '/admin/dashboard');
    await context.addCookies([{ name: 'environment', value: 'Staging', url: baseUrl() }]);
    await page.reload();
    const banner = appMessages.layout.environmentBanner.replace('%{name}', 'Staging');
    await expect.poll(() => page.getByText(banner).isVisible()).toBe(true);
  });

  it('shows the environment banner on the public pages too', async () => {
    context = await session.context();
    page = await context.newPage();
    await context.addCookies([{ name: 'environment', value: 'Staging', url: baseUrl() }]);
    await page.goto(`${baseUrl()}/login`);
    const banner = appMessages.layout.environmentBanner.replace('%{name}', 'Staging');
    await expect.poll(() => page.getByText(banner).isVisible()).toBe(true);
  });

  it('casts the top bar shadow once the content scrolls past 10 px, and keeps --vh at 1% of the viewport', async () => {
    await openAs(session.asAdmin, '/admin/users', { width: 1024, height: 400 });
    const appBar = page.locator('header[data-scrolled]');
    // The accounts table loads its page's code, then its rows.
    await expect.poll(() => page.getByRole('cell').count(), { timeout: 15_000 }).toBeGreaterThan(5);
    expect(await appBar.getAttribute('data-scrolled')).toBe('false');
    await page.evaluate(() => window.scrollTo(0, 8));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(8);
    expect(await appBar.getAttribute('data-scrolled')).toBe('false');
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect.poll(() => appBar.getAttribute('data-scrolled')).toBe('true');
    await expect
      .poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue('--vh')))
      .toBe('4px');
    await page.setViewportSize({ width: 1024, height: 600 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.style.getPropertyValue('--vh')))
      .toBe('6px');
  });

  it('hides the sidebar under 640 px and shows it on wider screens', async () => {
    await landAs(session.asAdmin, '/admin/dashboard', { width: 600, height: 800 });
    const entry = page.getByRole('link', { name: appMessages.layout.dashboard });
    await expect.poll(() => page.getByTestId('organization-name').count()).toBe(1);
    expect(await entry.isVisible()).toBe(false);
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect.poll(() => entry.isVisible()).toBe(true);
  });
});
