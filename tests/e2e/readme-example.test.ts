import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teams } from '../../contract/examples/teams';
import { offers } from '../../contract/resource';
import { roles } from '../../contract/roles';
import { appMessages } from '../../src/i18n/en';
import { csvOf } from '../server/engine/import/files';
import { admin, demo, launchBrowser, type SignedIn, signedInState } from './browser';
import { seriousViolations } from './axe';
import { walkEveryRole } from './every-role-walk';
import { startExampleServer } from './readme-example/serve';

/**
 * The README's example (contract/examples/teams.ts) registered as the README says, app and
 * server, and used as an Admin and as an athletic director: every page the walk opens, then
 * what each does with a team (issue 33) and a director's import (issue 34).
 */
let server: Awaited<ReturnType<typeof startExampleServer>> | undefined;
beforeAll(async () => {
  server = await startExampleServer();
}, 240_000);
afterAll(() => server?.stop());
const url = () => server!.url;

walkEveryRole({ definitions: [teams], url });

const texts = appMessages;
const label = (field: keyof typeof teams.fields) => teams.fields[field].label;
/** Of the demo seed: the director's school, and a director of another school. */
const school = 'Lincoln High School';
const otherSchoolsCoach = 'coach@riverside.example';
/** One of the director's school's staff, made by the Admin for these tests. */
const coach = 'coach.lions@lincoln-high.example';
const accounts = {
  [roles.admin]: { email: admin.email, password: admin.password },
  [roles.athleticDirector]: { email: demo.directorEmail, password: demo.password },
};

let browser: Browser;
const signedIn: Partial<Record<string, SignedIn>> = {};
const contexts: BrowserContext[] = [];

async function pageOf(role: string, width = 1280) {
  // The portal's CSP refuses inline scripts, rightly; the scanner is let in by the test alone.
  const context = await browser.newContext({
    bypassCSP: true,
    storageState: signedIn[role],
    viewport: { width, height: 900 },
    acceptDownloads: true,
  });
  contexts.push(context);
  const page = await context.newPage();
  const trouble = { errors: [] as string[], refused: [] as string[], visited: [] as string[] };
  page.on('pageerror', (error) => trouble.errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() === 403) trouble.refused.push(new URL(response.url()).pathname);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) trouble.visited.push(new URL(frame.url()).pathname);
  });
  return { page, trouble };
}

/** A row of the list by its name: a table row, or an item of the stacked list below 640 px. */
const rowOf = (page: Page, name: string) =>
  page
    .locator('main')
    .locator('tbody tr, li')
    .filter({ has: page.getByRole('link', { name: `Edit ${name}`, exact: true }) });
const shown = (page: Page, name: string) => expect.poll(() => rowOf(page, name).count()).toBe(1);
const gone = (page: Page, name: string) => expect.poll(() => rowOf(page, name).count()).toBe(0);

