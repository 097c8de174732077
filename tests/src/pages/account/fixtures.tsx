import { render } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { CoreAdminContext } from 'ra-core';
import { Notification } from 'ra-ui-materialui';
import type { ReactNode } from 'react';
import { Route, Switch, useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import type { Me } from '../../../../contract/account';
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
  const [path] = useLocation();
  const search = useSearch();
  return (
    <div>
      <p data-testid="where">{search ? `${path}?${search}` : path}</p>
      <pre data-testid="state">{JSON.stringify(useHistoryState())}</pre>
    </div>
  );
}

/**
 * The public pages at `url`, in jsdom's own history as in the app: wouter's browser location,
 * whose navigation state the recovery codes travel in.
 */
export function renderPage(url: string, routes: ReactNode) {
  queryClient.clear();
  window.history.replaceState(null, '', url);
  return render(
    <CoreAdminContext authProvider={authProvider} queryClient={queryClient}>
      <Switch>
        {routes}
        <Route>
          <Where />
        </Route>
      </Switch>
      <Notification />
    </CoreAdminContext>,
  );
}
