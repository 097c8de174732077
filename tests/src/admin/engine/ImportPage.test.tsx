import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../../contract/definitions';
import { promoCodes } from '../../../../contract/definitions/promo-codes';
import type { ImportPreview } from '../../../../contract/import';
import { ImportPage, templateFile } from '../../../../src/admin/engine/ImportPage';
import { appMessages } from '../../../../src/i18n/en';
import { session } from '../../../../src/providers';
import { adminUser, meHandler, renderAdmin } from '../../layout/renderAdmin';

const texts = appMessages.import;
const header = ['Code', 'Name', 'Organization', 'Region', 'Active'];
const preview = (overrides: Partial<ImportPreview>): ImportPreview => ({
  header,
  columns: [],
  unknownColumns: [],
  missingFields: [],
  delimiter: ',',
  format: 'csv',
  rows: 3,
  created: 1,
  updated: 1,
  unchanged: 0,
  failures: [{ row: 4, column: 'Code', field: 'code', message: 'Code is required' }],
  failingRows: [{ row: 4, cells: ['', 'Fall', 'Lincoln', 'OH', 'yes'] }],
  versions: { '7': 3 },
  invitations: 0,
  listed: [],
  ...overrides,
});

const forms: Record<string, string>[] = [];
const fieldsOf = async (request: Request) => {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === 'string') fields[key] = value;
  forms.push(fields);
  return fields;
};
const commitKeys: (string | null)[] = [];
const server = setupServer(
  meHandler(adminUser),
  http.post('*/api/promo-codes/import/preview', async ({ request }) => {
    const { mapping } = await fieldsOf(request);
    const mapped = (JSON.parse(mapping) as Record<string, string>).Region === 'state';
    return HttpResponse.json({
      result: mapped ? preview({}) : preview({ missingFields: ['state'], unknownColumns: ['Region'] }),
    });
  }),
  http.post('*/api/users/import/preview', async ({ request }) => {
    await fieldsOf(request);
    return HttpResponse.json({ result: preview({ header: ['Email'], failures: [], failingRows: [] }) });
  }),
  http.post('*/api/promo-codes/import', async ({ request }) => {
    commitKeys.push(request.headers.get('idempotency-key'));
    await fieldsOf(request);
    return HttpResponse.json({ result: { importId: 'f3c1', created: 1, updated: 1, unchanged: 0 } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  cleanup();
  session.reset();
});
afterAll(() => server.close());

describe('the import page', () => {
  it('says which columns are required and offers a template of every column it takes, in the reader’s words', async () => {
    await session.refresh();
    renderAdmin(<ImportPage definition={promoCodes} />);
    // Active has a default, so a file may leave it out; Description is optional.
    expect((await screen.findByTestId('import-required')).textContent).toBe(
      'Required columns: Code, Name, Organization, State',
    );
    expect(screen.getByRole('button', { name: texts.template })).toBeEnabled();
    const template = templateFile(['Code', 'Name', 'Organization', 'State', 'Active', 'Description']);
    // A BOM first, so Excel opens it as UTF-8 ('Organización' stays readable).
    expect([...new Uint8Array(await template.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await template.text()).toBe('Code,Name,Organization,State,Active,Description\r\n');
  });

  it('asks for a column for a required field the file lacks, then commits with that column, the preview’s versions and its failing rows left out', async () => {
    await session.refresh();
    const user = userEvent.setup();
    renderAdmin(<ImportPage definition={promoCodes} />);
    const input = await screen.findByLabelText(texts.chooseFile, { selector: 'input' });
    await user.upload(input, new File(['Code,Name\r\n'], 'promos.csv', { type: 'text/csv' }));

    await screen.findByText(texts.mappingTitle);
    expect(JSON.parse(forms[0].mapping)).toMatchObject({ Code: 'code', State: 'state', Active: 'isActive' });
    expect(forms[0].locale).toBe('en');
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Region' }));
    await user.click(screen.getByRole('button', { name: texts.previewAgain }));

    const counts = await screen.findByTestId('import-counts');
    expect(counts.textContent).toBe('3 rows: 1 to create, 1 to update, 0 unchanged, 1 failing');
    const failing = screen.getByRole('table', { name: texts.failingRows });
    expect(
      within(failing)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['RowColumnMessage', '4CodeCode is required']);
    await user.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    await waitFor(() => expect(forms).toHaveLength(3));
    expect(JSON.parse(forms[2].mapping).Region).toBe('state');
    expect(JSON.parse(forms[2].versions)).toEqual({ '7': 3 });
    expect(JSON.parse(forms[2].skipRows)).toEqual([4]);
    // Sent again after a lost answer, the commit would be answered rather than imported twice.
    expect(commitKeys).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
  });

  it('reads an account’s columns and roles by their Spanish labels as by their English ones, whatever the user’s language', async () => {
    await session.refresh();
    const user = userEvent.setup();
    renderAdmin(<ImportPage definition={users} />);
    const input = await screen.findByLabelText(texts.chooseFile, { selector: 'input' });
    await user.upload(input, new File(['Email\r\n'], 'accounts.csv', { type: 'text/csv' }));
    await screen.findByTestId('import-counts');

    const form = forms.at(-1)!;
    expect(form.locale).toBe('en');
    expect(JSON.parse(form.mapping)).toMatchObject({
      'First name': 'firstName',
      'Nombre de pila': 'firstName',
      Apellido: 'lastName',
      Roles: 'userRoles',
    });
    expect(JSON.parse(form.choices)).toEqual({
      userRoles: {
        Admin: 'Admin',
        Administrador: 'Admin',
        'Athletic Director': 'AthleticDirector',
        'Director deportivo': 'AthleticDirector',
        Reviewer: 'Reviewer',
        Revisor: 'Reviewer',
      },
    });
  });

  it('lists the preview’s rows by outcome, an update’s changes as the reader reads them, a page at a time', async () => {
    await session.refresh();
    const listed: ImportPreview['listed'] = [
      {
        row: 2,
        outcome: 'update',
        title: 'Spring',
        changes: [
          { field: 'state', before: 'OH', after: 'CA' },
          { field: 'isActive', before: true, after: false },
        ],
      },
      { row: 3, outcome: 'create', title: 'Fall', changes: [] },
      { row: 4, outcome: 'failing', title: '', changes: [] },
      ...Array.from({ length: 30 }, (_, n) => ({
        row: 5 + n,
        outcome: 'unchanged' as const,
        title: `Same ${n}`,
        changes: [],
      })),
    ];
    server.use(
      http.post('*/api/promo-codes/import/preview', () =>
        HttpResponse.json({ result: preview({ header, rows: 33, unchanged: 30, listed }) }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin(<ImportPage definition={promoCodes} />);
    const input = await screen.findByLabelText(texts.chooseFile, { selector: 'input' });
    await user.upload(input, new File(['Code\r\n'], 'promos.csv', { type: 'text/csv' }));
    const table = await screen.findByRole('table', { name: texts.rowsTitle });
    const shownRows = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent);
    expect(shownRows()).toHaveLength(25);
    expect(shownRows().slice(0, 3)).toEqual([
      '2To updateSpringState: OH - Ohio → CA - CaliforniaActive: Yes → No',
      '3To createFall',
      '4FailingCode: Code is required',
    ]);
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(shownRows()).toHaveLength(8);

    await user.click(screen.getByRole('combobox', { name: texts.outcome }));
    await user.click(await screen.findByRole('option', { name: `${texts.outcomes.update} (1)` }));
    expect(shownRows()).toEqual(['2To updateSpringState: OH - Ohio → CA - CaliforniaActive: Yes → No']);
  });

  it('undoes a large import as a job, showing how far it has got until it is done', async () => {
    await session.refresh();
    let polls = 0;
    server.use(
      http.post('*/api/promo-codes/import/:importId/undo', () =>
        HttpResponse.json({ result: { state: 'running', done: 0, total: 5000 } }),
      ),
      http.get('*/api/promo-codes/import/:importId/undo', () => {
        polls += 1;
        return HttpResponse.json({
          result:
            polls < 2
              ? { state: 'running', done: 2000, total: 5000 }
              : {
                  state: 'done',
                  done: 5000,
                  total: 5000,
                  result: { removed: 5000, restored: 0, kept: [], invitations: { sent: 0, cancelled: 0 } },
                },
        });
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<ImportPage definition={promoCodes} />);
    const input = await screen.findByLabelText(texts.chooseFile, { selector: 'input' });
    await user.upload(input, new File(['Code,Name\r\n'], 'promos.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Region' }));
    await user.click(screen.getByRole('button', { name: texts.previewAgain }));
    await user.click(await screen.findByRole('button', { name: 'Import 2 rows' }));
    await user.click(await screen.findByRole('button', { name: texts.undoImport }));
    // The disabled Undo button would drop the focus: the progress, then the outcome, hold it.
    const progress = await screen.findByText('Undoing the import: 2000 of 5000 rows...');
    expect(progress.closest('[role=status]')).toHaveFocus();
    const undone = await screen.findByText(texts.undone, {}, { timeout: 5000 });
    await waitFor(() => expect(undone.closest('[role=alert]')).toHaveFocus());
    expect(screen.queryByRole('button', { name: texts.undoImport })).toBeNull();
  });

  it('commits accounts with their invitations left for later, and sends them from the import when asked', async () => {
    await session.refresh();
    let invited = 0;
    server.use(
      http.post('*/api/users/import/preview', () =>
        HttpResponse.json({
          result: preview({
            header: ['Email'],
            created: 2,
            updated: 0,
            invitations: 2,
            failures: [],
            failingRows: [],
          }),
        }),
      ),
      http.post('*/api/users/import', async ({ request }) => {
        await fieldsOf(request);
        return HttpResponse.json({
          result: { importId: 'a1b2', created: 2, updated: 0, unchanged: 0, invitations: 0 },
        });
      }),
      http.post('*/api/users/import/:importId/invitations', ({ params }) => {
        invited += params.importId === 'a1b2' ? 2 : 0;
        return HttpResponse.json({ result: { invitations: 2 } });
      }),
    );
    const user = userEvent.setup();
    renderAdmin(<ImportPage definition={users} />);
    const input = await screen.findByLabelText(texts.chooseFile, { selector: 'input' });
    await user.upload(input, new File(['Email\r\n'], 'accounts.csv', { type: 'text/csv' }));
    await user.click(await screen.findByRole('radio', { name: texts.invitationsLater }));
    await user.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    await user.click(await screen.findByRole('button', { name: 'Send 2 invitation e-mails' }));
    const queued = await screen.findByText('2 invitations are being sent');
    await waitFor(() => expect(queued.closest('[role=alert]')).toHaveFocus());
    expect(forms.at(-1)!.invitations).toBe('later');
    expect(invited).toBe(2);
    expect(screen.queryByRole('button', { name: 'Send 2 invitation e-mails' })).toBeNull();
  });
});
