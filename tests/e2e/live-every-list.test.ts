import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AnyResource,
  type TextField,
  fillPath,
  offers,
  resourceCalls,
  writableFields,
} from '../../contract/resource';
import { resourceDefinitions } from '../../contract/definitions';
import { roles } from '../../contract/roles';
import { admin, baseUrl, launchBrowser, type SignedIn, signedInState } from './browser';

/**
 * Every registered list an Admin may open, watched while another Admin changes one of its shown
 * rows through the API: the list shows the change without a reload. What is swept, and how a row
 * is changed, comes from the definitions, so a newly registered resource is swept the moment it
 * is registered; a list whose rows no role may change is skipped, saying so.
 */
const stamp = Date.now();
const watcher = { email: `live-sweep-${stamp}@e2e.example`, password: 'Live-Sweep-Passw0rd!2026' };
/**
 * Rows this file makes, changed in preference to another file's: a changed e-mail address must be
 * confirmed again, which no account another test signs in with may go through.
 */
const ownRows = `live-subject-${stamp}`;
const asAdmin = [roles.admin];

type Row = Record<string, unknown> & { id: number; version: number };

/** How another user changes a shown row: a text column appended to, its switch flipped, or the row deleted. */
type Change =
  | { kind: 'text'; field: string; f: TextField }
  | { kind: 'toggle'; field: string; label: string }
  | { kind: 'delete' };

const columnsOf = (definition: AnyResource) =>
  (definition.list?.columns ?? Object.keys(definition.fields)).filter(
    (name) => definition.fields[name].list !== false && !definition.list?.hidden?.includes(name),
  );

function changeOf(definition: AnyResource): Change | undefined {
  if (offers(definition, 'update', asAdmin)) {
    const writable = new Set(writableFields(definition, asAdmin));
    const text = columnsOf(definition).find((name) => {
      const f = definition.fields[name];
      return writable.has(name) && !f.readOnlyOnUpdate && ['text', 'email', 'longText'].includes(f.kind);
    });
    if (text) return { kind: 'text', field: text, f: definition.fields[text] as TextField };
    const toggle = definition.routes?.toggle;
    if (toggle) return { kind: 'toggle', field: toggle.field, label: definition.fields[toggle.field].label };
  }
  if (offers(definition, 'delete', asAdmin)) return { kind: 'delete' };
  return undefined;
}

/** What the watcher's search keeps of a value: short enough to survive `changedText` in any field. */
const searchLength = 8;

/**
 * A value that still starts as the old one did (so the watcher's search still finds the row) and
 * tells itself apart: letters appended, which a code's pattern and an address's domain take too.
 */
const changedText = (f: TextField, old: string, mark: string) =>
  `${old.slice(0, f.max - mark.length)}${mark}`;

const lists = resourceDefinitions.filter((definition) => offers(definition, 'list', asAdmin));
const swept = lists.flatMap((definition) => {
  const change = changeOf(definition);
  return change ? [{ definition, change }] : [];
});
const skipped = lists.filter((definition) => !changeOf(definition));

let browser: Browser;
let adminState: SignedIn;
let watcherState: SignedIn;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
  adminState = await signedInState(browser, admin.email, admin.password);
  // A new Admin watches: no saved sort, columns or page size of another test moves the row away.
  const setup = await context(adminState);
  for (const [email, password] of [
    [watcher.email, watcher.password],
    [`${ownRows}@e2e.example`, ''],
  ]) {
    const created = await setup.request.post(`${baseUrl()}/api/users`, {
      data: {
        email,
        name: { firstName: 'Wes', lastName: 'Watcher' },
        userRoles: [roles.admin],
        password,
        confirmPassword: password,
      },
    });
    expect(created.status(), await created.text()).toBe(200);
  }
  watcherState = await signedInState(browser, watcher.email, watcher.password);
});
afterAll(async () => {
  for (const open of contexts) await open.close();
  await browser?.close();
});

async function context(state: SignedIn) {
  const opened = await browser.newContext({ storageState: state, viewport: { width: 1280, height: 900 } });
  contexts.push(opened);
  return opened;
}

const api = (path: string) => `${baseUrl()}/api/${path}`;

