import { cleanup, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appMessages } from '../../../src/i18n/en';
import { DashboardPage } from '../../../src/pages/dashboard/DashboardPage';
import { session } from '../../../src/providers';
import { adminUser, directorUser, meHandler, renderAdmin } from '../layout/renderAdmin';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  // Unmount before signing out, or the sign-out redraws the page outside act().
  cleanup();
  session.reset();
});
afterAll(() => server.close());

const text = appMessages.dashboard;

const dashboard = (dataElements: unknown[]) =>
  http.get('*/api/dashboard', () => HttpResponse.json({ result: { dataElements } }));

describe('dashboard', () => {
  it('shows an Admin the cards in order, with Update Account and View Users links', async () => {
    server.use(
      meHandler(adminUser),
      dashboard([
        { dashboardDataType: 'UserDetails', id: 1, fullName: 'Ada Admin', email: 'admin@example.com' },
        { dashboardDataType: 'UserRoles', roles: ['Admin'] },
        { dashboardDataType: 'UserCount', numberOfUsers: 1234 },
      ]),
    );
    await session.refresh();
    renderAdmin(<DashboardPage />);
    const cards = await screen.findAllByRole('region');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      text.primaryInfo,
      text.assignedRoles,
      text.userCount,
    ]);
    expect(screen.getByText('1,234')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: text.updateAccount })).toHaveAttribute(
      'href',
      '/admin/users/update/1',
    );
    expect(screen.getByRole('link', { name: text.viewUsers })).toHaveAttribute('href', '/admin/users');
  });

  it('shows N/A for an empty name and no Update Account link to an AthleticDirector', async () => {
    server.use(
      meHandler(directorUser),
      dashboard([
        { dashboardDataType: 'UserDetails', id: 2, fullName: null, email: 'ad@example.com' },
        { dashboardDataType: 'UserRoles', roles: ['AthleticDirector'] },
      ]),
    );
    await session.refresh();
    renderAdmin(<DashboardPage />);
    expect(await screen.findByText(text.notAvailable)).toBeInTheDocument();
    expect(screen.getByText('AthleticDirector')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: text.updateAccount })).not.toBeInTheDocument();
    expect(screen.queryByText(text.userCount)).not.toBeInTheDocument();
  });

  it("toasts 'There was a problem loading your dashboard information.' when loading fails", async () => {
    server.use(
      meHandler(adminUser),
      http.get('*/api/dashboard', () => HttpResponse.json({ result: null }, { status: 500 })),
    );
    await session.refresh();
    renderAdmin(<DashboardPage />);
    // Once as the toast and once in place of the cards.
    await waitFor(() => expect(screen.getAllByText(appMessages.errors.dashboardLoad)).toHaveLength(2));
    expect(screen.queryByText(appMessages.errors.server)).not.toBeInTheDocument();
  });
});
