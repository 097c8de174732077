import { loadingBars } from './loading';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appMessages as es } from '../../src/i18n/es';
import { appMessages as en } from '../../src/i18n/en';
import { apparelSeeds } from '../../server/seed/apparel';
import { brandSeeds } from '../../server/db/seed-data';
import { demoOrganizations } from '../../server/seed';
import { demoProducts } from '../../server/seed/sales';
import { englishWordsIn } from './english-words';
import { admin, baseUrl, demo, directorWhoseLanguageChanges, signedInState } from './browser';

const opened = directorWhoseLanguageChanges();

/**
 * What the schools and the vendors wrote, not the portal: the user's e-mail, the schools' names, the base apparel's
 * descriptions and brands, and the demo products (server/seed/sales.ts). The base apparel's titles and colours
 * are the seed's, which the catalogue names in Spanish.
 */
const names = [
  demo.directorEmail,
  ...demoOrganizations.map((organization) => organization.name),
  ...apparelSeeds.map((apparel) => apparel.description),
  ...brandSeeds.map(([, name]) => name),
  ...Object.values(demoProducts).flatMap((products) =>
    products.flatMap((product) => [`${product.title} in school colours`, product.title]),
  ),
  // The demo's store windows (server/seed/index.ts), named by their schools.
  'Spirit Week Store',
  'Regatta Store',
];

/** What a person sees once the page has settled: its text, no progress bar left. */
async function settledText(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator(loadingBars).count()).toBe(0);
  return page.evaluate(() => document.body.innerText);
}

