import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { CoreAdminContext } from 'ra-core';
import { Route, Switch } from 'wouter';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appMessages } from '../../../src/i18n/en';
import { LoginPage } from '../../../src/pages/login/LoginPage';
import { authProvider, session } from '../../../src/providers';
import { Where } from './account/fixtures';

const users: Record<string, string> = { 'admin@example.com': 'Admin-Passw0rd!' };
const server = setupServer(
  http.get('*/api/account/external-providers', () => HttpResponse.json({ result: [] })),
  http.post('*/api/account/login', async ({ request }) => {
    const body = (await request.json()) as { email: string; password: string };
    const ok = users[body.email] === body.password;
    return HttpResponse.json({
      result: ok ? { status: 'Succeeded' } : { status: 'Failed', message: 'Invalid login attempt.' },
    });
  }),
  http.get('*/api/account/me', () =>
    HttpResponse.json({
      result: {
        id: 1,
        email: 'admin@example.com',
        fullName: 'Portal Admin',
        roleNames: ['Admin'],
        organizationId: null,
        organizationGuid: null,
        profilePhotoGuid: null,
        is2faEnabled: false,
        recoveryCodesLeft: 0,
        hasAuthenticator: false,
      },
    }),
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

function renderAt(url: string) {
  window.history.replaceState(null, '', url);
  return render(
    <CoreAdminContext authProvider={authProvider}>
      <Switch>
        <Route path="/login">
          <LoginPage />
        </Route>
        <Route>
          <Where />
        </Route>
      </Switch>
    </CoreAdminContext>,
  );
}

async function signIn(email: string, password: string) {
  await userEvent.type(screen.getByLabelText(/Email/), email);
  await userEvent.type(screen.getByLabelText(/Password/), password);
  await userEvent.click(screen.getByRole('button', { name: appMessages.login.submit }));
}

describe('LoginPage', () => {
  it('goes to /admin after signing in without a returnUrl', async () => {
    renderAt('/login');
    await signIn('admin@example.com', 'Admin-Passw0rd!');
    expect(await screen.findByTestId('where')).toHaveTextContent('/admin');
  });

  it('goes back to the returnUrl after signing in', async () => {
    renderAt('/login?returnUrl=%2Fadmin%2Fusers');
    await signIn('admin@example.com', 'Admin-Passw0rd!');
    expect(await screen.findByTestId('where')).toHaveTextContent('/admin/users');
  });

  it('ignores a returnUrl to another site in favour of /admin', async () => {
    renderAt('/login?returnUrl=https%3A%2F%2Fevil.example');
    await signIn('admin@example.com', 'Admin-Passw0rd!');
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/admin$/);
  });

  it('shows the failure and stays on the login page for a wrong password', async () => {
    renderAt('/login');
    await signIn('admin@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login attempt.');
    await waitFor(() => expect(screen.getByRole('button', { name: appMessages.login.submit })).toBeEnabled());
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('checks the e-mail in the form itself, never leaving it to the browser, whose bubble would cover ours', async () => {
    renderAt('/login');
    const form = screen.getByRole('form', { name: appMessages.login.title });
    expect(form).toHaveAttribute('novalidate');
    await signIn('not-an-email', 'whatever');
    expect(await screen.findByText('Email is not a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('asks for the e-mail and password it was not given', async () => {
    renderAt('/login');
    await userEvent.click(screen.getByRole('button', { name: appMessages.login.submit }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it("shows the portal's name and mark, and names the page 'Sign in · Spirit Portal'", async () => {
    renderAt('/login');
    expect(within(screen.getByRole('main')).getByTestId('portal-brand')).toHaveTextContent('Spirit Portal');
    expect(screen.getByRole('main').querySelector('svg[aria-hidden="true"]')).not.toBeNull();
    await waitFor(() => expect(document.title).toBe('Sign in · Spirit Portal'));
  });
});
