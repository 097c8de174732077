import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appMessages } from '../../src/i18n/en';
import { csvOf, importForm, xlsxOf } from '../server/engine/import/files';
import { admin, baseUrl, launchBrowser, type SignedIn, signedInState } from './browser';

const accountHeader = ['Email', 'First name', 'Last name', 'Roles', 'Organization'];

const texts = appMessages.import;
const folder = mkdtempSync(join(tmpdir(), 'import-e2e-'));
const header = ['Code', 'Name', 'Organization', 'State', 'Active'];
const run = Date.now() % 100_000;

let browser: Browser;
let signedIn: SignedIn;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
  signedIn = await signedInState(browser, admin.email, admin.password);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
});

async function pageOf(): Promise<Page> {
  const context = await browser.newContext({
    storageState: signedIn,
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  contexts.push(context);
  return context.newPage();
}

const counts = (rows: number, created: number, failing: number) =>
  texts.counts
    .replace('%{rows}', String(rows))
    .replace('%{created}', String(created))
    .replace('%{updated}', '0')
    .replace('%{unchanged}', '0')
    .replace('%{failing}', String(failing));

async function openImport(page: Page, resource = 'promo-codes', heading = 'Import Promos') {
  await page.goto(`${baseUrl()}/admin/${resource}`);
  await page.getByRole('link', { name: texts.button }).click();
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
}

async function choose(page: Page, name: string, content: Buffer) {
  const path = join(folder, name);
  writeFileSync(path, content);
  await page.locator('input[type=file]').setInputFiles(path);
}

const countsOf = (page: Page) => page.getByTestId('import-counts').textContent();

async function commit(page: Page, rows: number, created = rows) {
  await page.getByRole('button', { name: rows === 1 ? 'Import 1 row' : `Import ${rows} rows` }).click();
  await page
    .getByRole('alert')
    .filter({ hasText: `Imported: ${created} created` })
    .waitFor();
}

describe('importing a spreadsheet into promo codes', () => {
  it('previews a CSV with errors, imports its good rows, and imports the fixed file of failing rows; Undo takes that import back while a second browser watches the list', async () => {
    const page = await pageOf();
    await openImport(page);
    await choose(
      page,
      'promos.csv',
      csvOf(
        [
          header,
          [`IMPA${run}`, 'Spring sale', 'Lincoln High', 'OH - Ohio', 'yes'],
          [`IMP B${run}`, 'Typo in the code', 'Lincoln High', 'OH', 'no'],
          [`IMPC${run}`, '', 'Lincoln High', 'Atlantis', 'sí'],
          [`IMPD${run}`, 'Fall sale', 'Lincoln High', 'CA', '1'],
        ],
        { delimiter: ';', bom: true },
      ),
    );
    await expect.poll(() => countsOf(page)).toBe(counts(4, 2, 2));
    const failing = page.getByRole('table', { name: texts.failingRows });
    await expect
      .poll(() => failing.getByRole('row').allTextContents())
      .toEqual([
        'RowColumnMessage',
        '3CodeCode may contain only letters, digits, - and _',
        '4NameName is required',
        '4StateState is not one of the choices',
      ]);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: texts.downloadFailing }).click();
    const download = await downloading;
    const failingFile = readFileSync(await download.path()).toString('utf8');
    expect(failingFile).toBe(
      '\uFEFFCode;Name;Organization;State;Active;Import error\r\n' +
        `IMP B${run};Typo in the code;Lincoln High;OH;no;Code: Code may contain only letters, digits, - and _\r\n` +
        `IMPC${run};;Lincoln High;Atlantis;sí;"Name: Name is required; State: State is not one of the choices"\r\n`,
    );
    await commit(page, 2);

    const watcher = await pageOf();
    await watcher.goto(`${baseUrl()}/admin/promo-codes`);
    await watcher.getByRole('textbox', { name: 'Search' }).fill(String(run));
    await watcher.getByRole('row', { name: new RegExp(`IMPA${run}`) }).waitFor();
    const fixedRow = watcher.getByRole('row', { name: new RegExp(`IMPB${run}`) });
    expect(await fixedRow.count()).toBe(0);

    const fixed = failingFile
      .replace(`IMP B${run}`, `IMPB${run}`)
      .replace(`IMPC${run};;Lincoln High;Atlantis`, `IMPC${run};Winter sale;Lincoln High;NY`);
    await openImport(page);
    await choose(page, 'promos-fixed.csv', Buffer.from(fixed));
    await expect.poll(() => countsOf(page)).toBe(counts(2, 2, 0));
    await page.getByText(texts.unknownColumns.replace('%{columns}', 'Import error')).waitFor();
    await commit(page, 2);
    await fixedRow.waitFor();

    await page.getByRole('button', { name: appMessages.trash.undo }).click();
    await page.getByText(texts.undone).waitFor();
    await expect.poll(() => fixedRow.count()).toBe(0);
    await watcher.getByRole('row', { name: new RegExp(`IMPA${run}`) }).waitFor();
  });

  it('previews an XLSX file with an error, its formula read as text, and imports the rest', async () => {
    const page = await pageOf();
    await openImport(page);
    await choose(
      page,
      'promos.xlsx',
      await xlsxOf([
        [...header, 'Description'],
        [`XLSA${run}`, 'Spreadsheet sale', 'Lincoln High', 'TX', 'true', { formula: 'SUM(1,2)' }],
        [`XLSB${run}`, 'Unknown state', 'Lincoln High', 'Narnia', 'false', ''],
      ]),
    );
    await expect.poll(() => countsOf(page)).toBe(counts(2, 1, 1));
    await page.getByRole('cell', { name: 'State is not one of the choices', exact: true }).waitFor();
    await commit(page, 1);
    const response = await page.request.post(`${baseUrl()}/api/promo-codes/table`, {
      data: { skip: 0, take: 10, allSearch: `xlsa${run}` },
    });
    const [row] = (await response.json()).result.data as { description: string }[];
    expect(row.description).toBe('=SUM(1,2)');
  });
});

