import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { Route } from 'wouter';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appMessages } from '../../../../src/i18n/en';
import { ChangeEmailForm } from '../../../../src/pages/account/ChangeEmailForm';
import { renderPage } from './fixtures';

const text = appMessages.changeEmail;
const sent: unknown[] = [];
const server = setupServer(
  http.post('*/api/account/changeemail', async ({ request }) => {
    sent.push(await request.json());
    return HttpResponse.json({ result: true });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  sent.length = 0;
});
afterAll(() => server.close());

const render = () =>
  renderPage(
    '/account/change-password',
    <Route path="/account/change-password">
      <ChangeEmailForm currentEmail="dana@example.com" />
    </Route>,
  );

describe('changing the e-mail', () => {
  it('asks for a valid address before sending', async () => {
    render();
    expect(screen.getByText(text.current.replace('%{email}', 'dana@example.com'))).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(new RegExp(`^${text.newEmail}`)), 'not-an-address');
    await userEvent.type(screen.getByLabelText(new RegExp(`^${text.password}`)), 'Passw0rd!');
    await userEvent.click(screen.getByRole('button', { name: text.submit }));
    expect(await screen.findByText('New email is not a valid email address')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('sends the new address with the current password and says where the link went', async () => {
    render();
    await userEvent.type(screen.getByLabelText(new RegExp(`^${text.newEmail}`)), 'new@example.com');
    await userEvent.type(screen.getByLabelText(new RegExp(`^${text.password}`)), 'Passw0rd!');
    await userEvent.click(screen.getByRole('button', { name: text.submit }));
    expect(await screen.findByText(text.sent.replace('%{email}', 'new@example.com'))).toBeInTheDocument();
    expect(sent).toEqual([{ newEmail: 'new@example.com', password: 'Passw0rd!' }]);
  });
});