async function tableOf(editor: BrowserContext, definition: AnyResource, allSearch?: string) {
  const path = resourceCalls(definition).table.path;
  expect(path, `${definition.name}: a list scoped by its path is not swept yet`).not.toContain(':');
  const response = await editor.request.post(api(path), { data: { skip: 0, take: 10, allSearch } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()).result.data as Row[];
}

/** What the watcher types in the list's search to have the row on its first page. */
function searchFor(definition: AnyResource, change: Change, row: Row) {
  const searched = Object.keys(definition.fields).filter((name) => definition.fields[name].search);
  const field =
    change.kind === 'text' && searched.includes(change.field)
      ? change.field
      : searched.find((name) => typeof row[name] === 'string' && row[name] !== '');
  return field ? String(row[field]).slice(0, searchLength) : undefined;
}

/**
 * A shown row and its search: one this file made, else the first of the list's first page that
 * its own search finds there too.
 */
async function shownRow(editor: BrowserContext, definition: AnyResource, change: Change) {
  const own = await tableOf(editor, definition, ownRows);
  for (const row of own.length > 0 ? own : await tableOf(editor, definition)) {
    const search = searchFor(definition, change, row);
    if (search === undefined) return { row, search };
    const found = await tableOf(editor, definition, search);
    if (found.some((one) => one.id === row.id)) return { row, search };
  }
  throw new Error(`${definition.name} shows no row to change`);
}

/** The body of an update: the record as read, with `values` over it. */
async function update(editor: BrowserContext, definition: AnyResource, id: number, values: object) {
  const calls = resourceCalls(definition);
  const read = await editor.request.get(api(fillPath(calls.getOne.path, { id })));
  expect(read.status(), await read.text()).toBe(200);
  const record = (await read.json()).result as Row;
  const body = { ...record, ...values, version: record.version };
  const response = await editor.request.fetch(api(fillPath(calls.update.path, { id })), {
    method: calls.update.method,
    data: body,
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function toggle(
  editor: BrowserContext,
  definition: AnyResource,
  id: number,
  field: string,
  to: boolean,
) {
  const call = resourceCalls(definition).toggle!;
  const response = await editor.request.fetch(api(fillPath(call.path, { id })), {
    method: call.method,
    data: call.idIn === 'body' ? { id, [field]: to } : { [field]: to },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function remove(editor: BrowserContext, definition: AnyResource, id: number) {
  const call = resourceCalls(definition).delete;
  const target = api(fillPath(call.path, { id }));
  const response = await editor.request.fetch(call.idIn === 'query' ? `${target}?id=${id}` : target, {
    method: call.method,
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Opens the list with the search applied: it has fetched the searched rows before anything
 * changes, so a fetch it makes later is the live refresh and not the search's own.
 */
async function openList(page: Page, definition: AnyResource, search: string | undefined) {
  const table = `/api/${resourceCalls(definition).table.path}`;
  const searched = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === table &&
      (search === undefined || response.request().postDataJSON()?.allSearch === search),
  );
  // The search in the address, as react-admin keeps a list's filter: typed before the list had
  // drawn its box, it was lost.
  const query = search === undefined ? '' : `?filter=${encodeURIComponent(JSON.stringify({ q: search }))}`;
  await page.goto(`${baseUrl()}/admin/${definition.name}${query}`);
  await searched;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('every list an Admin may open follows a change made elsewhere', { timeout: 90_000 }, () => {
  it('sweeps at least the lists whose rows an Admin edits', () => {
    expect(swept.map(({ definition }) => definition.name)).toEqual(
      expect.arrayContaining(['settings', 'promo-codes', 'users']),
    );
  });

  for (const definition of skipped)
    it.skip(`${definition.label.many}: skipped, no role may update or delete its rows (access: ${Object.keys(definition.access).join(', ')})`, () => {});

  for (const { definition, change } of swept)
    it(`${definition.label.many}: another Admin's ${change.kind === 'delete' ? 'delete' : `change of ${change.field}`} shows without a reload`, async () => {
      const editor = await context(adminState);
      const { row, search } = await shownRow(editor, definition, change);
      const title = String(row[definition.titleField] ?? row.id);
      const page = await (await context(watcherState)).newPage();
      await openList(page, definition, search);
      // Another row may share the title (a reviewer's two schools, made by another suite).
      const matching = page.getByRole('row', { name: new RegExp(escaped(title), 'i') });
      await matching.first().waitFor();

      // Waits bounded by the live refresh (a refetch within a second), never by a reload.
      const live = { timeout: 10_000 };
      if (change.kind === 'text') {
        const old = String(row[change.field] ?? '');
        const mark = `lv${Math.random()
          .toString(36)
          .replace(/[^a-z]/g, '')
          .slice(0, 5)}`;
        await update(editor, definition, row.id, { [change.field]: changedText(change.f, old, mark) });
        try {
          await page.getByRole('row', { name: new RegExp(mark, 'i') }).waitFor(live);
        } finally {
          await update(editor, definition, row.id, { [change.field]: old });
        }
      } else if (change.kind === 'toggle') {
        const before = Boolean(row[change.field]);
        const switched = page.getByLabel(`${change.label} ${title}`, { exact: true });
        expect(await switched.isChecked()).toBe(before);
        await toggle(editor, definition, row.id, change.field, !before);
        try {
          await expect.poll(() => switched.isChecked(), live).toBe(!before);
        } finally {
          await toggle(editor, definition, row.id, change.field, before);
        }
      } else {
        const before = await matching.count();
        await remove(editor, definition, row.id);
        await expect.poll(() => matching.count(), live).toBe(before - 1);
      }
    });
});
