import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { AdminContext, memoryStore, Notification } from 'react-admin';
import { MemoryRouter } from 'react-router';
import type { Me } from '../../../contract/account';
import type { AnyResource } from '../../../contract/resource';
import { withDefinitionAccess } from '../../../src/admin/engine/access';
import { authProvider, http as httpClient } from '../../../src/providers';
import { i18nProvider } from '../../../src/providers/i18nProvider';
import { resourceDefinitions } from '../../../contract/definitions';
import { createDataProvider } from '../../../src/providers/dataProvider';

export const adminUser: Me = {
  id: 1,
  email: 'admin@example.com',
  fullName: 'Ada Admin',
  roleNames: ['Admin'],
  organizationId: null,
  organizationGuid: null,
  profilePhotoGuid: null,
  is2faEnabled: false,
  recoveryCodesLeft: 0,
  hasAuthenticator: false,
};

export const directorUser: Me = {
  ...adminUser,
  id: 2,
  email: 'ad@example.com',
  fullName: 'Dana Director',
  roleNames: ['AthleticDirector'],
  organizationId: 7,
};

export const meHandler = (user: Me) =>
  http.get('*/api/account/me', () => HttpResponse.json({ result: user }));

/** The app's providers around a component (no retries, as in the app), with toasts, at a given path. */
export function renderAdmin(
  ui: ReactNode,
  options: { path?: string; store?: Record<string, unknown>; definitions?: readonly AnyResource[] } = {},
) {
  const store = memoryStore(options.store ?? {});
  return {
    store,
    ...render(
      <MemoryRouter initialEntries={[options.path ?? '/']}>
        <AdminContext
          authProvider={withDefinitionAccess(authProvider, options.definitions)}
          dataProvider={createDataProvider(httpClient, resourceDefinitions)}
          i18nProvider={i18nProvider}
          store={store}
          queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
        >
          {ui}
          <Notification />
        </AdminContext>
      </MemoryRouter>,
    ),
  };
}
