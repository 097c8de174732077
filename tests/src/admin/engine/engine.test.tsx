import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { AdminContext, AdminUI, CustomRoutes, memoryStore, Resource } from 'react-admin';
import { MemoryRouter, Route } from 'react-router';
import { lazy } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withDefinitionAccess } from '../../../../src/admin/engine/access';
import { engineResource } from '../../../../src/admin/engine/resources';
import type { ResourceOverrides } from '../../../../src/admin/engine/types';
import { accessFor, type AnyResource, defineResource, field } from '../../../../contract/resource';
import { resourceDefinitions } from '../../../../contract/definitions';
import { appMessages } from '../../../../src/i18n/en';
import { definitionLabels, en, resourceMessages } from '../../../../src/i18n/react-admin';
import { Menu } from '../../../../src/layout/Menu';
import { authProvider, http as httpClient, session } from '../../../../src/providers';
import { createDataProvider } from '../../../../src/providers/dataProvider';
import { adminUser, directorUser, meHandler } from '../../layout/renderAdmin';

/**
 * A resource no file of the app mentions: its definition alone gives it a menu entry, a table,
 * forms, labels and access. This is what adding a resource to the registry buys. Named as no
 * real resource would be, so registering the README's Teams leaves this test as it is.
 */
const teams = defineResource({
  name: 'fixture-squads',
  table: 'fixture_squads',
  label: { one: 'Team', many: 'Teams' },
  titleField: 'name',
  menu: { group: 'settings', icon: 'Groups', order: 45 },
  access: { list: ['Admin'], read: ['Admin'], create: ['Admin'], update: ['Admin'], delete: ['Admin'] },
  fields: {
    name: field.text({ label: 'Team name', max: 100, required: true, search: true, sort: true }),
    sport: field.choice({
      label: 'Sport',
      required: true,
      choices: [
        { value: 'rowing', label: 'Rowing' },
        { value: 'soccer', label: 'Soccer' },
      ],
      filter: true,
      sort: true,
    }),
    organizationId: field.reference({ label: 'Organization', to: 'organizations', show: 'name' }),
    budget: field.money({ label: 'Budget', access: { read: ['Admin'] } }),
    isActive: field.boolean({ label: 'Active', default: true, filter: true }),
  },
});
const definitions = [...resourceDefinitions, teams];

/** The same teams kept by each school's Athletic Directors too, theirs only; the budget stays the Admins'. */
const schoolTeams = defineResource({
  ...teams,
  access: accessFor(['Admin', 'AthleticDirector']),
  organizationField: 'organizationId',
});

/** The school's teams with a coach of the team's own school (`within: 'organization'`). */
const coachedTeams = defineResource({
  ...teams,
  access: accessFor(['Admin', 'AthleticDirector']),
  organizationField: 'organizationId',
  fields: {
    ...teams.fields,
    coachId: field.reference({ label: 'Coach', to: 'users', show: 'email', within: 'organization' }),
  },
});

