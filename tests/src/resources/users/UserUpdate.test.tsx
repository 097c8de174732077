import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appMessages } from '../../../../src/i18n/en';
import { UserUpdate } from '../../../../src/resources/users/UserForms';
import { adminUser, meHandler, renderAdmin } from '../../layout/renderAdmin';

const user = {
  id: 5,
  version: 1,
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
const theirs = { ...user, version: 2, contactInformation: 'Call the office' };

const sent: Record<string, unknown>[] = [];
const server = setupServer(
  meHandler(adminUser),
  http.get('*/api/users/5', () => HttpResponse.json({ result: user })),
  http.get('*/api/users/roleOptions', () =>
    HttpResponse.json({ result: [{ value: 'Admin', label: 'Admin' }] }),
  ),
  http.put('*/api/users/5', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    sent.push(body);
    if (body.version === 1) {
      const message = 'Ann Admin changed this user at 2026-11-25 06:41 UTC, after you opened it';
      return HttpResponse.json(
        { result: { current: theirs }, validationFailures: [{ propertyName: '', errorMessage: message }] },
        { status: 409 },
      );
    }
    return HttpResponse.json({ result: { ...theirs, ...body, version: 3 } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const texts = appMessages.conflict;

describe('Update User after another Admin saved the account', () => {
  it('shows yours and theirs, and keeps both the typed name and the other’s contact information', async () => {
    renderAdmin(
      <Routes>
        <Route path="/users/update/5" element={<UserUpdate id={5} />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Routes>,
      { path: '/users/update/5' },
    );
    const firstName = await screen.findByRole('textbox', { name: appMessages.users.firstName });
    await screen.findByDisplayValue('Casey');
    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Cassie');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Ann Admin changed this user');
    expect(sent[0]).toMatchObject({ version: 1, name: { firstName: 'Cassie' } });
    expect(
      within(dialog)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      `${texts.field}${texts.yours}${texts.theirs}`,
      `${appMessages.users.firstName}CassieCasey`,
      `${appMessages.users.contactInformation}${texts.empty}Call the office`,
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: texts.saveChoice }));
    await screen.findByText('elsewhere');
    expect(sent[1]).toMatchObject({
      version: 2,
      name: { firstName: 'Cassie', lastName: 'Coach' },
      contactInformation: 'Call the office',
    });
  });
});
