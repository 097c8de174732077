import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { useLocation } from 'wouter';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Me } from '../../../contract/account';
import { appMessages } from '../../../src/i18n/en';
import PublicApp from '../../../src/PublicApp';
import { session } from '../../../src/providers';
import { me } from '../pages/account/fixtures';

/** Signed in, but with no role: where a self-registered director lands until an Admin grants one. */
const roleless: Me = { ...me, roleNames: [], organizationId: null };

let signedIn: Me | null = roleless;
const server = setupServer(
  http.get('*/api/account/me', () =>
    signedIn ? HttpResponse.json({ result: signedIn }) : HttpResponse.json({ result: null }, { status: 401 }),
  ),
  http.post('*/api/account/logout', () => {
    signedIn = null;
    return HttpResponse.json({ result: true });
  }),
  http.get('*/api/account/external-providers', () => HttpResponse.json({ result: [] })),
  http.get('*/api/account/cookie-expiration', () => HttpResponse.json({ result: 15 })),
  http.put('*/api/account/update-timezone', () => HttpResponse.json({ result: true })),
  http.get('*/api/account/mfa-status', () =>
    HttpResponse.json({
      result: {
        is2faEnabled: false,
        recoveryCodesLeft: 0,
        hasAuthenticator: false,
        isMachineRemembered: false,
      },
    }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  session.reset();
  signedIn = roleless;
});
afterAll(() => server.close());

function Where() {
  return <p data-testid="where">{useLocation()[0]}</p>;
}

function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  return render(
    <>
      <PublicApp />
      <Where />
    </>,
  );
}

const text = appMessages.layout;
const topBar = async () => within(await screen.findByRole('banner'));

describe('a way out on every page a signed-in user sees', () => {
  it('offers Log Out and Manage Account on /403 to a user without a role, and Log Out signs out', async () => {
    renderAt('/403');
    const bar = await topBar();
    expect(bar.getByRole('link', { name: text.manageAccount })).toHaveAttribute(
      'href',
      '/account/change-password',
    );
    await userEvent.click(bar.getByRole('button', { name: text.logout }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/login$/));
    expect(screen.queryByRole('button', { name: text.logout })).not.toBeInTheDocument();
  });

  for (const path of ['/', '/home']) {
    it(`says 'Go to the portal' on ${path} when signed in, with Log Out`, async () => {
      renderAt(path);
      expect(await screen.findByRole('link', { name: appMessages.home.goToPortal })).toHaveAttribute(
        'href',
        '/admin',
      );
      expect((await topBar()).getByRole('button', { name: text.logout })).toBeInTheDocument();
    });
  }

  it("says 'Sign in' on / to a visitor, with no top bar", async () => {
    signedIn = null;
    renderAt('/');
    await waitFor(() => expect(session.getState().status).toBe('checked'));
    expect(screen.getByRole('link', { name: appMessages.home.signIn })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('offers Log Out in the account area', async () => {
    renderAt('/account/two-factor-authentication');
    expect(
      await screen.findByRole('heading', { level: 1, name: appMessages.account.title }),
    ).toBeInTheDocument();
    expect((await topBar()).getByRole('button', { name: text.logout })).toBeInTheDocument();
  });
});