const tigers = { id: 5, name: 'Tigers', sport: 'rowing', organizationId: 3, budget: -25, isActive: true };
const tableBodies: unknown[] = [];
const referenceBodies: unknown[] = [];
const organizationOptions = [
  { value: 3, label: 'Lincoln High School' },
  { value: 7, label: 'Riverside Academy' },
];
const posted: unknown[] = [];
const server = setupServer(
  meHandler(adminUser),
  http.post('*/api/fixture-squads/table', async ({ request }) => {
    tableBodies.push(await request.json());
    return HttpResponse.json({ result: { data: [tigers], totalFilteredRecords: 1 } });
  }),
  // Only the references call: a cell or input that read the organizations' list would be an unhandled request.
  http.post('*/api/fixture-squads/references', async ({ request }) => {
    const body = (await request.json()) as { ids?: number[] };
    referenceBodies.push(body);
    return HttpResponse.json({
      result: organizationOptions.filter((option) => !body.ids || body.ids.includes(option.value)),
    });
  }),
  http.post('*/api/fixture-squads', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    posted.push(body);
    return HttpResponse.json({ result: { id: 6, ...body } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  // Unmount before signing out, or the sign-out redraws the page outside act().
  cleanup();
  session.reset();
  tableBodies.length = 0;
  referenceBodies.length = 0;
  posted.length = 0;
});
afterAll(() => server.close());

const i18nProvider = polyglotI18nProvider(
  () => ({ ...en, resources: resourceMessages(definitionLabels(definitions)) }),
  'en',
  [],
  {
    allowMissing: true,
  },
);

async function renderTeams(path: string, definition: AnyResource = teams, overrides: ResourceOverrides = {}) {
  await session.refresh();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const team = engineResource(definition, overrides);
  const definitions = [...resourceDefinitions, definition];
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        authProvider={withDefinitionAccess(authProvider, definitions)}
        dataProvider={createDataProvider(httpClient, definitions)}
        i18nProvider={i18nProvider}
        queryClient={queryClient}
        store={memoryStore()}
      >
        <AdminUI>
          <Resource name="fixture-squads" list={team.list} create={team.create}>
            {team.routes}
          </Resource>
          <Resource name="organizations" />
          <CustomRoutes>
            <Route path="/menu" element={<Menu definitions={definitions} />} />
          </CustomRoutes>
        </AdminUI>
      </AdminContext>
    </MemoryRouter>,
  );
  return queryClient;
}

/** The engine's pages are lazy chunks: the first look waits for them to load, however busy the machine. */
const firstPage = { timeout: 15_000 };

describe('a resource from its definition alone', { timeout: 60_000 }, () => {
  it('lists it: title, the Search box, cells by kind, references by name from one table call, and row actions', async () => {
    await renderTeams('/fixture-squads');
    const row = await screen.findByRole('row', { name: /Tigers/ }, firstPage);
    expect(screen.getAllByText('Teams').length).toBeGreaterThan(0);
    expect(screen.getByRole('textbox', { name: appMessages.tables.search })).toBeInTheDocument();
    expect(within(row).getByText('Rowing')).toBeInTheDocument();
    expect(within(row).getByText('($25.00)')).toBeInTheDocument();
    expect(await within(row).findByText('Lincoln High School')).toBeInTheDocument();
    expect(referenceBodies).toEqual([{ field: 'organizationId', ids: [3] }]);
    expect(within(row).getByRole('link', { name: 'Edit Tigers' })).toHaveAttribute(
      'href',
      '/fixture-squads/update/5',
    );
    expect(within(row).getByRole('button', { name: 'Delete Tigers' })).toBeInTheDocument();
    expect(tableBodies[0]).toEqual({
      skip: 0,
      take: 10,
      allSearch: '',
      refresh: false,
      sortField: 'id',
      sortOrder: 'ASC',
    });
    expect(screen.getByRole('columnheader', { name: /Team name/ })).toBeInTheDocument();
  });

  it("draws its rows while a resource's own cell and row action are still loading, each waiting in its own cell", async () => {
    const stillLoading = lazy(() => new Promise<never>(() => {}));
    await renderTeams('/fixture-squads', teams, {
      cells: { sport: stillLoading },
      extraColumns: [{ source: 'coach', label: 'Coach', cell: stillLoading }],
      rowActions: stillLoading,
    });
    const row = await screen.findByRole('row', { name: /Tigers/ }, firstPage);
    expect(await within(row).findByText('Lincoln High School')).toBeInTheDocument();
    expect(within(row).queryByText('Rowing')).not.toBeInTheDocument();
    expect(referenceBodies).toEqual([{ field: 'organizationId', ids: [3] }]);
  });

  it("names each row's checkbox and Delete by its row, not 'Select this row'", async () => {
    await renderTeams(
      '/fixture-squads',
      defineResource({ ...teams, access: { ...teams.access, bulkDelete: ['Admin'] } }),
    );
    const row = await screen.findByRole('row', { name: /Tigers/ }, firstPage);
    expect(within(row).getByRole('checkbox', { name: 'Select Tigers' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete Tigers' })).toHaveTextContent(
      appMessages.tables.delete,
    );
  });

  it('opens the column chooser focused on its first column, which is named', async () => {
    await renderTeams('/fixture-squads');
    await screen.findByRole('row', { name: /Tigers/ }, firstPage);
    await userEvent.click(screen.getByRole('button', { name: englishMessages.ra.action.select_columns }));
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('Team name'));
  });

  it("creates it with the definition's labels and defaults and toasts '{label} {title} created'", async () => {
    await renderTeams('/fixture-squads/create');
    await userEvent.type(await screen.findByRole('textbox', { name: /^Team name/ }, firstPage), 'Otters');
    await userEvent.click(screen.getByRole('combobox', { name: /^Sport/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Soccer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Team Otters created')).toBeInTheDocument();
    expect(posted).toEqual([expect.objectContaining({ name: 'Otters', sport: 'soccer', isActive: true })]);
  });

  it('marks a required field as required to a screen reader, not by its asterisk alone', async () => {
    await renderTeams('/fixture-squads/create');
    const name = await screen.findByRole('textbox', { name: /^Team name/ }, firstPage);
    expect(name).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('spinbutton', { name: /^Budget/ })).not.toHaveAttribute('aria-required');
  });

  it('refuses to save what the definition refuses, before calling the server', async () => {
    await renderTeams('/fixture-squads/create');
    const name = await screen.findByRole('textbox', { name: /^Team name/ }, firstPage);
    await userEvent.type(name, 'O');
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Team name is required')).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it("opens the update form with the server's current record, not the copy the list cached", async () => {
    server.use(
      http.get('*/api/fixture-squads/5', () =>
        HttpResponse.json({ result: { ...tigers, name: 'Tigers', isActive: false } }),
      ),
    );
    const queryClient = await renderTeams('/fixture-squads');
    await screen.findByRole('row', { name: /Tigers/ }, firstPage);
    queryClient.setQueryData(['fixture-squads', 'getOne', { id: '5', meta: undefined }], tigers);
    await userEvent.click(screen.getByRole('link', { name: 'Edit Tigers' }));
    const active = await screen.findByRole('switch', { name: /Active/ });
    await waitFor(() => expect(active).not.toBeChecked());
  });

  it('answers a save over a newer version with yours and theirs, and saves mine over it on "Keep mine"', async () => {
    const puts: Record<string, unknown>[] = [];
    const theirs = { ...tigers, version: 2, name: 'Pumas' };
    server.use(
      http.get('*/api/fixture-squads/5', () => HttpResponse.json({ result: { ...tigers, version: 1 } })),
      http.put('*/api/fixture-squads/5', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        puts.push(body);
        if (body.version === 2) return HttpResponse.json({ result: { ...body, id: 5, version: 3 } });
        const errorMessage = 'Ann Admin changed this team at 2026-11-25 06:41 UTC, after you opened it';
        return HttpResponse.json(
          { result: { current: theirs }, validationFailures: [{ propertyName: '', errorMessage }] },
          { status: 409 },
        );
      }),
    );
    await renderTeams('/fixture-squads/update/5');
    const name = await screen.findByRole('textbox', { name: /^Team name/ }, firstPage);
    await waitFor(() => expect(name).toHaveValue('Tigers'));
    await userEvent.clear(name);
    await userEvent.type(name, 'Lions');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('row', { name: /^Team name/ })).toHaveTextContent('Team nameLionsPumas');
    await userEvent.click(within(dialog).getByRole('button', { name: appMessages.conflict.keepMine }));
    expect(await screen.findByText('Team Lions updated')).toBeInTheDocument();
    expect(puts.map((body) => [body.name, body.version])).toEqual([
      ['Lions', 1],
      ['Lions', 2],
    ]);
  });

  it('shows the admin 404 page for an id no row could have', async () => {
    await renderTeams('/fixture-squads/update/abc');
    expect(await screen.findByText(appMessages.notFound.title)).toBeInTheDocument();
  });

  it('shows the admin 404 page, and no toast, for a record the server does not have', async () => {
    server.use(
      http.get('*/api/fixture-squads/9999', () =>
        HttpResponse.json({ result: null, message: 'Team not found' }, { status: 404 }),
      ),
    );
    await renderTeams('/fixture-squads/update/9999');
    expect(await screen.findByText(appMessages.notFound.title, {}, firstPage)).toBeInTheDocument();
    expect(screen.queryByText('Team not found')).toBeNull();
  });

  it("shows an athletic director each row's organization by name and their own fixed in the form and filters, from the references call alone", async () => {
    server.use(
      meHandler(directorUser),
      http.post('*/api/fixture-squads/table', () =>
        HttpResponse.json({ result: { data: [{ ...tigers, organizationId: 7 }], totalFilteredRecords: 1 } }),
      ),
    );
    await renderTeams('/fixture-squads', schoolTeams);
    const row = await screen.findByRole('row', { name: /Tigers/ }, firstPage);
    expect(await within(row).findByText('Riverside Academy')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add filter' }));
    expect(await screen.findByRole('menuitemcheckbox', { name: 'Sport' })).toBeInTheDocument();
    expect(
      screen.queryByRole('menuitemcheckbox', { name: 'Organization' }),
      'no picker: every row is their organization',
    ).not.toBeInTheDocument();
    cleanup();
    await renderTeams('/fixture-squads/create', schoolTeams);
    const organization = await screen.findByRole('combobox', { name: /^Organization/ }, firstPage);
    await waitFor(() => expect(organization).toHaveValue('Riverside Academy'));
    expect(organization, 'no picker: their organization is fixed').toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: /^Team name/ }), 'Otters');
    await userEvent.click(screen.getByRole('combobox', { name: /^Sport/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Soccer' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Team Otters created')).toBeInTheDocument();
    expect(posted).toEqual([
      expect.objectContaining({ name: 'Otters', organizationId: directorUser.organizationId }),
    ]);
  });

  it("offers an Admin as a within-school coach only the chosen school's staff, asking by its organizationId, and clears the coach when the school changes", async () => {
    const coaches = [
      { value: 11, label: 'coach@lincoln.example', organizationId: 3 },
      { value: 12, label: 'coach@riverside.example', organizationId: 7 },
    ];
    server.use(
      http.post('*/api/fixture-squads/references', async ({ request }) => {
        const body = (await request.json()) as { field: string; ids?: number[]; organizationId?: number };
        referenceBodies.push(body);
        const offered =
          body.field === 'coachId'
            ? coaches.filter((coach) =>
                body.ids ? body.ids.includes(coach.value) : coach.organizationId === body.organizationId,
              )
            : organizationOptions.filter((option) => !body.ids || body.ids.includes(option.value));
        return HttpResponse.json({ result: offered.map(({ value, label }) => ({ value, label })) });
      }),
    );
    await renderTeams('/fixture-squads/create', coachedTeams);
    const organization = await screen.findByRole('combobox', { name: /^Organization/ }, firstPage);
    await userEvent.click(organization);
    await userEvent.click(await screen.findByRole('option', { name: 'Riverside Academy' }));
    const coach = screen.getByRole('combobox', { name: /^Coach/ });
    await userEvent.click(coach);
    await userEvent.click(await screen.findByRole('option', { name: 'coach@riverside.example' }));
    expect(screen.queryByRole('option', { name: 'coach@lincoln.example' })).not.toBeInTheDocument();
    expect(referenceBodies).toContainEqual(expect.objectContaining({ field: 'coachId', organizationId: 7 }));
    await waitFor(() => expect(coach).toHaveValue('coach@riverside.example'));
    await userEvent.click(organization);
    await userEvent.click(await screen.findByRole('option', { name: 'Lincoln High School' }));
    await waitFor(() => expect(coach).toHaveValue(''));
    await userEvent.click(coach);
    expect(await screen.findByRole('option', { name: 'coach@lincoln.example' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'coach@riverside.example' })).not.toBeInTheDocument();
  });

  it('shows a field only Admins may read to an Admin, and to an athletic director as no column and no input', async () => {
    const budgetColumn = () => screen.queryByRole('columnheader', { name: /Budget/ });
    await renderTeams('/fixture-squads', teams);
    await screen.findByRole('row', { name: /Tigers/ }, firstPage);
    expect(budgetColumn()).toBeInTheDocument();
    cleanup();
    server.use(
      meHandler(directorUser),
      http.post('*/api/fixture-squads/table', () => {
        const { budget: _, ...seen } = tigers;
        return HttpResponse.json({ result: { data: [seen], totalFilteredRecords: 1 } });
      }),
    );
    await renderTeams('/fixture-squads', schoolTeams);
    await screen.findByRole('row', { name: /Tigers/ }, firstPage);
    expect(budgetColumn()).not.toBeInTheDocument();
    cleanup();
    await renderTeams('/fixture-squads/create', schoolTeams);
    await screen.findByRole('textbox', { name: /^Team name/ }, firstPage);
    expect(screen.queryByRole('spinbutton', { name: /Budget/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Budget/)).not.toBeInTheDocument();
  });

  it('adds its menu entry to the Settings group for the roles that may list it', async () => {
    server.use(meHandler(adminUser));
    await renderTeams('/menu');
    const group = await screen.findByRole('list', { name: appMessages.layout.settingsGroup });
    await waitFor(() => expect(within(group).getByRole('link', { name: 'Teams' })).toBeInTheDocument());
  });
});
