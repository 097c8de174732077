import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { definitionsWithoutSchemas } from '../../../contract/definitions/without-schemas';
import { offers } from '../../../contract/definition';
import { teams } from '../../../contract/examples/teams';
import { roles } from '../../../contract/roles';
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
const inGroup = () =>
  within(within(sidebar()).getByRole('list', { name: text.settingsGroup }))
    .getAllByRole('link')
    .map((item) => item.textContent);

/**
 * The registry, and a copy with the README's example added as written: the sidebar follows the
 * definitions, so a new resource needs no change here.
 */
describe.each([
  { registry: 'the registry', definitions: definitionsWithoutSchemas },
  { registry: "the registry with the README's example", definitions: [...definitionsWithoutSchemas, teams] },
])('sidebar of $registry', ({ definitions }) => {
  /** The entries the definitions give a role, in menu order: `menu.label` else the plural label. */
  const registered = (role: string, inSettings: boolean) =>
    definitions
      .filter((definition) => definition.menu && offers(definition, 'list', [role]))
      .filter((definition) => (definition.menu!.group === 'settings') === inSettings)
      .sort((a, b) => a.menu!.order - b.menu!.order)
      .map((definition) => definition.menu!.label ?? definition.label.many);
  const show = () => renderAdmin(<Menu definitions={definitions} />, { definitions });

  it("shows an Admin the pages and every resource they may list, the Settings group's after Email Templates, folding", async () => {
    server.use(meHandler(adminUser));
    await session.refresh();
    show();
    const group = await within(sidebar()).findByRole('button', { name: text.settingsGroup, expanded: true });
    const settings = registered(roles.admin, true);
    expect(settings).toContain('Portal Settings');
    await waitFor(() => expect(inGroup()).toEqual(settings));
    const top = entries().filter((entry) => !settings.includes(entry!));
    expect(top.slice(0, 2)).toEqual([text.dashboard, text.designLogos]);
    expect(top).toEqual(expect.arrayContaining(registered(roles.admin, false)));
    expect(top.indexOf(text.settingsGroup)).toBe(top.indexOf('Email Templates') + 1);
    expect(top.indexOf(text.baseApparel)).toBe(top.indexOf(text.merchandise) + 1);
    // A navigation landmark of links, each a Tab stop as links are, not a menu of menuitems.
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('menuitem')).toEqual([]);
    expect(within(sidebar()).getByRole('link', { name: 'Accounts' })).toHaveAttribute('href', '/admin/users');
    // The group folds; the Settings table is an entry inside it, named apart from the group.
    await userEvent.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: settings[0] })).not.toBeInTheDocument();
  });

  it('shows an AthleticDirector only the pages and resources that role may open', async () => {
    server.use(meHandler(directorUser));
    await session.refresh();
    show();
    const settings = registered(roles.athleticDirector, true);
    const top = [
      text.dashboard,
      text.designLogos,
      ...registered(roles.athleticDirector, false),
      text.merchandise,
    ];
    await waitFor(() =>
      expect(entries()).toEqual(
        settings.length > 0 ? [...top.slice(0, 2), text.settingsGroup, ...settings, ...top.slice(2)] : top,
      ),
    );
    if (settings.length === 0)
      expect(screen.queryByRole('button', { name: text.settingsGroup })).not.toBeInTheDocument();
  });
});
