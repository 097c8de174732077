import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { Form, FormDataConsumer } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { roleOptions } from '../../../../contract/roles';
import { appMessages } from '../../../../src/i18n/en';
import { userFormData } from '../../../../src/resources/users/api';
import { OrganizationField, RoleField } from '../../../../src/resources/users/UserFields';
import { renderAdmin } from '../../layout/renderAdmin';

const server = setupServer(
  http.get('*/api/users/roleOptions', () => HttpResponse.json({ result: roleOptions })),
  http.get('*/api/organizations/options', () =>
    HttpResponse.json({ result: [{ value: 3, label: 'Lincoln High School' }] }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const text = appMessages.users;

function renderForm(defaultValues: Record<string, unknown>) {
  return renderAdmin(
    <Form defaultValues={defaultValues}>
      <RoleField />
      <OrganizationField />
      <FormDataConsumer>
        {({ formData }) => <output data-testid="organization">{String(formData.organizationId)}</output>}
      </FormDataConsumer>
    </Form>,
  );
}

describe('user form: Organization field', () => {
  it('appears only while a chosen role includes a shop, and is cleared when none does', async () => {
    renderForm({ userRoles: ['AthleticDirector'], organizationId: 3 });
    expect(await screen.findByRole('combobox', { name: new RegExp(text.organization) })).toBeInTheDocument();
    expect(screen.getByTestId('organization')).toHaveTextContent('3');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Athletic Director' }));
    await waitFor(() => expect(screen.queryByRole('combobox')).not.toBeInTheDocument());
    expect(screen.getByTestId('organization')).toHaveTextContent('null');

    await userEvent.click(screen.getByRole('checkbox', { name: 'Admin' }));
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Athletic Director' }));
    expect(await screen.findByRole('combobox', { name: new RegExp(text.organization) })).toBeInTheDocument();
  });
});

describe('user form: multipart body', () => {
  it('sends name parts as dotted fields, one entry per role, and the photo', () => {
    const photo = new File(['x'], 'me.png', { type: 'image/png' });
    const data = userFormData(
      {
        email: 'coach@example.com',
        name: { firstName: 'Casey', middleName: '', lastName: 'Coach', suffix: null },
        userRoles: ['Admin', 'AthleticDirector'],
        organizationId: 3,
        contactInformation: null,
      },
      photo,
    );
    expect([...data.keys()]).toEqual([
      'email',
      'name.firstName',
      'name.lastName',
      'userRoles',
      'userRoles',
      'organizationId',
      'profilePhoto',
    ]);
    expect(data.getAll('userRoles')).toEqual(['Admin', 'AthleticDirector']);
    expect(data.get('organizationId')).toBe('3');
    expect((data.get('profilePhoto') as File).name).toBe('me.png');
  });
});
