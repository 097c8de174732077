import type { BrowserContext, Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type AnyResource,
  type Field,
  filterInputFields,
  offers,
  resourceCalls,
} from '../../contract/definition';
import { resourceDefinitions } from '../../contract/definitions';
import { limits } from '../../contract/limits';
import { roles } from '../../contract/roles';
import { appMessages } from '../../src/i18n/en';
import { baseUrl, browserOfBothRoles } from './browser';

/**
 * Every filter input an Admin is offered, on every list that offers one, applied by hand at
 * desktop and phone widths: the rows the list shows are the rows that match, counted as the
 * server's whole answer counts them, with no error toast and no 5xx. The (list, field) pairs come
 * from the definitions, so a field made filterable is swept the moment it is.
 */
const session = browserOfBothRoles();
const asAdmin = [roles.admin];
const school = 'Lincoln High School';
const texts = appMessages.tables;

// The seed's audit entries have no actor: one change by the Admin gives the Actor filter a name to find.
beforeAll(async () => {
  const context = await session.context({ storageState: session.asAdmin });
  const created = await context.request.post(`${baseUrl()}/api/settings`, {
    data: { key: `E2eFilters${Date.now()}`, value: 'An entry with an actor', isEnabled: true },
  });
  expect(created.status()).toBe(200);
  await context.close();
});

type Row = Record<string, unknown>;
type Table = { result: { data: Row[]; totalFilteredRecords: number } };

const cases = resourceDefinitions
  .filter((definition) => offers(definition, 'list', asAdmin))
  .flatMap((definition) =>
    filterInputFields(definition, asAdmin).map(([name, field]) => ({ definition, name, field })),
  );

const isTable = (response: Response) =>
  response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/table');

/** What the page asked the server and what went wrong there, from its own traffic. */
function watch(page: Page) {
  const tables: Response[] = [];
  const failures: string[] = [];
  page.on('response', (response) => {
    const failed = response.status() >= 500 || (isTable(response) && response.status() >= 400);
    if (failed) failures.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    if (isTable(response)) tables.push(response);
  });
  return { tables, failures };
}

/**
 * The instant a wall-clock time of `day` is in `timeZone`, independent of the browser's own Date
 * arithmetic: the offset read at a guess, then at the corrected instant for a change of clocks.
 */
function zonedInstant(day: string, time: string, timeZone: string) {
  const wall = Date.parse(`${day}T${time}Z`);
  const offsetAt = (instant: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
        .formatToParts(instant)
        .map((part) => [part.type, part.value]),
    );
    const shown = Date.UTC(
      +parts.year,
      +parts.month - 1,
      +parts.day,
      +parts.hour,
      +parts.minute,
      +parts.second,
    );
    return shown - Math.floor(instant / 1000) * 1000;
  };
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first)).toISOString();
}

/** The calendar day an instant falls on in `timeZone`. */
const dayIn = (instant: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(instant));

/** How a case is applied by hand, what the page must send for it, and which rows it keeps. */
interface Plan {
  apply: (filters: ReturnType<Page['locator']>) => Promise<void>;
  /** The menu entries of 'Add filter' this plan opens, in order. */
  inputs: string[];
  sent: unknown;
  keeps: (row: Row) => boolean;
}

/** The value of `name` most rows share short of all of them, so the filter narrows the list when it can. */
function telling(rows: Row[], name: string) {
  const counts = new Map<unknown, number>();
  for (const row of rows) counts.set(row[name], (counts.get(row[name]) ?? 0) + 1);
  const values = [...counts].filter(([value]) => value !== null && value !== undefined);
  values.sort((a, b) => b[1] - a[1]);
  return (values.find(([, count]) => count < rows.length) ?? values[0])?.[0];
}

const rangeLabel = (label: string, end: 'from' | 'to') =>
  (end === 'from' ? texts.rangeFrom : texts.rangeTo).replace('%{label}', label);

