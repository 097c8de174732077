import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionOf } from '../../contract/definitions';
import { appMessages } from '../../src/i18n/en';
import { admin, baseUrl, launchBrowser, signedInState, type SignedIn } from './browser';

const live = appMessages.live;
const accountText = appMessages.users;
const codes = appMessages.audit.jobTypes;
const nameLabel = definitionOf('promo-codes')!.fields.name.label;
const other = { email: `live-${Date.now()}@e2e.example`, password: 'Live-Passw0rd!2026' };

let browser: Browser;
let adminState: SignedIn;
let otherState: SignedIn;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
  adminState = await signedInState(browser, admin.email, admin.password);
  const setup = await browser.newContext({ storageState: adminState });
  contexts.push(setup);
  const created = await setup.request.post(`${baseUrl()}/api/users`, {
    data: {
      email: other.email,
      name: { firstName: 'Lee', lastName: 'Live' },
      userRoles: ['Admin'],
      password: other.password,
      confirmPassword: other.password,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  otherState = await signedInState(browser, other.email, other.password);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function pageOf(state: SignedIn): Promise<Page> {
  const context = await browser.newContext({ storageState: state, viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

describe('lists and forms follow changes made elsewhere (two people at once)', () => {
  it("a list shows another Admin's change without a reload; an open form says who changed it and reloads", async () => {
    const code = `LIVE${Date.now() % 100000}`;
    const lee = await pageOf(otherState);
    const created = await lee.request.post(`${baseUrl()}/api/promo-codes`, {
      data: { code, name: 'Live Before', organization: 'Lincoln High', state: 'OH', isActive: true },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { id } = (await created.json()).result as { id: number };

    const watcher = await pageOf(adminState);
    await watcher.goto(`${baseUrl()}/admin/promo-codes`);
    await watcher.getByRole('textbox', { name: 'Search' }).fill(code);
    await watcher.getByRole('row', { name: /LIVE BEFORE/i }).waitFor();

    const editor = await pageOf(adminState);
    await editor.goto(`${baseUrl()}/admin/promo-codes/update/${id}`);
    const editorName = editor.getByRole('textbox', { name: nameLabel });
    await expect.poll(() => editorName.inputValue()).toBe('LIVE BEFORE');

    await lee.goto(`${baseUrl()}/admin/promo-codes/update/${id}`);
    const leeName = lee.getByRole('textbox', { name: nameLabel });
    await expect.poll(() => leeName.inputValue()).toBe('LIVE BEFORE');
    await leeName.fill('Live After');
    await lee.getByRole('button', { name: 'Save' }).click();
    await lee.waitForURL('**/admin/promo-codes');

    // No reload and no Refresh: the list hears of the change and fetches again.
    await watcher.getByRole('row', { name: /LIVE AFTER/i }).waitFor({ timeout: 10_000 });
    const banner = editor.getByText(live.changedBy.replace('%{name}', 'Lee Live'));
    await banner.waitFor({ timeout: 10_000 });
    // The editor's own change is not announced to them as someone else's.
    expect(await lee.getByText(/just now/).count()).toBe(0);

    await editor.getByRole('button', { name: live.reload }).click();
    await expect.poll(() => editorName.inputValue()).toBe('LIVE AFTER');
    await expect.poll(() => banner.count()).toBe(0);
  });

  it("an Accounts list shows another Admin's rename without a reload; an open account form says who changed it", async () => {
    const email = `renamed-${Date.now()}@e2e.example`;
    const lee = await pageOf(otherState);
    const created = await lee.request.post(`${baseUrl()}/api/users`, {
      data: {
        email,
        name: { firstName: 'Rita', lastName: 'Before' },
        userRoles: ['Admin'],
        organizationId: null,
        password: '',
        confirmPassword: '',
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { id } = (await created.json()).result as { id: number };

    const watcher = await pageOf(adminState);
    await watcher.goto(`${baseUrl()}/admin/users`);
    await watcher.getByRole('textbox', { name: 'Search' }).fill(email);
    await watcher.getByRole('cell', { name: 'Rita Before', exact: true }).waitFor();

    const editor = await pageOf(adminState);
    await editor.goto(`${baseUrl()}/admin/users/update/${id}`);
    const editorLastName = editor.locator('form').getByLabel(accountText.lastName);
    await expect.poll(() => editorLastName.inputValue()).toBe('Before');

    await lee.goto(`${baseUrl()}/admin/users/update/${id}`);
    const leeLastName = lee.locator('form').getByLabel(accountText.lastName);
    await expect.poll(() => leeLastName.inputValue()).toBe('Before');
    await leeLastName.fill('After');
    await lee.getByRole('button', { name: 'Save' }).click();
    await lee.waitForURL(/\/admin\/users(\?.*)?$/);

    await watcher.getByRole('cell', { name: 'Rita After', exact: true }).waitFor({ timeout: 10_000 });
    const banner = editor.getByText(live.changedBy.replace('%{name}', 'Lee Live'));
    await banner.waitFor({ timeout: 10_000 });

    await editor.getByRole('button', { name: live.reload }).click();
    await expect.poll(() => editorLastName.inputValue()).toBe('After');
    await expect.poll(() => banner.count()).toBe(0);
  });

  it('a Jobs list shows a job the queue takes up and finishes without a reload', async () => {
    const watcher = await pageOf(adminState);
    const queue = async () => {
      const response = await watcher.request.post(`${baseUrl()}/api/jobs/table`, {
        data: { skip: 0, take: 1, sortField: 'updatedAt', sortOrder: 'DESC' },
      });
      const { data, totalFilteredRecords } = (await response.json()).result as {
        data: { status: string }[];
        totalFilteredRecords: number;
      };
      return { latest: data[0]?.status, total: totalFilteredRecords };
    };
    const before = await queue();
    await watcher.goto(`${baseUrl()}/admin/jobs`);
    const range = (total: number) =>
      watcher.getByText(
        new RegExp(
          `^${appMessages.tables.pageRange.replace('%{first}-%{last}', '\\d+-\\d+').replace('%{total}', String(total))}$`,
        ),
      );
    await range(before.total).waitFor();

    // Someone asks for a password reset: its e-mail's job is queued, run and done by the worker.
    const visitor = await browser.newContext();
    contexts.push(visitor);
    const reset = await visitor.request.post(`${baseUrl()}/api/account/forgotpassword`, {
      data: { email: other.email },
    });
    expect(reset.status(), await reset.text()).toBe(200);
    await expect.poll(queue, { timeout: 20_000 }).toEqual({ latest: 'done', total: before.total + 1 });

    // No reload: the queue's changes reach the open list, the job in its last status.
    await range(before.total + 1).waitFor({ timeout: 10_000 });
    const latest = watcher.getByRole('row').nth(1);
    await expect.poll(() => latest.textContent()).toMatch(new RegExp(`${codes['mail.deliver']}.*Done`));
  });
});
