import { render } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { CoreAdminContext } from 'ra-core';
import { Notification } from 'ra-ui-materialui';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Me } from '../../../../src/contract/account';
import { authProvider } from '../../../../src/providers';
import { queryClient } from '../../../../src/providers/queryClient';

export const me: Me = {
  id: 7,
  email: 'dana@example.com',
  fullName: 'Dana Director',
  roleNames: ['AthleticDirector'],
  organizationId: 1,
  organizationGuid: null,
  profilePhotoGuid: null,
  is2faEnabled: false,
  recoveryCodesLeft: 0,
  hasAuthenticator: false,
};

export const meHandler = (user: Me | null = me) =>
  http.get('*/api/account/me', () =>
    user ? HttpResponse.json({ result: user }) : HttpResponse.json({ result: null }, { status: 401 }),
  );

/** Shows where the app navigated to, with the navigation state. */
export function Where() {
  const location = useLocation();
  return (
    <div>
      <p data-testid="where">{`${location.pathname}${location.search}`}</p>
      <pre data-testid="state">{JSON.stringify(location.state)}</pre>
    </div>
  );
}

export function renderPage(url: string, routes: ReactNode) {
  queryClient.clear();
  return render(
    <MemoryRouter initialEntries={[url]}>
      <CoreAdminContext authProvider={authProvider} queryClient={queryClient}>
        <Routes>
          {routes}
          <Route path="*" element={<Where />} />
        </Routes>
        <Notification />
      </CoreAdminContext>
    </MemoryRouter>,
  );
}
