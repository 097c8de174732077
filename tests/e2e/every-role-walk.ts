import { seriousViolations } from './axe';
import { loadingBars } from './loading';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AnyResource, type Field, fillPath, offers, resourceCalls } from '../../contract/resource';
import { definitionOf } from '../../contract/definitions';
import { canAccess } from '../../contract/access';
import { roles } from '../../contract/roles';
import { sampleValue as sampleOf } from '../contract/samples';
import { admin, demo, launchBrowser, type SignedIn, signedInState } from './browser';

/**
 * Every given resource walked as every role its `access` names: each page the registry offers
 * that role (list, create, update, delete, trash), at 1280 and 390 px. None may send them to
 * /403, throw an uncaught error, make a call refused with 403 (a cell or input reading a list
 * only Admins may open did) or have a serious axe violation. The pages come from the
 * definitions, so a newly registered resource is walked without a line here.
 */
const accounts: Record<string, { email: string; password: string }> = {
  [roles.admin]: { email: admin.email, password: admin.password },
  [roles.athleticDirector]: { email: demo.directorEmail, password: demo.password },
  // The seed's licensing representative of the demo school.
  [roles.reviewer]: { email: 'reviewer@district.example', password: demo.password },
};

/**
 * What is still loading: a spinner or bar with no value. A bar with one is content (a window's
 * units against its minimum) and stays.
 */
const loading = (page: Page) => page.locator(loadingBars);

export interface Walk {
  /** The resources walked (the registry, or the README's example served beside it). */
  definitions: readonly AnyResource[];
  /** The portal's address, known once its server is up. */
  url: () => string;
  /** Rows the definitions cannot make, made by an Admin's browser context before the walk. */
  prepare?: (context: BrowserContext) => Promise<void>;
  /** The roles walked; Admins and directors unless told (the README's example has no Reviewer). */
  roles?: readonly string[];
  /** Screens that are no resource's (the review queue, the account pages), with who may open them. */
  pages?: readonly { path: string; roles: readonly string[] }[];
}

