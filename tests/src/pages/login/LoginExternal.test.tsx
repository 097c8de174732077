import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { Route } from 'wouter';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { externalLoginErrors } from '../../../../contract/account';
import { appMessages } from '../../../../src/i18n/en';
import { LoginPage } from '../../../../src/pages/login/LoginPage';
import { renderPage } from '../account/fixtures';

let providers: { name: string; displayName: string }[] = [];
let asked = 0;
const server = setupServer(
  http.get('*/api/account/external-providers', () => {
    asked += 1;
    return HttpResponse.json({ result: providers });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  providers = [];
});
afterAll(() => server.close());

const route = (
  <Route path="/login">
    <LoginPage />
  </Route>
);
const buttonText = (name: string) => appMessages.login.externalSignIn.replace('%{provider}', name);

describe('external sign-in on /login', () => {
  it('shows no external button when no provider is configured', async () => {
    renderPage('/login', route);
    expect(await screen.findByRole('button', { name: appMessages.login.submit })).toBeInTheDocument();
    await waitFor(() => expect(asked).toBeGreaterThan(0));
    expect(screen.queryByText(/Log in with/)).not.toBeInTheDocument();
  });

  it('links each configured provider to ExternalLogin with the returnUrl', async () => {
    providers = [{ name: 'oidc', displayName: 'School SSO' }];
    renderPage('/login?returnUrl=%2Fadmin%2Forders', route);
    const button = await screen.findByRole('link', { name: buttonText('School SSO') });
    expect(button).toHaveAttribute(
      'href',
      '/api/account/ExternalLogin?provider=oidc&returnUrl=%2Fadmin%2Forders',
    );
  });

  it('explains why the provider sent the user back, from a fixed list only', async () => {
    renderPage('/login?externalError=notLinked', route);
    expect(await screen.findByRole('alert')).toHaveTextContent(externalLoginErrors.notLinked);
  });

  it('shows nothing for an unknown error code', async () => {
    renderPage('/login?externalError=%3Cscript%3E', route);
    await screen.findByRole('button', { name: appMessages.login.submit });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
