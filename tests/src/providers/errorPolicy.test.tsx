import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { AdminContext, Notification, RecordContextProvider, ResourceContextProvider } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resourceDefinitions } from '../../../contract/definitions';
import { appMessages } from '../../../src/i18n/en';
import { AdminBridge } from '../../../src/layout/AdminBridge';
import { http as httpClient } from '../../../src/providers';
import { createDataProvider } from '../../../src/providers/dataProvider';
import { i18nProvider } from '../../../src/providers/i18nProvider';
import { DeleteRowButton } from '../../../src/resources/DeleteRowButton';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const errors = appMessages.errors;

/** A page tree of its own, as the admin and the public pages are: own toasts, own Bridge. */
const Page = ({ children }: { children?: React.ReactNode }) => (
  <AdminContext
    i18nProvider={i18nProvider}
    dataProvider={createDataProvider(httpClient, resourceDefinitions)}
  >
    <AdminBridge />
    {children}
    <Notification />
  </AdminContext>
);

function renderDelete() {
  render(
    <MemoryRouter>
      <Page>
        <ResourceContextProvider value="settings">
          <RecordContextProvider value={{ id: 4, key: 'ShopBanner' }}>
            <DeleteRowButton label="Setting" title="MaxProducts" />
          </RecordContextProvider>
        </ResourceContextProvider>
      </Page>
    </MemoryRouter>,
  );
}

async function confirmDelete() {
  await userEvent.click(screen.getByRole('button', { name: 'Delete MaxProducts' }));
  await userEvent.click(screen.getByRole('button', { name: appMessages.tables.confirm }));
}

describe('one toast per failure (section 8)', () => {
  it("a delete the server fails toasts 'Something went wrong talking to the portal' once", async () => {
    server.use(http.delete('*/api/settings/4', () => HttpResponse.json({ result: null }, { status: 500 })));
    renderDelete();
    await confirmDelete();
    expect(await screen.findByText(errors.server)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getAllByText(errors.server)).toHaveLength(1);
  });

  it("a delete refused without a property name toasts 'Error: ' plus the message once", async () => {
    server.use(
      http.delete('*/api/settings/4', () =>
        HttpResponse.json(
          { result: null, validationFailures: [{ propertyName: '', errorMessage: 'The setting is in use' }] },
          { status: 400 },
        ),
      ),
    );
    renderDelete();
    await confirmDelete();
    expect(await screen.findByText('Error: The setting is in use')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.queryByText('The setting is in use')).toBeNull();
  });

  it("a 403 toasts 'You are not authorized to do this.' on the /403 page it lands on", async () => {
    server.use(http.get('*/api/settings/4', () => HttpResponse.json({ result: null }, { status: 403 })));
    const Load = () => (
      <button type="button" onClick={() => httpClient('/api/settings/4').catch(() => undefined)}>
        Load
      </button>
    );
    render(
      <MemoryRouter initialEntries={['/admin/settings']}>
        <Routes>
          <Route
            path="/admin/*"
            element={
              <Page>
                <Load />
              </Page>
            }
          />
          <Route
            path="/403"
            element={
              <Page>
                <h1>{appMessages.forbidden.title}</h1>
              </Page>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Load' }));
    expect(await screen.findByRole('heading', { name: appMessages.forbidden.title })).toBeInTheDocument();
    expect(await screen.findByText(errors.forbidden)).toBeInTheDocument();
  });
});