/** Registers the walk's hooks and tests in a describe of its own. */
export function walkEveryRole({
  definitions,
  url,
  prepare,
  roles: walked = [roles.admin, roles.athleticDirector],
  pages = [],
}: Walk) {
  let browser: Browser;
  const signedIn: Partial<Record<string, SignedIn>> = {};

  async function withContext<T>(role: string, width: number, run: (context: BrowserContext) => Promise<T>) {
    // The portal's CSP refuses inline scripts, rightly; the scanner is let in by the test alone.
    const context = await browser.newContext({
      bypassCSP: true,
      storageState: signedIn[role],
      viewport: { width, height: 800 },
    });
    try {
      return await run(context);
    } finally {
      await context.close();
    }
  }

  /** The path of a resource's table call as the role makes it (a scoped table under an organization). */
  async function tablePath(context: BrowserContext, definition: AnyResource) {
    const scopeParam = definition.routes?.table?.scopeParam;
    if (!scopeParam) return resourceCalls(definition).table.path;
    const me = await context.request.get(`${url()}/api/account/me`);
    let { organizationId } = (await me.json()).result as { organizationId: number | null };
    if (organizationId === null) {
      // An Admin's page of one school: the demo director's, which the seed fills (other files add
      // organizations that sort before it and hold no rows).
      const director = await browser.newContext({ storageState: signedIn[roles.athleticDirector] });
      try {
        const theirs = await director.request.get(`${url()}/api/account/me`);
        organizationId = ((await theirs.json()).result as { organizationId: number }).organizationId;
      } finally {
        await director.close();
      }
    }
    return fillPath(resourceCalls(definition).table.path, { [scopeParam]: organizationId });
  }

  /** The id of a row the role may open, through the table call its list makes. */
  async function firstId(context: BrowserContext, definition: AnyResource) {
    const response = await context.request.post(`${url()}/api/${await tablePath(context, definition)}`, {
      data: { skip: 0, take: 1 },
    });
    expect(response.status(), await response.text()).toBe(200);
    const [row] = (await response.json()).result.data as { id: number }[];
    expect(row, `${definition.name} has a row to open`).toBeDefined();
    return row.id;
  }

  /** A value of a required field from the one sample generator, naming the first referenced row. */
  async function sampleValue(context: BrowserContext, f: Field): Promise<unknown> {
    const references = f.kind === 'reference' ? [await firstId(context, definitionOf(f.to)!)] : [];
    return sampleOf(f, 'Walk', { references: () => references });
  }

  /**
   * The walk needs a row in every table an Admin lists. The demo seed fills most; an empty table
   * that offers create gets one from its definition's required fields (a newly registered
   * resource as well).
   */
  async function withRows() {
    const context = await browser.newContext({ storageState: signedIn[roles.admin] });
    const rows = async (definition: AnyResource) => {
      const response = await context.request.post(`${url()}/api/${await tablePath(context, definition)}`, {
        data: { skip: 0, take: 1 },
      });
      return (await response.json()).result.totalFilteredRecords as number;
    };
    try {
      await prepare?.(context);
      const listed = definitions.filter((d) => offers(d, 'list', [roles.admin]));
      for (const definition of listed.filter((d) => offers(d, 'create', [roles.admin]) && !d.schemas)) {
        if ((await rows(definition)) > 0) continue;
        const body: Record<string, unknown> = {};
        for (const [name, f] of Object.entries(definition.fields).filter(
          ([, f]) => f.required && !f.readOnly,
        ))
          body[name] = await sampleValue(context, f);
        const created = await context.request.post(`${url()}/api/${resourceCalls(definition).create.path}`, {
          data: body,
        });
        expect(created.status(), `${definition.name}: ${await created.text()}`).toBe(200);
      }
      for (const definition of listed)
        await vi.waitFor(async () => expect(await rows(definition), definition.name).toBeGreaterThan(0), {
          timeout: 15_000,
        });
    } finally {
      await context.close();
    }
  }

  type PagePath = (context: BrowserContext) => Promise<string>;

  /** The pages the registry offers a role on one resource. */
  function pagesOf(definition: AnyResource, role: string): { kind: string; path: PagePath }[] {
    const offered = (action: Parameters<typeof offers>[1]) => offers(definition, action, [role]);
    const onRow = (kind: string) => async (context: BrowserContext) =>
      `/admin/${definition.name}/${kind}/${await firstId(context, definition)}`;
    return [
      { kind: 'list', path: async () => `/admin/${definition.name}` },
      ...(offered('create')
        ? [{ kind: 'create', path: async () => `/admin/${definition.name}/create` }]
        : []),
      ...(offered('update') ? [{ kind: 'update', path: onRow('update') }] : []),
      ...(offered('delete') ? [{ kind: 'delete', path: onRow('delete') }] : []),
      ...(definition.trash && offered('restore')
        ? [{ kind: 'trash', path: async () => `/admin/${definition.name}/trash` }]
        : []),
    ];
  }

  const walks = walked.flatMap((role) => [
    ...definitions
      .filter((definition) => offers(definition, 'list', [role]))
      .flatMap((definition) =>
        pagesOf(definition, role).map((page) => ({
          role,
          name: `${definition.label.many} ${page.kind}`,
          path: page.path,
        })),
      ),
    ...pages
      .filter((page) => page.roles.includes(role))
      .map((page) => ({ role, name: page.path, path: async () => page.path })),
  ]);

  describe('every resource page, as every role its access names', { timeout: 60_000 }, () => {
    beforeAll(async () => {
      browser = await launchBrowser();
      for (const role of walked)
        signedIn[role] = await signedInState(browser, accounts[role].email, accounts[role].password, url());
      await withRows();
    });
    afterAll(() => browser?.close());

    it('walks at least one page for every role', () => {
      for (const role of walked)
        expect(
          walks.some((walk) => walk.role === role),
          role,
        ).toBe(true);
    });

    for (const width of [1280, 390]) {
      for (const { role, name, path } of walks) {
        it(`${role}: ${name} at ${width} px opens without /403, an uncaught error, a refused call or a serious axe violation`, () =>
          withContext(role, width, async (context) => {
            const page = await context.newPage();
            const errors: string[] = [];
            page.on('pageerror', (error) => errors.push(error.message));
            const refused: string[] = [];
            page.on('response', (response) => {
              if (response.status() === 403) refused.push(new URL(response.url()).pathname);
            });
            const target = await path(context);
            await page.goto(`${url()}${target}`, { waitUntil: 'networkidle' });
            await expect.poll(() => loading(page).count(), { timeout: 15_000 }).toBe(0);
            await page.waitForLoadState('networkidle');
            expect(new URL(page.url()).pathname, 'never sent to /403').toBe(target);
            expect(errors).toEqual([]);
            expect(refused, 'no call the role may not make').toEqual([]);
            expect(await seriousViolations(page)).toEqual([]);
          }));
      }
      for (const role of walked)
        it(`${role}: the sidebar at ${width} px offers only what the role may open`, () =>
          withContext(role, width, async (context) => {
            const page = await context.newPage();
            await page.goto(`${url()}/admin`, { waitUntil: 'networkidle' });
            await expect.poll(() => loading(page).count(), { timeout: 15_000 }).toBe(0);
            // On a phone the sidebar is a drawer, there once opened.
            const opener = page.getByRole('button', { name: 'Open menu' });
            if (await opener.isVisible()) await opener.click();
            const sidebar = page.locator('nav[aria-label="Main"]');
            await sidebar.getByRole('link').first().waitFor();
            const areas = await sidebar
              .getByRole('link')
              .evaluateAll((links) =>
                links.map((link) => new URL((link as HTMLAnchorElement).href).pathname.split('/')[2]),
              );
            // The walk's own resources (the README's example) are not in the portal's access table.
            const opens = (area: string) =>
              canAccess([role], area) ||
              definitions.some(
                (definition) => definition.name === area && offers(definition, 'list', [role]),
              );
            const barred = areas.filter((area) => !opens(area));
            expect(barred, `${role} is offered only what it may open`).toEqual([]);
          }));
    }
  });
}
