import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { AdminContext, memoryStore, Resource } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appMessages } from '../../../../src/i18n/en';
import { selectedOrganizationKey } from '../../../../src/layout/useSelectedOrganization';
import { http as httpClient, session } from '../../../../src/providers';
import { i18nProvider } from '../../../../src/providers/i18nProvider';
import { resourceDefinitions } from '../../../../contract/definitions';
import { createDataProvider } from '../../../../src/providers/dataProvider';
import { engineResource } from '../../../../src/admin/engine/resources';
import orders from '../../../../src/resources/orders';
import { ordersWithoutSchemas } from '../../../../contract/definitions/orders';

const me = (roleNames: string[], organizationId: number | null) => ({
  id: 1,
  email: 'someone@example.com',
  roleNames,
  organizationId,
  organizationGuid: null,
  profilePhotoGuid: null,
  is2faEnabled: false,
  recoveryCodesLeft: 0,
  hasAuthenticator: false,
});

const tableCalls: string[] = [];
const server = setupServer(
  http.post('*/api/orders/organization/:organizationId/table', ({ params }) => {
    tableCalls.push(String(params.organizationId));
    return HttpResponse.json({
      result: {
        data: [
          {
            id: 1,
            organizationId: Number(params.organizationId),
            collectionId: 'C-1',
            orderNumber: 'SO-1001',
            customerName: 'Pat Parent',
            customerEmail: 'pat@example.com',
            total: 1234.5,
            status: 'Paid',
            createdAt: '2026-11-22T13:05:00.000Z',
          },
          {
            id: 2,
            organizationId: Number(params.organizationId),
            collectionId: 'C-1',
            orderNumber: 'SO-1002',
            customerName: 'Rae Refund',
            customerEmail: 'rae@example.com',
            total: -25,
            status: 'Refunded',
            createdAt: '2026-11-21T09:00:00.000Z',
          },
        ],
        totalFilteredRecords: 2,
      },
    });
  }),
  http.get('*/api/organizations/options', () =>
    HttpResponse.json({ result: [{ value: 3, label: 'Lincoln High School' }] }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  // Unmount before signing out, or the sign-out redraws the page outside act().
  cleanup();
  session.reset();
  tableCalls.length = 0;
});
afterAll(() => server.close());

async function renderOrders(user: ReturnType<typeof me>, selected: number | null) {
  server.use(http.get('*/api/account/me', () => HttpResponse.json({ result: user })));
  await session.refresh();
  render(
    <AdminContext
      i18nProvider={i18nProvider}
      dataProvider={createDataProvider(httpClient, resourceDefinitions)}
      store={memoryStore({ [selectedOrganizationKey]: selected })}
    >
      <Resource name="orders" list={engineResource(ordersWithoutSchemas, orders).list} />
    </AdminContext>,
  );
}

describe('orders table', () => {
  it('asks an Admin without a selected organization to choose one, and calls nothing', async () => {
    await renderOrders(me(['Admin'], null), null);
    expect(await screen.findByText(appMessages.tables.selectOrganization)).toBeInTheDocument();
    expect(screen.getByLabelText(appMessages.tables.chooseOrganization)).toBeInTheDocument();
    expect(tableCalls).toEqual([]);
  });

  it("shows the selected organization's orders with money in dollars, negatives in parentheses", async () => {
    await renderOrders(me(['Admin'], null), 3);
    expect(await screen.findByText('SO-1001')).toBeInTheDocument();
    expect(tableCalls).toEqual(['3']);
    expect(screen.getByText('$1,234.50')).toBeInTheDocument();
    expect(screen.getByText('($25.00)')).toBeInTheDocument();
    // The row's own action is a lazy chunk that waits in its own cell, after the row is drawn.
    expect(await screen.findByRole('link', { name: 'Details of order SO-1001' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/orders\/details\/1$/),
    );
  });

  it("works on an AthleticDirector's own organization whatever is stored", async () => {
    await renderOrders(me(['AthleticDirector'], 7), 3);
    await waitFor(() => expect(tableCalls).toEqual(['7']));
  });
});