async function choose(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

beforeAll(async () => {
  browser = await launchBrowser();
  for (const [role, account] of Object.entries(accounts))
    signedIn[role] = await signedInState(browser, account.email, account.password, url());
  const director = await browser.newContext({ storageState: signedIn[roles.athleticDirector] });
  const me = await director.request.get(`${url()}/api/account/me`);
  const { organizationId } = (await me.json()).result as { organizationId: number };
  await director.close();
  const adminContext = await browser.newContext({ storageState: signedIn[roles.admin] });
  const created = await adminContext.request.post(`${url()}/api/users`, {
    data: {
      email: coach,
      name: { firstName: 'Leo', lastName: 'Lions' },
      userRoles: [roles.athleticDirector],
      organizationId,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  await adminContext.close();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

describe("the README's example in the browser", { timeout: 120_000 }, () => {
  for (const width of [1280, 390]) {
    for (const role of [roles.admin, roles.athleticDirector]) {
      const deletes = offers(teams, 'delete', [role]) && offers(teams, 'restore', [role]);
      const seesBudget = role === roles.admin;
      it(`${role} at ${width} px: creates a team (a director's school fixed, the team's school's staff the coaches), edits it, sees its coach by name${deletes ? ', deletes it and restores it from the trash' : ''}; never sent to /403`, async () => {
        const { page, trouble } = await pageOf(role, width);
        const name = `${role === roles.admin ? 'Admin' : 'Director'} ${width} Lions`;
        await page.goto(`${url()}/admin/${teams.name}`);
        await page.getByRole('link', { name: 'Create' }).click();
        await page.waitForURL(`**/admin/${teams.name}/create`);

        await page.getByRole('textbox', { name: label('name') }).fill(name);
        await choose(page, label('sport'), 'Basketball');
        const organization = page.getByRole('combobox', { name: label('organizationId') });
        if (role === roles.admin) {
          await choose(page, label('organizationId'), school);
        } else {
          // One school: shown, not offered.
          await expect.poll(() => organization.inputValue()).toBe(school);
          expect(await organization.isEditable()).toBe(false);
        }
        await page.getByRole('combobox', { name: label('coachId') }).click();
        const options = page.getByRole('option');
        await options.filter({ hasText: coach }).waitFor();
        // The coach is `within: 'organization'`: the chosen school's staff, for an Admin too.
        const offered = await options.allTextContents();
        expect(offered.filter((email) => !email.endsWith('@lincoln-high.example'))).toEqual([]);
        expect(offered).not.toContain(otherSchoolsCoach);
        await options.filter({ hasText: coach }).click();
        const budget = page.getByRole('spinbutton', { name: label('budget') });
        if (seesBudget) await budget.fill('1500');
        else expect(await budget.count()).toBe(0);
        expect(await seriousViolations(page)).toEqual([]);
        await page.getByRole('button', { name: 'Save' }).click();
        await page
          .getByText(texts.tables.created.replace('%{label}', teams.label.one).replace('%{title}', name))
          .waitFor();

        await page.goto(`${url()}/admin/${teams.name}`);
        await shown(page, name);
        // A phone's card shows the fields a person scans (name, sport, school); the coach is the table's.
        if (width > 600) await expect.poll(() => rowOf(page, name).textContent()).toContain(coach);
        expect(await seriousViolations(page)).toEqual([]);
        await page.getByRole('link', { name: `Edit ${name}` }).click();
        await page.waitForURL(`**/admin/${teams.name}/update/*`);
        await expect
          .poll(() => page.getByRole('combobox', { name: label('coachId') }).inputValue())
          .toBe(coach);
        expect(await page.getByRole('spinbutton', { name: label('budget') }).count()).toBe(
          seesBudget ? 1 : 0,
        );
        await choose(page, label('sport'), 'Volleyball');
        await page.getByRole('button', { name: 'Save' }).click();
        await page
          .getByText(texts.tables.updated.replace('%{label}', teams.label.one).replace('%{title}', name))
          .waitFor();
        await page.goto(`${url()}/admin/${teams.name}`);
        await expect.poll(() => rowOf(page, name).textContent()).toContain('Volleyball');

        const deleteButton = page.getByRole('button', { name: `Delete ${name}` });
        if (deletes) {
          await deleteButton.click();
          await page.getByRole('alertdialog').getByRole('button', { name: texts.tables.confirm }).click();
          await gone(page, name);
          await page.getByRole('link', { name: texts.trash.button }).click();
          await page.waitForURL(`**/admin/${teams.name}/trash`);
          await page.getByRole('button', { name: `${texts.trash.restore} ${name}` }).click();
          await gone(page, name);
          await page.goto(`${url()}/admin/${teams.name}`);
          await shown(page, name);
        } else {
          expect(await deleteButton.count()).toBe(0);
          expect(await page.getByRole('link', { name: texts.trash.button }).count()).toBe(0);
        }

        expect(trouble.visited.filter((path) => path === '/403')).toEqual([]);
        expect(trouble.errors).toEqual([]);
        expect(trouble.refused, 'no call the role may not make').toEqual([]);
      });
    }
  }
});

describe("an athletic director's import into the README's example", { timeout: 120_000 }, () => {
  const folder = mkdtempSync(join(tmpdir(), 'readme-example-import-'));
  const header = [label('name'), label('sport'), label('organizationId'), label('coachId')];
  const counts = (rows: number, created: number, failing: number) =>
    texts.import.counts
      .replace('%{rows}', String(rows))
      .replace('%{created}', String(created))
      .replace('%{updated}', '0')
      .replace('%{unchanged}', '0')
      .replace('%{failing}', String(failing));

  async function importFile(page: Page, fileName: string, content: Buffer) {
    await page.goto(`${url()}/admin/${teams.name}`);
    await page.getByRole('link', { name: texts.import.button }).click();
    await page
      .getByRole('heading', { name: texts.import.title.replace('%{label}', teams.label.many), level: 1 })
      .waitFor();
    writeFileSync(join(folder, fileName), content);
    await page.locator('input[type=file]').setInputFiles(join(folder, fileName));
  }
  const countsOf = (page: Page) => page.getByTestId('import-counts').textContent();
  async function commit(page: Page, rows: number) {
    await page.getByRole('button', { name: rows === 1 ? 'Import 1 row' : `Import ${rows} rows` }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: `Imported: ${rows} created` })
      .waitFor();
  }

  it("imports a CSV with a coach of another school, a name twice in the file and another school's column, fixes the failing rows' file and imports it, and Undo takes it back while an Admin watches the list", async () => {
    const { page, trouble } = await pageOf(roles.athleticDirector);
    await importFile(
      page,
      'teams.csv',
      csvOf([
        header,
        ['Cubs', 'Basketball', school, coach],
        ['Rowers', 'Soccer', school, otherSchoolsCoach],
        ['CUBS', 'Soccer', school, ''],
        ['Reserves', 'Football', 'Riverside Rowing Club', ''],
      ]),
    );
    // A name twice in one file fails both rows, each naming the other: the file says which to keep.
    await expect.poll(() => countsOf(page)).toBe(counts(4, 0, 4));
    await expect
      .poll(() =>
        page.getByRole('table', { name: texts.import.failingRows }).getByRole('row').allTextContents(),
      )
      .toEqual([
        'RowColumnMessage',
        "2NameName 'Cubs' is also in row 4",
        '3CoachAccount does not exist',
        "4NameName 'CUBS' is also in row 2",
        '5OrganizationOrganization does not exist',
      ]);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: texts.import.downloadFailing }).click();
    const failingFile = readFileSync(await (await downloading).path()).toString('utf8');
    expect(failingFile).toBe(
      `\uFEFFName,Sport,Organization,Coach,Import error\r\n` +
        `Cubs,Basketball,${school},${coach},Name: Name 'Cubs' is also in row 4\r\n` +
        `Rowers,Soccer,${school},${otherSchoolsCoach},Coach: Account does not exist\r\n` +
        `CUBS,Soccer,${school},,Name: Name 'CUBS' is also in row 2\r\n` +
        `Reserves,Football,Riverside Rowing Club,,Organization: Organization does not exist\r\n`,
    );

    const fixed = failingFile
      .replace(otherSchoolsCoach, coach)
      .replace('CUBS,', 'Cubs B,')
      .replace('Riverside Rowing Club', school);
    await importFile(page, 'teams-fixed.csv', Buffer.from(fixed));
    await expect.poll(() => countsOf(page)).toBe(counts(4, 4, 0));
    await commit(page, 4);

    const { page: watcher } = await pageOf(roles.admin);
    await watcher.goto(`${url()}/admin/${teams.name}`);
    for (const name of ['Cubs', 'Rowers', 'Cubs B', 'Reserves']) await shown(watcher, name);
    // References are named once their records arrive, after the row itself.
    await expect.poll(() => rowOf(watcher, 'Reserves').textContent()).toContain(school);
    await expect.poll(() => rowOf(watcher, 'Rowers').textContent()).toContain(coach);

    await page.getByRole('button', { name: texts.trash.undo }).click();
    await page.getByText(texts.import.undone).waitFor();
    for (const name of ['Cubs', 'Rowers', 'Cubs B', 'Reserves']) await gone(watcher, name);

    expect(trouble.visited.filter((path) => path === '/403')).toEqual([]);
    expect(trouble.errors).toEqual([]);
    expect(trouble.refused, 'no call the role may not make').toEqual([]);
  });
});
