import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appMessages } from '../../../src/i18n/en';
import { Menu } from '../../../src/layout/Menu';
import { session } from '../../../src/providers';
import { adminUser, directorUser, meHandler, renderAdmin } from './renderAdmin';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  // Unmount before signing out, or the sign-out redraws the page outside act().
  cleanup();
  session.reset();
});
afterAll(() => server.close());

const text = appMessages.layout;
const sidebar = () => screen.getByRole('navigation', { name: text.sidebar });
/** The sidebar's links, and the Settings group's button, in the order they are read. */
const entries = () => [...sidebar().querySelectorAll('a, [role="button"]')].map((item) => item.textContent);

describe('sidebar', () => {
  it('shows an Admin every entry, Apparel Colours after Merchandise, with Accounts, Promos, Brands, Portal Settings, Organizations, Sent Emails, Audit Log and Jobs under a folding Settings group', async () => {
    server.use(meHandler(adminUser));
    await session.refresh();
    renderAdmin(<Menu />);
    await waitFor(() =>
      expect(entries()).toEqual([
        text.dashboard,
        text.designLogos,
        'Email Templates',
        text.settingsGroup,
        'Accounts',
        'Promos',
        'Brands',
        'Portal Settings',
        'Organizations',
        'Sent Emails',
        'Audit Log',
        'Jobs',
        'Orders',
        text.merchandise,
        text.baseApparel,
      ]),
    );
    // A navigation landmark of links, each a Tab stop as links are, not a menu of menuitems.
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('menuitem')).toEqual([]);
    expect(within(sidebar()).getByRole('link', { name: 'Accounts' })).toHaveAttribute('href', '/admin/users');
    // The group folds; the Settings table is an entry inside it, named apart from the group.
    const group = within(sidebar()).getByRole('button', { name: text.settingsGroup, expanded: true });
    await userEvent.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Accounts' })).not.toBeInTheDocument();
  });

  it('shows an AthleticDirector only the entries that role may open', async () => {
    server.use(meHandler(directorUser));
    await session.refresh();
    renderAdmin(<Menu />);
    await waitFor(() =>
      expect(entries()).toEqual([text.dashboard, text.designLogos, 'Orders', text.merchandise]),
    );
    expect(screen.queryByRole('button', { name: text.settingsGroup })).not.toBeInTheDocument();
  });
});
