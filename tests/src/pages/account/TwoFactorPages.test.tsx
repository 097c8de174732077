import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { Route } from 'wouter';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MfaStatus } from '../../../../contract/account';
import type { Passkey } from '../../../../contract/passkeys';
import { appMessages } from '../../../../src/i18n/en';
import { EnableAuthenticatorPage } from '../../../../src/pages/account/EnableAuthenticatorPage';
import { ShowRecoveryCodesPage } from '../../../../src/pages/account/ShowRecoveryCodesPage';
import { TwoFactorPage } from '../../../../src/pages/account/TwoFactorPage';
import { session } from '../../../../src/providers';
import { meHandler, renderPage } from './fixtures';

const text = appMessages.twoFactor;
const codes = [
  '2a3b4-c5d6e',
  'f7g8h-j9k2m',
  'n3p4q-r5s6t',
  'u7v8w-x9y2z',
  '22222-33333',
  '44444-55555',
  '66666-77777',
  '88888-99999',
  'aaaaa-bbbbb',
  'ccccc-ddddd',
];
let status: MfaStatus;
const laptop: Passkey = {
  id: 7,
  name: 'Laptop',
  createdAt: '2026-11-20T15:00:00.000Z',
  lastUsedAt: null,
};
let passkeyList: Passkey[] = [];
const calls: { url: string; body?: unknown }[] = [];
const server = setupServer(
  meHandler(),
  http.get('*/api/account/mfa-status', () => HttpResponse.json({ result: status })),
  http.get('*/api/account/passkeys', () => HttpResponse.json({ result: passkeyList })),
  http.put('*/api/account/passkeys/:id', async ({ request }) => {
    const body = (await request.json()) as { name: string };
    calls.push({ url: 'rename-passkey', body });
    passkeyList = passkeyList.map((passkey) => ({ ...passkey, name: body.name }));
    return HttpResponse.json({ result: passkeyList[0] });
  }),
  http.delete('*/api/account/passkeys/:id', async ({ request }) => {
    calls.push({ url: 'remove-passkey', body: await request.json() });
    passkeyList = [];
    return HttpResponse.json({ result: true });
  }),
  http.put('*/api/account/disable-2fa', async ({ request }) => {
    const body = (await request.json()) as { password?: string };
    calls.push({ url: 'disable-2fa', body });
    if (body.password !== 'Right-Passw0rd!') {
      return HttpResponse.json(
        {
          result: null,
          validationFailures: [
            { propertyName: 'password', errorMessage: 'The password or code is not correct.' },
          ],
        },
        { status: 400 },
      );
    }
    status = { ...status, is2faEnabled: false };
    return HttpResponse.json({ result: true });
  }),
  http.post('*/api/account/recovery-codes', async ({ request }) => {
    calls.push({ url: 'recovery-codes', body: await request.json() });
    return HttpResponse.json({ result: { recoveryCodes: codes } });
  }),
  http.get('*/api/account/shared-key', () =>
    HttpResponse.json({
      result: {
        sharedKey: 'abcd efgh ijkl mnop qrst uvwx yz23 4567',
        authenticatorUri:
          'otpauth://totp/Spirit%20Portal:dana%40example.com?secret=ABCDEFGHIJKLMNOPQRSTUVWXYZ234567&issuer=Spirit%20Portal',
      },
    }),
  ),
  http.put('*/api/account/enable-authenticator', async ({ request }) => {
    calls.push({ url: 'enable-authenticator', body: await request.json() });
    return HttpResponse.json({ result: { recoveryCodes: codes } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  calls.length = 0;
  // Unmount before signing out, or the sign-out redraws the page outside act().
  cleanup();
  session.reset();
});
afterAll(() => server.close());

const routes = (
  <>
    <Route path="/account/two-factor-authentication">
      <TwoFactorPage />
    </Route>
    <Route path="/account/enable-authentication">
      <EnableAuthenticatorPage />
    </Route>
    <Route path="/account/show-recovery-codes">
      <ShowRecoveryCodesPage />
    </Route>
  </>
);

describe('/account/two-factor-authentication', () => {
  it('offers to set up the authenticator while two-factor is off', async () => {
    status = {
      is2faEnabled: false,
      recoveryCodesLeft: 0,
      hasAuthenticator: false,
      isMachineRemembered: false,
    };
    renderPage('/account/two-factor-authentication', routes);
    expect(await screen.findByText(text.disabled)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: text.setUp })).toHaveAttribute(
      'href',
      '/account/enable-authentication',
    );
    expect(screen.queryByRole('button', { name: text.disable })).not.toBeInTheDocument();
  });

  it('warns when few recovery codes are left', async () => {
    status = { is2faEnabled: true, recoveryCodesLeft: 1, hasAuthenticator: true, isMachineRemembered: false };
    renderPage('/account/two-factor-authentication', routes);
    expect(await screen.findByText(text.oneCodeLeft)).toBeInTheDocument();
  });

  it('disables two-factor only after the password is confirmed again', async () => {
    status = {
      is2faEnabled: true,
      recoveryCodesLeft: 10,
      hasAuthenticator: true,
      isMachineRemembered: false,
    };
    renderPage('/account/two-factor-authentication', routes);
    await userEvent.click(await screen.findByRole('button', { name: text.disable }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(text.password), 'Wrong-Passw0rd!');
    await userEvent.click(within(dialog).getByRole('button', { name: text.confirm }));
    expect(await within(dialog).findByText('The password or code is not correct.')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(text.password));
    await userEvent.type(within(dialog).getByLabelText(text.password), 'Right-Passw0rd!');
    await userEvent.click(within(dialog).getByRole('button', { name: text.confirm }));
    expect(await screen.findByText(text.disabled)).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(['disable-2fa', 'disable-2fa']);
  });

  it('shows a new set of recovery codes after the password is confirmed again', async () => {
    status = { is2faEnabled: true, recoveryCodesLeft: 2, hasAuthenticator: true, isMachineRemembered: false };
    renderPage('/account/two-factor-authentication', routes);
    await userEvent.click(await screen.findByRole('button', { name: text.resetCodes }));
    expect(calls).toEqual([]);
    const confirm = await screen.findByRole('dialog', { name: text.resetCodes });
    await userEvent.type(within(confirm).getByLabelText(text.password), 'Right-Passw0rd!');
    await userEvent.click(within(confirm).getByRole('button', { name: text.confirm }));
    const list = await screen.findByRole('list', { name: appMessages.recoveryCodes.title });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(calls).toEqual([{ url: 'recovery-codes', body: { password: 'Right-Passw0rd!' } }]);
  });
});

describe('passkeys on /account/two-factor-authentication', () => {
  const keys = appMessages.passkeys;

  it('lists the passkeys with when they were created and last used, renames one and removes it with the password', async () => {
    status = {
      is2faEnabled: false,
      recoveryCodesLeft: 0,
      hasAuthenticator: false,
      isMachineRemembered: false,
    };
    passkeyList = [laptop];
    renderPage('/account/two-factor-authentication', routes);
    const list = await screen.findByRole('list', { name: keys.title });
    expect(within(list).getByText('Laptop')).toBeInTheDocument();
    expect(within(list).getByText(/^Created Nov 20, 2026, .* · never used$/)).toBeInTheDocument();

    await userEvent.click(within(list).getByRole('button', { name: 'Rename Laptop' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename Laptop' });
    await userEvent.clear(within(rename).getByLabelText(new RegExp(keys.name)));
    await userEvent.type(within(rename).getByLabelText(new RegExp(keys.name)), 'Work laptop');
    await userEvent.click(within(rename).getByRole('button', { name: keys.save }));
    expect(await screen.findByText('Work laptop')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Work laptop' }));
    const remove = await screen.findByRole('dialog', { name: 'Remove Work laptop' });
    await userEvent.type(within(remove).getByLabelText(text.password), 'Right-Passw0rd!');
    await userEvent.click(within(remove).getByRole('button', { name: text.confirm }));
    expect(await screen.findByText(keys.none)).toBeInTheDocument();
    expect(calls).toEqual([
      { url: 'rename-passkey', body: { name: 'Work laptop' } },
      { url: 'remove-passkey', body: { password: 'Right-Passw0rd!' } },
    ]);
  });
});

describe('/account/enable-authentication', () => {
  it('shows the key in groups of four with its QR code, and verifies a code with the password', async () => {
    renderPage('/account/enable-authentication', routes);
    expect(await screen.findByText('abcd efgh ijkl mnop qrst uvwx yz23 4567')).toBeInTheDocument();
    const qr = await screen.findByAltText(appMessages.enableAuthenticator.qrAlt);
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await userEvent.type(screen.getByLabelText(new RegExp(appMessages.enableAuthenticator.code)), '123456');
    await userEvent.type(
      screen.getByLabelText(new RegExp(appMessages.enableAuthenticator.password)),
      'Right-Passw0rd!',
    );
    await userEvent.click(screen.getByRole('button', { name: appMessages.enableAuthenticator.submit }));
    await waitFor(() =>
      expect(calls).toEqual([
        { url: 'enable-authenticator', body: { code: '123456', password: 'Right-Passw0rd!' } },
      ]),
    );
    const list = await screen.findByRole('list', { name: appMessages.recoveryCodes.title });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
  });
});