async function planOf(
  page: Page,
  definition: AnyResource,
  name: string,
  field: Field,
  rows: Row[],
  timeZone: string,
): Promise<Plan> {
  const label = field.label;
  const byLabel = (filters: ReturnType<Page['locator']>, text: string) =>
    filters.getByLabel(text, { exact: true });
  switch (field.kind) {
    case 'number':
    case 'money': {
      const values = rows.map((row) => row[name] as number).sort((a, b) => a - b);
      const from = values[Math.floor(values.length / 4)] ?? 0;
      const to = values[Math.floor((values.length * 3) / 4)] ?? 100;
      return {
        inputs: [rangeLabel(label, 'from'), rangeLabel(label, 'to')],
        async apply(filters) {
          await byLabel(filters, rangeLabel(label, 'from')).fill(String(from));
          await byLabel(filters, rangeLabel(label, 'to')).fill(String(to));
        },
        sent: { gte: from, lte: to },
        keeps: (row) => (row[name] as number) >= from && (row[name] as number) <= to,
      };
    }
    case 'date':
    case 'dateTime': {
      const dayOf = (value: string) => (field.kind === 'date' ? value : dayIn(value, timeZone));
      const days = rows.map((row) => dayOf(row[name] as string)).sort();
      const today = dayIn(new Date().toISOString(), timeZone);
      const from = days[Math.floor(days.length / 4)] ?? today;
      const to = days[Math.floor((days.length * 3) / 4)] ?? today;
      const gte = field.kind === 'date' ? from : zonedInstant(from, '00:00:00.000', timeZone);
      const lte = field.kind === 'date' ? to : zonedInstant(to, '23:59:59.999', timeZone);
      return {
        inputs: [rangeLabel(label, 'from'), rangeLabel(label, 'to')],
        async apply(filters) {
          await byLabel(filters, rangeLabel(label, 'from')).fill(from);
          await byLabel(filters, rangeLabel(label, 'to')).fill(to);
        },
        sent: { gte, lte },
        keeps: (row) =>
          field.kind === 'date'
            ? (row[name] as string) >= gte && (row[name] as string) <= lte
            : Date.parse(row[name] as string) >= Date.parse(gte) &&
              Date.parse(row[name] as string) <= Date.parse(lte),
      };
    }
    case 'boolean': {
      const value = (telling(rows, name) as boolean | undefined) ?? true;
      return {
        inputs: [label],
        async apply(filters) {
          await filters.getByRole('combobox', { name: label, exact: true }).click();
          await page.getByRole('option', { name: value ? 'Yes' : 'No', exact: true }).click();
        },
        sent: value,
        keeps: (row) => row[name] === value,
      };
    }
    case 'choice': {
      const value = (telling(rows, name) as string | undefined) ?? field.choices[0].value;
      const choice = field.choices.find((option) => option.value === value)!;
      return {
        inputs: [label],
        async apply(filters) {
          await filters.getByRole('combobox', { name: label, exact: true }).click();
          await page.getByRole('option', { name: choice.label, exact: true }).click();
        },
        sent: value,
        keeps: (row) => row[name] === value,
      };
    }
    case 'reference': {
      const id = telling(rows, name) as number | undefined;
      if (id === undefined) throw new Error(`${definition.name} has no row naming a ${name} to filter by`);
      const options = await page
        .context()
        .request.post(`${baseUrl()}/api/${resourceCalls(definition).references!.path}`, {
          data: { field: name, ids: [id] },
        });
      const [{ label: shown }] = (await options.json()).result as { label: string }[];
      return {
        inputs: [label],
        async apply(filters) {
          await filters.getByRole('combobox', { name: label, exact: true }).fill(shown);
          await page.getByRole('option', { name: shown, exact: true }).click();
        },
        sent: id,
        keeps: (row) => row[name] === id,
      };
    }
    default: {
      const value = (telling(rows, name) as string | undefined) ?? 'none';
      return {
        inputs: [label],
        async apply(filters) {
          await byLabel(filters, label).fill(value);
        },
        sent: value,
        keeps: (row) => row[name] === value,
      };
    }
  }
}

/** The list open, its organization chosen where it lives under one, and its first answer in. */
async function openList(page: Page, definition: AnyResource, tables: Response[]) {
  await page.goto(`${baseUrl()}/admin/${definition.name}`);
  if (definition.routes?.table?.scopeParam) {
    await page.getByRole('combobox', { name: texts.chooseOrganization }).click();
    await page.getByRole('option', { name: school }).click();
  }
  await expect.poll(() => tables.some((response) => response.ok())).toBe(true);
  return tables.find((response) => response.ok())!.url();
}

/** Every row of the list as the server holds it, through the table call the page itself made. */
async function everyRow(context: BrowserContext, tableUrl: string) {
  const response = await context.request.post(tableUrl, {
    data: { skip: 0, take: limits.maxTake, allSearch: '', refresh: false },
  });
  return ((await response.json()) as Table).result;
}