async function ensureALogo(context: BrowserContext) {
  const crest = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="#036"/></svg>`;
  const response = await context.request.post(`${baseUrl()}/api/design-logos`, {
    multipart: { ImageFile: { name: 'escudo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(crest) } },
  });
  expect(response.status(), await response.text()).toBe(200);
}

describe('the portal in Spanish', () => {
  it('lets a visitor choose Español on the sign-in page, remembered by the browser, <html lang> following', async () => {
    const context = await opened.browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${baseUrl()}/login`);
      await page.getByRole('button', { name: en.login.submit, exact: true }).waitFor();
      await page.getByRole('button', { name: 'Español' }).click();
      await page.getByRole('heading', { name: es.login.title }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      await page.reload();
      await page.getByRole('button', { name: es.login.submit, exact: true }).waitFor();
      expect(englishWordsIn(await settledText(page))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('an athletic director switches to Español in the user menu and walks dashboard, design logos and the studio without an English word', async () => {
    const context = await opened.browser.newContext({ storageState: opened.asDirector });
    await ensureALogo(context);
    const page = await context.newPage();
    try {
      await page.goto(`${baseUrl()}/admin/dashboard`);
      await page.getByRole('heading', { name: en.dashboard.title }).first().waitFor();
      await page.getByRole('button', { name: demo.directorEmail }).click();
      await page.getByRole('menuitemradio', { name: 'Español' }).click();
      await page.getByRole('heading', { name: es.dashboard.title }).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      // A setting of the user's, kept on the server.
      const kept = await context.request.get(`${baseUrl()}/api/preferences`);
      expect((await kept.json()).result.locale).toBe('es');
      expect(englishWordsIn(await settledText(page), names)).toEqual([]);

      // The school's own logo files (the trash suite uploads 'trash-a.svg') are names too.
      const logos = await context.request.get(`${baseUrl()}/api/design-logos`);
      const logoNames = ((await logos.json()) as { result: { fileName: string }[] }).result.map(
        (logo) => logo.fileName,
      );
      const withLogos = [...names, ...logoNames];
      await page.goto(`${baseUrl()}/admin/design-logos`);
      await page.getByRole('button', { name: es.designLogos.addLogo }).first().waitFor();
      expect(englishWordsIn(await settledText(page), withLogos)).toEqual([]);

      // The school's own products (other suites make some, "Two-sided Hoodie") are names too.
      const products = page.waitForResponse((response) =>
        response.url().includes('/api/merchandise/merchandise-by-organization'),
      );
      await page.goto(`${baseUrl()}/admin/merchandise/create`);
      const { result } = (await (await products).json()) as {
        result: { products: { title: string; description: string }[] };
      };
      // Their descriptions too: the trash suite's reads 'Made to be archived'.
      const withProducts = [
        ...withLogos,
        ...result.products.flatMap((product) => [product.title, product.description]),
      ];
      await page.getByTestId('select-logo-first').getByText(es.merchandise.selectLogoFirst).waitFor();
      expect(englishWordsIn(await settledText(page), withProducts)).toEqual([]);
      await page.getByRole('button', { name: 'escudo.svg', exact: true }).first().click();
      await page
        .getByRole('button', { name: new RegExp(`^${es.merchandise.customize} `) })
        .first()
        .click();
      await page.getByTestId('studio-canvas').waitFor();
      expect(englishWordsIn(await settledText(page), withProducts)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("lets an Admin write a template's Spanish subject and body on its update page", async () => {
    const context = await opened.browser.newContext({
      storageState: await signedInState(opened.browser, admin.email, admin.password),
    });
    const page = await context.newPage();
    try {
      const table = await context.request.post(`${baseUrl()}/api/emailTemplate/table`, {
        data: { skip: 0, take: 100, allSearch: 'ResetPassword' },
      });
      const { id } = (await table.json()).result.data[0] as { id: number };
      await page.goto(`${baseUrl()}/admin/email-template/update/${id}`);
      await page.getByLabel('Subject in Spanish').fill('Restablezca su contraseña de Spirit Portal');
      const body = page.getByRole('textbox', { name: 'Body in Spanish' });
      await body.click();
      await page.keyboard.type('Hola {{fullName}}');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Email Template ResetPassword updated').waitFor();
      const saved = await context.request.get(`${baseUrl()}/api/emailTemplate/${id}`);
      expect((await saved.json()).result).toMatchObject({
        subjectEs: 'Restablezca su contraseña de Spirit Portal',
        bodyEs: '<p>Hola {{fullName}}</p>',
      });
    } finally {
      await context.close();
    }
  });

  it("shows a director the server's refusal of an upload in Spanish", async () => {
    const context = await opened.browser.newContext({ storageState: opened.asDirector });
    const page = await context.newPage();
    try {
      await page.goto(`${baseUrl()}/admin/design-logos`);
      await page.getByRole('button', { name: es.designLogos.addLogo }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(es.designLogos.fileLabel).waitFor();
      // A .png the browser lets through and the server refuses: the API answers in English.
      const refused = page.waitForResponse(
        (response) => response.request().method() === 'POST' && response.url().includes('/api/design-logos'),
      );
      await dialog
        .locator('input[type=file]')
        .setInputFiles({ name: 'vacio.png', mimeType: 'image/png', buffer: Buffer.alloc(0) });
      await dialog.getByRole('button', { name: es.designLogos.addLogo }).click();
      const answer = await (await refused).json();
      expect(answer.validationFailures[0].errorMessage).toBe(en.serverMessages.fileEmpty);
      await dialog.getByText(es.serverMessages.fileEmpty).waitFor();
    } finally {
      await context.close();
    }
  });

  it('an Admin in Español reads the server’s and the definitions’ words in Spanish: lists, paging, history, trash, conflict, audit log, jobs, quick search, catalogue, password rule', async () => {
    const context = await opened.browser.newContext({
      storageState: await signedInState(opened.browser, admin.email, admin.password),
      viewport: { width: 1280, height: 900 },
    });
    const api = context.request;
    const page = await context.newPage();
    try {
      expect((await api.put(`${baseUrl()}/api/preferences/locale`, { data: { value: 'es' } })).status()).toBe(
        200,
      );
      await page.addInitScript(() => window.localStorage.setItem('spirit-portal.locale', 'es'));
      const created = await api.post(`${baseUrl()}/api/promo-codes`, {
        data: {
          code: 'HABLA1',
          name: 'Habla Uno',
          organization: 'Lincoln High',
          state: 'OH',
          isActive: true,
        },
      });
      expect(created.status(), await created.text()).toBe(200);
      const id: number = (await created.json()).result.id;
      const renamed = await api.put(`${baseUrl()}/api/promo-codes/${id}`, {
        data: {
          id,
          code: 'HABLA1',
          name: 'Habla Dos',
          organization: 'Lincoln High',
          state: 'OH',
          isActive: false,
        },
      });
      expect(renamed.status(), await renamed.text()).toBe(200);
      const trashed = await api.post(`${baseUrl()}/api/promo-codes`, {
        data: {
          code: 'HABLA2',
          name: 'Habla Tres',
          organization: 'Lincoln High',
          state: 'OH',
          isActive: true,
        },
      });
      const trashedId: number = (await trashed.json()).result.id;
      expect((await api.delete(`${baseUrl()}/api/promo-codes?id=${trashedId}`)).status()).toBe(200);

      // What people and other suites wrote: accounts, promos, jobs' errors, settings, audited values.
      const stringsIn = (value: unknown): string[] =>
        typeof value === 'string'
          ? [value]
          : value && typeof value === 'object'
            ? Object.values(value).flatMap(stringsIn)
            : [];
      const rows = async (path: string) =>
        ((await (await api.post(`${baseUrl()}/api/${path}`, { data: { skip: 0, take: 100 } })).json()).result
          .data ?? []) as Record<string, unknown>[];
      const written = [
        ...(await rows('users/table')).flatMap((user) => [user.email, user.fullName]),
        ...(await rows('promo-codes/table')).flatMap((promo) => [
          promo.code,
          promo.name,
          promo.organization,
          promo.description,
        ]),
        ...(await rows('promo-codes/trash/table')).flatMap((promo) => [
          promo.code,
          promo.name,
          promo.organization,
        ]),
        ...(await rows('jobs/table')).flatMap((job) => String(job.lastError ?? '').split('\n')),
        // The audit log names each entry's record and its values before and after, as written.
        ...(await rows('audit-log/table')).flatMap((entry) => stringsIn(entry.details)),
        // Records' names quick search finds: templates' and settings' keys, schools, brands.
        ...(await rows('emailTemplate/table')).map((template) => template.key),
        ...(await rows('settings/table')).map((setting) => setting.key),
        ...(await rows('organizations/table')).map((organization) => organization.name),
        ...(await rows('brands/table')).map((brand) => brand.name),
      ].filter((text): text is string => typeof text === 'string' && text.length > 0);
      const people = [...names, admin.email, ...written].sort((a, b) => b.length - a.length);

      /** The page's text and what it says to a screen reader: labels, titles, alternative texts. */
      const heard = async () =>
        (await settledText(page)) +
        '\n' +
        (await page.evaluate(() =>
          [...document.querySelectorAll('[aria-label], [title], [alt], [placeholder]')]
            .flatMap((element) =>
              ['aria-label', 'title', 'alt', 'placeholder'].map((name) => element.getAttribute(name) ?? ''),
            )
            .join('\n'),
        ));
      const walk = async (path: string, ready: () => Promise<unknown>) => {
        await page.goto(`${baseUrl()}${path}`);
        await ready();
        expect({ path, english: englishWordsIn(await heard(), people) }).toEqual({ path, english: [] });
      };

      await walk('/admin/promo-codes', () =>
        page.getByRole('navigation', { name: es.tables.pagination }).waitFor(),
      );
      await walk(`/admin/promo-codes/history/${id}`, () => page.getByText('HABLA DOS').first().waitFor());
      await walk('/admin/promo-codes/trash', () => page.getByText('HABLA TRES').first().waitFor());
      await walk('/admin/audit-log', () =>
        page.getByRole('navigation', { name: es.tables.pagination }).waitFor(),
      );
      // The queue may be empty here: its empty list speaks too.
      await walk('/admin/jobs', () =>
        page
          .getByRole('navigation', { name: es.tables.pagination })
          .or(page.getByText(/^No se encontró ningún/))
          .waitFor(),
      );
      await walk('/admin/base-apparel', () => page.getByRole('img').first().waitFor());
      await walk('/account/change-password', () =>
        page.getByRole('button', { name: es.changePassword.submit }).waitFor(),
      );

      await page.goto(`${baseUrl()}/admin/dashboard`);
      await page.getByRole('heading', { name: es.dashboard.title }).first().waitFor();
      await page.keyboard.press('Control+k');
      await page.getByRole('combobox', { name: es.quickSearch.title }).fill('li');
      await page.getByRole('option').first().waitFor();
      expect(englishWordsIn(await heard(), people)).toEqual([]);
      await page.keyboard.press('Escape');

      // Someone else saves the promo while this Admin has it open.
      await page.goto(`${baseUrl()}/admin/promo-codes/update/${id}`, { waitUntil: 'networkidle' });
      const nameBox = page.getByRole('textbox', { name: es.serverTerms.name });
      await expect.poll(() => nameBox.inputValue()).toBe('HABLA DOS');
      const current = (await (await api.get(`${baseUrl()}/api/promo-codes/${id}`)).json()).result;
      const elsewhere = await api.put(`${baseUrl()}/api/promo-codes/${id}`, {
        data: { ...current, name: 'Habla Cuatro' },
      });
      expect(elsewhere.status(), await elsewhere.text()).toBe(200);
      await nameBox.fill('Habla Cinco');
      await page.getByRole('button', { name: 'Guardar' }).click();
      await page.getByRole('dialog').waitFor();
      expect(
        englishWordsIn(await heard(), [...people, 'HABLA CUATRO', 'HABLA CINCO', 'Habla Cinco']),
      ).toEqual([]);
    } finally {
      await api.delete(`${baseUrl()}/api/preferences/locale`);
      await context.close();
    }
  });

  it('keeps the language in another browser of the same user', async () => {
    const context = await opened.browser.newContext({ storageState: opened.asDirector });
    const page = await context.newPage();
    try {
      await page.goto(`${baseUrl()}/admin/dashboard`);
      await page.getByRole('heading', { name: es.dashboard.title }).first().waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    } finally {
      await context.close();
    }
  });
});
