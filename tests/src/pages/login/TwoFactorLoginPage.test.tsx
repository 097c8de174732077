import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { Route } from 'wouter';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appMessages } from '../../../../src/i18n/en';
import { RecoveryCodeLoginPage } from '../../../../src/pages/login/RecoveryCodeLoginPage';
import { TwoFactorLoginPage } from '../../../../src/pages/login/TwoFactorLoginPage';
import { session } from '../../../../src/providers';
import { meHandler, renderPage } from '../account/fixtures';

const text = appMessages.signIn;
const sent: unknown[] = [];
const server = setupServer(
  meHandler(),
  http.post('*/api/account/login-2fa', async ({ request }) => {
    const body = (await request.json()) as { twoFactorCode: string };
    sent.push(body);
    if (body.twoFactorCode === '999999')
      return HttpResponse.json({ result: null, message: 'x' }, { status: 401 });
    return HttpResponse.json({
      result:
        body.twoFactorCode === '123456'
          ? { status: 'Succeeded' }
          : { status: 'Failed', message: 'Invalid authenticator code.' },
    });
  }),
  http.post('*/api/account/login-recovery', async ({ request }) => {
    const body = (await request.json()) as { recoveryCode: string };
    sent.push(body);
    return HttpResponse.json({
      result:
        body.recoveryCode === 'abcde-fghjk'
          ? { status: 'Succeeded' }
          : { status: 'Failed', message: 'Invalid recovery code entered.' },
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  sent.length = 0;
  // Unmount before signing out, or the sign-out redraws the page outside act().
  cleanup();
  session.reset();
});
afterAll(() => server.close());

const routes = (
  <>
    <Route path="/login/two-factor-authentication">
      <TwoFactorLoginPage />
    </Route>
    <Route path="/login/recovery-code">
      <RecoveryCodeLoginPage />
    </Route>
  </>
);

describe('the second step of sign-in', () => {
  it('sends the code with "remember this machine" and goes to the returnUrl', async () => {
    renderPage('/login/two-factor-authentication?returnUrl=%2Fadmin%2Forders', routes);
    await userEvent.type(screen.getByLabelText(new RegExp(text.authenticatorCode)), '123456');
    await userEvent.click(screen.getByLabelText(text.rememberMachine));
    await userEvent.click(screen.getByRole('button', { name: text.submit }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/admin/orders'));
    expect(sent).toEqual([{ twoFactorCode: '123456', rememberMachine: true }]);
    expect(session.getState().user?.email).toBe('dana@example.com');
  });

  it('shows the failure and stays for a wrong code', async () => {
    renderPage('/login/two-factor-authentication', routes);
    await userEvent.type(screen.getByLabelText(new RegExp(text.authenticatorCode)), '000000');
    await userEvent.click(screen.getByRole('button', { name: text.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid authenticator code.');
    expect(screen.queryByTestId('where')).not.toBeInTheDocument();
  });

  it('sends the user back to the password step once the five minutes have passed', async () => {
    renderPage('/login/two-factor-authentication?returnUrl=%2Fadmin%2Forders', routes);
    await userEvent.type(screen.getByLabelText(new RegExp(text.authenticatorCode)), '999999');
    await userEvent.click(screen.getByRole('button', { name: text.submit }));
    expect(await screen.findByText(text.expired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: text.backToLogin })).toHaveAttribute(
      'href',
      '/login?returnUrl=%2Fadmin%2Forders',
    );
  });

  it('links to the recovery-code page keeping the returnUrl, where a code signs in', async () => {
    renderPage('/login/two-factor-authentication?returnUrl=%2Fadmin%2Forders', routes);
    await userEvent.click(screen.getByRole('link', { name: text.useRecoveryCode }));
    expect(await screen.findByText(text.recoveryIntro)).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: new RegExp(text.recoveryCode) }), 'wrong-codes');
    await userEvent.click(screen.getByRole('button', { name: text.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid recovery code entered.');
    await userEvent.clear(screen.getByRole('textbox', { name: new RegExp(text.recoveryCode) }));
    await userEvent.type(screen.getByRole('textbox', { name: new RegExp(text.recoveryCode) }), 'abcde-fghjk');
    await userEvent.click(screen.getByRole('button', { name: text.submit }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/admin/orders'));
  });
});
