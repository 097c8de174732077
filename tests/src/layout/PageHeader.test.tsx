import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appMessages } from '../../../src/i18n/en';
import { PageHeader } from '../../../src/layout/PageHeader';
import { selectedOrganizationKey } from '../../../src/layout/useSelectedOrganization';
import { session } from '../../../src/providers';
import { adminUser, directorUser, meHandler, renderAdmin } from './renderAdmin';

const organizations = {
  3: { id: 3, guid: 'g3', name: 'Lincoln High School', spiritShopAddress: 'https://shop.example/lincoln' },
  7: { id: 7, guid: 'g7', name: 'Riverside Rowing Club', spiritShopAddress: null },
} as Record<number, unknown>;

const server = setupServer(
  http.get('*/api/organizations/options', () =>
    HttpResponse.json({
      result: [
        { value: 3, label: 'Lincoln High School' },
        { value: 7, label: 'Riverside Rowing Club' },
      ],
    }),
  ),
  http.get('*/api/organizations/:id', ({ params }) =>
    HttpResponse.json({ result: organizations[Number(params.id)] }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  // Unmount before signing out, or the sign-out redraws the page outside act().
  cleanup();
  session.reset();
});
afterAll(() => server.close());

const text = appMessages.shell;

describe('page header', () => {
  it('drops a remembered organization that is no longer among the options', async () => {
    server.use(meHandler(adminUser));
    await session.refresh();
    const { store } = renderAdmin(<PageHeader />, {
      path: '/design-logos',
      store: { [selectedOrganizationKey]: 99 },
    });
    await waitFor(() => expect(store.getItem(selectedOrganizationKey)).toBeNull());
    expect(screen.getByText(text.noOrganization)).toBeInTheDocument();
  });

  it('asks an Admin for an organization only where the page needs one, and shows no picker where none applies', async () => {
    server.use(meHandler(adminUser));
    await session.refresh();
    renderAdmin(<PageHeader />, { path: '/orders' });
    expect(await screen.findByText(text.noOrganization)).toBeInTheDocument();
    cleanup();

    // The dashboard's sales cover every organization until one is chosen.
    renderAdmin(<PageHeader />, { path: '/dashboard' });
    expect(await screen.findByText(text.allOrganizations)).toBeInTheDocument();
    cleanup();

    for (const path of [
      '/users',
      '/settings/update/1',
      '/email-template',
      '/brands',
      '/jobs',
      '/audit-log',
    ]) {
      renderAdmin(
        <>
          <PageHeader />
          <p>The page</p>
        </>,
        { path },
      );
      // A page the choice does not change shows no organization, no picker and no line about it.
      await screen.findByText('The page');
      expect(screen.queryByRole('combobox', { name: text.organization })).not.toBeInTheDocument();
      expect(
        screen.queryByText('This page is the same whichever organization is chosen.'),
      ).not.toBeInTheDocument();
      expect(screen.queryByText(text.noOrganization)).not.toBeInTheDocument();
      cleanup();
    }
  });

  it('lets an Admin choose an organization, kept in the store, with its storefront link', async () => {
    server.use(meHandler(adminUser));
    await session.refresh();
    const { store } = renderAdmin(<PageHeader />, { path: '/orders' });
    await userEvent.click(await screen.findByRole('combobox', { name: text.organization }));
    await userEvent.click(await screen.findByRole('option', { name: 'Lincoln High School' }));
    expect(await screen.findByTestId('organization-name')).toHaveTextContent('Lincoln High School');
    expect(store.getItem(selectedOrganizationKey)).toBe(3);
    const link = await screen.findByRole('link', { name: text.storefront });
    expect(link).toHaveAttribute('href', 'https://shop.example/lincoln');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));

    await userEvent.click(screen.getByRole('combobox', { name: text.organization }));
    const listbox = await screen.findByRole('listbox');
    await userEvent.click(within(listbox).getByRole('option', { name: 'Riverside Rowing Club' }));
    await waitFor(() =>
      expect(screen.getByTestId('organization-name')).toHaveTextContent('Riverside Rowing Club'),
    );
    expect(screen.queryByRole('link', { name: text.storefront })).not.toBeInTheDocument();
  });

  it('shows a non-admin their own organization and no selector, whatever the store says', async () => {
    server.use(meHandler(directorUser));
    await session.refresh();
    renderAdmin(<PageHeader />, { store: { [selectedOrganizationKey]: 3 } });
    expect(await screen.findByText('Riverside Rowing Club')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});