describe('a preview that shows its rows, and the Undo of a large import', () => {
  it('lists the rows by outcome with an update’s changes as labels, pages them, and undoes 2,500 rows as a job with its progress', async () => {
    const page = await pageOf();
    const code = (name: string) => `ROWS${name}${run}`;
    const seeded = importForm(
      csvOf([
        header,
        [code('A'), 'Spring', 'Lincoln High', 'OH', 'yes'],
        [code('B'), 'Summer', 'Lincoln High', 'OH', 'yes'],
      ]),
      {},
    );
    const first = await page.request.post(`${baseUrl()}/api/promo-codes/import`, {
      headers: seeded.headers,
      data: seeded.payload,
    });
    expect(first.status()).toBe(200);

    const many = Array.from({ length: 2500 }, (_, n) => [
      code(`N${n}X`),
      `Bulk ${n}`,
      'Lincoln High',
      'TX',
      'yes',
    ]);
    await openImport(page);
    await choose(
      page,
      'rows.csv',
      csvOf([
        header,
        [code('A'), 'Spring', 'Lincoln High', 'CA', 'no'],
        [code('B'), 'Summer', 'Lincoln High', 'OH', 'yes'],
        [code('C'), '', 'Lincoln High', 'OH', 'yes'],
        ...many,
      ]),
    );
    const rows = page.getByRole('table', { name: texts.rowsTitle, exact: true });
    await rows.waitFor();
    const shown = async () => (await rows.getByRole('row').allTextContents()).slice(1);
    expect((await shown()).slice(0, 3)).toEqual([
      `2${texts.outcomes.update}SPRINGState: OH - Ohio → CA - CaliforniaActive: Yes → No`,
      `3${texts.outcomes.unchanged}SUMMER`,
      `4${texts.outcomes.failing}${code('C')}Name: Name is required`,
    ]);
    expect(await shown()).toHaveLength(25);
    await page.getByRole('button', { name: 'Go to next page' }).click();
    // Promo codes' names are kept in capitals.
    await expect.poll(async () => (await shown())[0]).toBe(`27${texts.outcomes.create}BULK 22`);
    await page.getByRole('combobox', { name: texts.outcome }).click();
    await page.getByRole('option', { name: `${texts.outcomes.update} (1)` }).click();
    await expect
      .poll(shown)
      .toEqual([`2${texts.outcomes.update}SPRINGState: OH - Ohio → CA - CaliforniaActive: Yes → No`]);

    await commit(page, 2501, 2500);
    await page.getByRole('button', { name: texts.undoImport }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /Undoing the import: \d+ of 2501 rows/ })
      .waitFor();
    await page.getByText(texts.undone).waitFor({ timeout: 60_000 });
    const response = await page.request.post(`${baseUrl()}/api/promo-codes/table`, {
      data: { skip: 0, take: 10, allSearch: `rows` },
    });
    const left = (await response.json()).result.data as { code: string; state: string }[];
    expect(
      left
        .filter((row) => row.code.endsWith(String(run)))
        .map((row) => [row.code, row.state])
        .sort(),
    ).toEqual([
      [code('A'), 'OH'],
      [code('B'), 'OH'],
    ]);
  });
});

describe('importing a spreadsheet into accounts', () => {
  const email = (name: string) => `${name}${run}@import.example`;
  const accountsNamed = async (page: Page, search: string) => {
    const response = await page.request.post(`${baseUrl()}/api/users/table`, {
      data: { skip: 0, take: 10, allSearch: search },
    });
    return ((await response.json()).result.data as { email: string }[]).map((row) => row.email).sort();
  };

  it('previews a CSV and an XLSX file with errors as the account form words them, and imports their good rows', async () => {
    const page = await pageOf();
    await openImport(page, 'users', 'Import Accounts');
    await choose(
      page,
      'accounts.csv',
      csvOf([
        accountHeader,
        [email('coach'), 'Cora', 'Coach', 'Athletic Director', 'Lincoln High School'],
        [admin.email, 'Ada', 'Again', 'Admin', ''],
        [email('stranger'), 'Sam', 'Stranger', 'Coach', ''],
        [email('director'), 'Dina', 'Director', 'Athletic Director', ''],
      ]),
    );
    await expect.poll(() => countsOf(page)).toBe(counts(4, 1, 3));
    const failing = page.getByRole('table', { name: texts.failingRows });
    await expect
      .poll(() => failing.getByRole('row').allTextContents())
      .toEqual([
        'RowColumnMessage',
        '3EmailEmail is already in use',
        '4RolesRole is not a known role',
        '5OrganizationOrganization is required',
      ]);
    await commit(page, 1);
    await page.getByRole('link', { name: 'Show Accounts' }).click();
    await page.getByRole('row', { name: new RegExp(email('coach')) }).waitFor();

    await openImport(page, 'users', 'Import Accounts');
    await choose(
      page,
      'accounts.xlsx',
      await xlsxOf([
        accountHeader,
        [email('ana'), 'Ana', 'Admin', 'Administrador', ''],
        [email('coach'), 'Cora', 'Twice', 'Director deportivo', 'Lincoln High School'],
      ]),
    );
    await expect.poll(() => countsOf(page)).toBe(counts(2, 1, 1));
    await page.getByRole('cell', { name: 'Email is already in use', exact: true }).waitFor();
    await commit(page, 1);
    expect(await accountsNamed(page, String(run))).toEqual([email('ana'), email('coach')].sort());
  });
});
