import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { Route } from 'wouter';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { passwordsMatchMessage } from '../../../../contract/account';
import { applyLocale } from '../../../../src/i18n/locale';
import { appMessages } from '../../../../src/i18n/en';
import { ChangePasswordPage } from '../../../../src/pages/account/ChangePasswordPage';
import { renderPage } from './fixtures';

const text = appMessages.changePassword;
const sent: unknown[] = [];
const server = setupServer(
  http.post('*/api/account/changepassword', async ({ request }) => {
    const body = (await request.json()) as { oldPassword: string };
    sent.push(body);
    if (body.oldPassword !== 'Old-Passw0rd!') {
      return HttpResponse.json(
        {
          result: null,
          validationFailures: [{ propertyName: 'oldPassword', errorMessage: 'Incorrect password.' }],
        },
        { status: 400 },
      );
    }
    return HttpResponse.json({ result: true });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sent.length = 0;
});
afterAll(() => server.close());

const render = () =>
  renderPage(
    '/account/change-password',
    <Route path="/account/change-password">
      <ChangePasswordPage />
    </Route>,
  );
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

async function fill(oldPassword: string, newPassword: string, confirmPassword = newPassword) {
  await userEvent.type(field(text.current), oldPassword);
  await userEvent.type(field(text.new), newPassword);
  await userEvent.type(field(text.confirm), confirmPassword);
  await userEvent.click(screen.getByRole('button', { name: text.submit }));
}

describe('/account/change-password', () => {
  it("shows the spec's new-password hint", () => {
    render();
    expect(
      screen.getByText(
        'At least 8 characters with a lowercase character, an uppercase character, a digit and a special character.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the hint in Spanish to a reader who chose Español', async () => {
    await applyLocale('es');
    const page = render();
    try {
      expect(
        screen.getByText(
          'Al menos 8 caracteres, con una minúscula, una mayúscula, un dígito y un carácter especial.',
        ),
      ).toBeInTheDocument();
    } finally {
      page.unmount();
      await applyLocale('en');
    }
  });

  it('applies the password rule before sending anything', async () => {
    render();
    await fill('Old-Passw0rd!', 'nouppercase1!');
    expect(await screen.findByText('New password must contain an uppercase character')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('asks for a matching confirmation', async () => {
    render();
    await fill('Old-Passw0rd!', 'N3w-Passw0rd!', 'N3w-Passw0rd?');
    expect(await screen.findByText(passwordsMatchMessage)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("shows the server's answer under the current password", async () => {
    render();
    await fill('Wrong-Passw0rd!', 'N3w-Passw0rd!');
    expect(await screen.findByText('Incorrect password.')).toBeInTheDocument();
  });

  it('announces a failure that names no field as an alert', async () => {
    server.use(
      http.post('*/api/account/changepassword', () =>
        HttpResponse.json(
          { result: null, validationFailures: [{ propertyName: '', errorMessage: 'Too many attempts.' }] },
          { status: 400 },
        ),
      ),
    );
    render();
    await fill('Old-Passw0rd!', 'N3w-Passw0rd!');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts.');
  });

  it('changes the password and says so', async () => {
    render();
    await fill('Old-Passw0rd!', 'N3w-Passw0rd!');
    expect(await screen.findByText(text.done)).toBeInTheDocument();
    expect(sent).toEqual([
      { oldPassword: 'Old-Passw0rd!', newPassword: 'N3w-Passw0rd!', confirmPassword: 'N3w-Passw0rd!' },
    ]);
    await waitFor(() => expect(field(text.current)).toHaveValue(''));
  });
});
