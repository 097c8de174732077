import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordContextProvider } from 'react-admin';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AccountRow } from '../../../../contract/users';
import { appMessages } from '../../../../src/i18n/en';
import { session } from '../../../../src/providers';
import { AccountOptions, RolesCell } from '../../../../src/resources/users/UserList';
import { adminUser, meHandler, renderAdmin } from '../../layout/renderAdmin';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  // Unmount before signing out, or the sign-out redraws the page outside act().
  cleanup();
  session.reset();
});
afterAll(() => server.close());

const text = appMessages.users;
const row = (overrides: Partial<AccountRow>): AccountRow => ({
  id: 5,
  version: 1,
  email: 'coach@example.com',
  fullName: 'Casey Coach',
  isLocked: false,
  emailConfirmed: true,
  roles: ['AthleticDirector'],
  ...overrides,
});

async function openOptions(record: AccountRow) {
  renderAdmin(
    <RecordContextProvider value={record}>
      <AccountOptions />
    </RecordContextProvider>,
  );
  await userEvent.click(screen.getByRole('button', { name: `Options for ${record.email}` }));
  return (await screen.findAllByRole('menuitem')).map((item) => [
    item.textContent,
    item.getAttribute('href'),
  ]);
}

describe('account row options', () => {
  it('never offers to lock the signed-in account itself', async () => {
    server.use(meHandler({ ...adminUser, id: 5 }));
    await session.refresh();
    expect(await openOptions(row({}))).toEqual([
      [text.edit.replace('%{email}', 'coach@example.com'), '/users/update/5'],
    ]);
  });

  it('offers Edit and Lock for a confirmed, unlocked account', async () => {
    expect(await openOptions(row({}))).toEqual([
      [text.edit.replace('%{email}', 'coach@example.com'), '/users/update/5'],
      [text.lock, '/users/lock/5'],
    ]);
  });

  it('offers Resend Email Confirmation only while the email is unconfirmed, and Unlock for a locked account', async () => {
    expect(await openOptions(row({ emailConfirmed: false, isLocked: true }))).toEqual([
      [text.edit.replace('%{email}', 'coach@example.com'), '/users/update/5'],
      [text.resend, '/users/resend/5'],
      [text.unlock, '/users/unlock/5'],
    ]);
  });
});

describe("an account row's roles", () => {
  it('names a role as the form does: Athletic Director, not AthleticDirector', async () => {
    renderAdmin(
      <RecordContextProvider value={row({ roles: ['Admin', 'AthleticDirector'] })}>
        <RolesCell />
      </RecordContextProvider>,
    );
    expect(await screen.findByText('Admin, Athletic Director')).toBeInTheDocument();
  });
});
