import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { AdminContext, TitlePortal } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resourceDefinitions } from '../../../../contract/definitions';
import { appMessages } from '../../../../src/i18n/en';
import { http as httpClient } from '../../../../src/providers';
import { createDataProvider } from '../../../../src/providers/dataProvider';
import { i18nProvider } from '../../../../src/providers/i18nProvider';
import { OrderDetails } from '../../../../src/resources/orders/OrderDetails';

const server = setupServer(
  http.get('*/api/orders/5', () =>
    HttpResponse.json({
      result: {
        id: 5,
        organizationId: 3,
        collectionId: 'C-1',
        orderNumber: 'SO-1005',
        customerName: 'Pat Parent',
        customerEmail: 'pat@example.com',
        total: 1279.97,
        status: 'Paid',
        createdAt: '2026-11-22T13:05:00.000Z',
      },
    }),
  ),
  http.get('*/api/orders/5/items', () =>
    HttpResponse.json({
      result: [
        {
          id: 1,
          productId: 9,
          title: 'Spirit Hoodie',
          quantity: 32,
          unitPrice: 39.99,
          thumbnailUrl: '/api/merchandise/media/merchandise/hoodie.webp',
        },
        { id: 2, productId: null, title: 'Gift card', quantity: 1, unitPrice: 0.29, thumbnailUrl: null },
      ],
    }),
  ),
  http.get('*/api/orders/6', () =>
    HttpResponse.json({ result: null, message: 'Order not found' }, { status: 404 }),
  ),
  http.get('*/api/orders/6/items', () =>
    HttpResponse.json({ result: null, message: 'Order not found' }, { status: 404 }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  cleanup();
});
afterAll(() => server.close());

const renderDetails = (id: number) =>
  render(
    <AdminContext
      // A refused order is final: no retries to wait through.
      queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
      i18nProvider={i18nProvider}
      dataProvider={createDataProvider(httpClient, resourceDefinitions)}
    >
      {/* The page's h1 is the layout's, which its Title fills. */}
      <TitlePortal component="h1" />
      <OrderDetails id={id} />
    </AdminContext>,
  );

describe('order details', () => {
  it('shows the order and its items with thumbnails, quantities and prices in dollars', async () => {
    renderDetails(5);
    expect(await screen.findByRole('heading', { name: 'Details of order SO-1005' })).toBeInTheDocument();
    expect(screen.getByText('$1,279.97')).toBeInTheDocument();
    const rows = screen.getAllByRole('row');
    expect(within(rows[1]).getByRole('presentation')).toHaveAttribute(
      'src',
      '/api/merchandise/media/merchandise/hoodie.webp',
    );
    expect(within(rows[1]).getByText('Spirit Hoodie')).toBeInTheDocument();
    expect(within(rows[1]).getByText('32')).toBeInTheDocument();
    expect(within(rows[1]).getByText('$39.99')).toBeInTheDocument();
    expect(within(rows[2]).getByText(appMessages.orders.noThumbnail)).toBeInTheDocument();
    expect(within(rows[2]).getByText('$0.29')).toBeInTheDocument();
  });

  it('is the not-found page for an order the user may not read', async () => {
    renderDetails(6);
    expect(await screen.findByText(/not found|404/i)).toBeInTheDocument();
  });
});
