import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { Route, Routes, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appMessages } from '../../../../src/i18n/en';
import { UserLockPage } from '../../../../src/resources/users/UserConfirmPages';
import { renderAdmin } from '../../layout/renderAdmin';

const user = {
  id: 5,
  organizationId: null,
  email: 'coach@example.com',
  username: 'coach@example.com',
  name: { firstName: 'Casey', middleName: null, lastName: 'Coach', suffix: null, fullName: 'Casey Coach' },
  userRoles: ['Admin'],
  profilePhotoGuid: null,
  contactInformation: null,
  isLocked: false,
  emailConfirmed: true,
};

const server = setupServer(http.get('*/api/users/5', () => HttpResponse.json({ result: user })));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const text = appMessages.users;

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderLockPage(lock: boolean) {
  renderAdmin(
    <Routes>
      <Route path="/users/:action/:id" element={<UserLockPage id={5} lock={lock} />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { path: `/users/${lock ? 'lock' : 'unlock'}/5` },
  );
}

describe('lock and unlock pages', () => {
  it('asks before locking, then toasts and returns to the accounts table', async () => {
    server.use(
      http.patch('*/api/users/5/lock', () => HttpResponse.json({ result: { ...user, isLocked: true } })),
    );
    renderLockPage(true);
    expect(await screen.findByText(text.lockConfirm)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: text.confirm }));
    expect(await screen.findByText('Locked account coach@example.com')).toBeInTheDocument();
    expect(await screen.findByTestId('where')).toHaveTextContent('/users');
  });

  it('asks before unlocking', async () => {
    server.use(http.patch('*/api/users/5/unlock', () => HttpResponse.json({ result: user })));
    renderLockPage(false);
    expect(await screen.findByText(text.unlockConfirm)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: text.confirm }));
    expect(await screen.findByText('Unlocked account coach@example.com')).toBeInTheDocument();
  });

  it('toasts the first validation failure once when locking fails, and stays on the page', async () => {
    server.use(
      http.patch('*/api/users/5/lock', () =>
        HttpResponse.json(
          {
            result: null,
            validationFailures: [
              { propertyName: 'id', errorMessage: 'This account cannot be locked now' },
              { propertyName: 'id', errorMessage: 'Second failure' },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    renderLockPage(true);
    await userEvent.click(await screen.findByRole('button', { name: text.confirm }));
    expect(await screen.findAllByText('This account cannot be locked now')).toHaveLength(1);
    expect(screen.queryByText('Second failure')).not.toBeInTheDocument();
    expect(screen.getByText(text.lockConfirm)).toBeInTheDocument();
  });
});
