import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { AdminContext, Notification, RecordContextProvider, ResourceContextProvider } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appMessages } from '../../../src/i18n/en';
import { http as httpClient } from '../../../src/providers';
import { i18nProvider } from '../../../src/providers/i18nProvider';
import { resourceDefinitions } from '../../../contract/definitions';
import { createDataProvider } from '../../../src/providers/dataProvider';
import { DeleteRowButton } from '../../../src/resources/DeleteRowButton';

const deleted: string[] = [];
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  deleted.length = 0;
});
afterAll(() => server.close());

function renderButton(resource = 'users') {
  render(
    <AdminContext
      i18nProvider={i18nProvider}
      dataProvider={createDataProvider(httpClient, resourceDefinitions)}
      authProvider={{
        login: async () => undefined,
        logout: async () => undefined,
        checkAuth: async () => undefined,
        checkError: async () => undefined,
        getPermissions: async () => ['Admin'],
      }}
    >
      <ResourceContextProvider value={resource}>
        <RecordContextProvider value={{ id: 42, email: 'coach@example.com' }}>
          <DeleteRowButton label="Account" title="Ada Lovelace" />
          <Notification />
        </RecordContextProvider>
      </ResourceContextProvider>
    </AdminContext>,
  );
}

describe('generic row delete', () => {
  it("asks 'Are you sure you want to delete this Account' and calls nothing on Cancel", async () => {
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Ada Lovelace' }));
    expect(screen.getByText('Are you sure you want to delete this Account')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: appMessages.tables.cancel }));
    await waitFor(() =>
      expect(screen.queryByText('Are you sure you want to delete this Account')).toBeNull(),
    );
    expect(deleted).toEqual([]);
  });

  it("sends DELETE /api/{table key}/{id} on Confirm and toasts 'Deleted'", async () => {
    server.use(
      http.delete('*/api/users/:id', ({ params }) => {
        deleted.push(String(params.id));
        return HttpResponse.json({ result: null });
      }),
    );
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Ada Lovelace' }));
    await userEvent.click(screen.getByRole('button', { name: appMessages.tables.confirm }));
    expect(await screen.findByText(appMessages.tables.deleted)).toBeInTheDocument();
    expect(deleted).toEqual(['42']);
  });

  it("offers Undo on the 'Deleted' toast of a record moved to the trash, which restores it", async () => {
    const restored: unknown[] = [];
    server.use(
      http.delete('*/api/promo-codes', () => HttpResponse.json({ result: null })),
      http.post('*/api/promo-codes/restore-many', async ({ request }) => {
        restored.push(await request.json());
        return HttpResponse.json({ result: { count: 1 } });
      }),
      http.post('*/api/promo-codes/table', () =>
        HttpResponse.json({ result: { data: [], totalFilteredRecords: 0 } }),
      ),
    );
    renderButton('promo-codes');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Ada Lovelace' }));
    await userEvent.click(screen.getByRole('button', { name: appMessages.tables.confirm }));
    expect(await screen.findByText(appMessages.tables.deleted)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: appMessages.trash.undo }));
    await waitFor(() => expect(restored).toEqual([{ ids: [42] }]));
  });

  it("toasts the first validation failure's message when the delete fails", async () => {
    server.use(
      http.delete('*/api/users/:id', () =>
        HttpResponse.json(
          {
            result: null,
            validationFailures: [
              { propertyName: 'id', errorMessage: 'You cannot delete your own account' },
              { propertyName: 'id', errorMessage: 'second' },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    renderButton();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Ada Lovelace' }));
    await userEvent.click(screen.getByRole('button', { name: appMessages.tables.confirm }));
    expect(await screen.findByText('You cannot delete your own account')).toBeInTheDocument();
    expect(screen.queryByText(appMessages.tables.deleted)).toBeNull();
  });
});
