import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyResource, fillPath, offers, resourceCalls } from '../../contract/resource';
import { resourceDefinitions } from '../../contract/definitions';
import { roles } from '../../contract/roles';
import { baseUrl, demo, launchBrowser, type SignedIn, signedInState } from './browser';

/**
 * Every page the registry offers an athletic director (list, create, update), opened as the demo
 * director: none may send them to /403 or make a call refused with 403, as a cell or input reading
 * a list only Admins may open did.
 */
const directorRoles = [roles.athleticDirector];
const definitions = resourceDefinitions.filter((definition) => offers(definition, 'list', directorRoles));

let browser: Browser;
let signedIn: SignedIn;
beforeAll(async () => {
  browser = await launchBrowser();
  signedIn = await signedInState(browser, demo.directorEmail, demo.password);
});
afterAll(() => browser?.close());

async function withPage(run: (page: Page, context: BrowserContext) => Promise<void>) {
  const context = await browser.newContext({
    storageState: signedIn,
    viewport: { width: 1280, height: 800 },
  });
  try {
    await run(await context.newPage(), context);
  } finally {
    await context.close();
  }
}

/** The id of a row the director may open, through the table call the list makes. */
async function firstId(context: BrowserContext, definition: AnyResource) {
  const me = await context.request.get(`${baseUrl()}/api/account/me`);
  const { organizationId } = (await me.json()).result as { organizationId: number };
  const path = fillPath(resourceCalls(definition).table.path, { organizationId });
  const response = await context.request.post(`${baseUrl()}/api/${path}`, { data: { skip: 0, take: 1 } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()).result.data[0] as { id: number }).id;
}

describe('every resource page offered to an athletic director', { timeout: 60_000 }, () => {
  it('the registry offers the athletic director at least one list', () => {
    expect(definitions.length).toBeGreaterThan(0);
  });

  for (const definition of definitions) {
    const pages = [
      { kind: 'list', path: async () => `/admin/${definition.name}` },
      ...(offers(definition, 'create', directorRoles)
        ? [{ kind: 'create', path: async () => `/admin/${definition.name}/create` }]
        : []),
      ...(offers(definition, 'update', directorRoles)
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
      it(`${definition.label.many} ${kind} opens without a redirect to /403 or an uncaught error`, () =>
        withPage(async (page, context) => {
          const errors: string[] = [];
          page.on('pageerror', (error) => errors.push(error.message));
          const refused: string[] = [];
          page.on('response', (response) => {
            if (response.status() === 403) refused.push(new URL(response.url()).pathname);
          });
          const target = await path(context);
          await page.goto(`${baseUrl()}${target}`, { waitUntil: 'networkidle' });
          await expect.poll(() => page.getByRole('progressbar').count(), { timeout: 15_000 }).toBe(0);
          await page.waitForLoadState('networkidle');
          expect(new URL(page.url()).pathname, 'never sent to /403').toBe(target);
          expect(errors).toEqual([]);
          expect(refused, 'no call the director may not make').toEqual([]);
        }));
    }
  }
});