/** The list's filter form, the one holding its 'Search' box. */
const filtersOn = (page: Page) =>
  page.locator('form', { has: page.getByRole('textbox', { name: texts.search, exact: true }) });

async function addFilter(page: Page, input: string) {
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('menuitemcheckbox', { name: input, exact: true }).click();
  await filtersOn(page).getByLabel(input, { exact: true }).waitFor();
}

/** The table call carrying the case's whole filter, once the page made it. */
const answerTo = (tables: Response[], name: string, sent: unknown) =>
  tables.find((response) => {
    const body = response.request().postDataJSON() as { filter?: Record<string, unknown> } | null;
    return JSON.stringify(body?.filter?.[name]) === JSON.stringify(sent);
  });

async function checkFilter(
  page: Page,
  { definition, name, field }: (typeof cases)[number],
  timeZone: string,
) {
  const { tables, failures } = watch(page);
  const tableUrl = await openList(page, definition, tables);
  const all = await everyRow(page.context(), tableUrl);
  const plan = await planOf(page, definition, name, field, all.data, timeZone);
  for (const input of plan.inputs) await addFilter(page, input);
  // A value typed before the list has recorded every shown filter in its address could be applied
  // with the filters shown before it, hiding an input just added (seen on a loaded CI machine).
  await expect
    .poll(
      () => Object.keys(JSON.parse(new URL(page.url()).searchParams.get('displayedFilters') ?? '{}')).length,
    )
    .toBeGreaterThanOrEqual(plan.inputs.length);
  await plan.apply(filtersOn(page));

  await expect.poll(() => answerTo(tables, name, plan.sent)?.status()).toBe(200);
  const answer = (await answerTo(tables, name, plan.sent)!.json()) as Table;
  expect(answer.result.data.filter((row) => !plan.keeps(row))).toEqual([]);
  const total = answer.result.totalFilteredRecords;
  // The whole list read in one call: the count the filter must give is known.
  if (all.data.length === all.totalFilteredRecords) {
    expect(total).toBe(all.data.filter(plan.keeps).length);
  } else expect(total).toBeLessThanOrEqual(all.totalFilteredRecords);
  if (total > 0) {
    const range = texts.pageRange
      .replace('%{first}', '1')
      .replace('%{last}', String(Math.min(10, total)))
      .replace('%{total}', String(total));
    await expect.poll(() => page.getByText(range, { exact: true }).isVisible()).toBe(true);
  } else {
    await expect.poll(() => page.getByRole('navigation', { name: texts.pagination }).count()).toBe(0);
  }
  expect(await page.locator('.RaNotification-error').count()).toBe(0);
  expect(failures).toEqual([]);
  return { plan, answer };
}

describe.each([
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
])('the list filters at $width px', (viewport) => {
  it.each(cases.map((c) => [c.definition.label.many, c.field.label, c] as const))(
    'filters %s by %s to the rows that match it, counted as the server counts them',
    async (_list, _field, filterCase) => {
      const context = await session.context({ storageState: session.asAdmin, viewport, timezoneId: 'UTC' });
      await checkFilter(await context.newPage(), filterCase, 'UTC');
    },
  );
});

describe('a date-time filter in the browser time zone', () => {
  const chicago = 'America/Chicago';
  const created = cases.find((c) => c.definition.name === 'orders' && c.name === 'createdAt')!;

  it("sends a person in Chicago's 'Created from' day as their own local midnight, and keeps that day in the input after a reload", async () => {
    const context = await session.context({
      storageState: session.asAdmin,
      viewport: { width: 1280, height: 900 },
      timezoneId: chicago,
    });
    const page = await context.newPage();
    const { plan } = await checkFilter(page, created, chicago);
    const { gte, lte } = plan.sent as { gte: string; lte: string };
    // Midnight in Chicago is 05:00 or 06:00 UTC, never the UTC midnight the day once became.
    expect(gte).toMatch(/T0[56]:00:00\.000Z$/);
    expect(lte).toMatch(/T0[45]:59:59\.999Z$/);
    const [from, to] = plan.inputs.map((input) => filtersOn(page).getByLabel(input, { exact: true }));
    const picked = [await from.inputValue(), await to.inputValue()];
    await page.reload();
    await expect.poll(async () => [await from.inputValue(), await to.inputValue()]).toEqual(picked);
  });
});
