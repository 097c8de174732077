import { CssBaseline } from '@mui/material';
import { useEffect, useState } from 'react';
import {
  AdminContext,
  AuthenticationError,
  CoreAdminUI,
  CustomRoutes,
  Error as AdminError,
  LoadingPage,
  Notification,
  Resource,
} from 'react-admin';
import { createBrowserRouter, Navigate, Route, RouterProvider } from 'react-router';
import { AdminLayout } from '../layout/AdminLayout';
import { lazyNamed } from '../lib/lazyNamed';
import { AdminNotFoundPage } from '../pages/errors/ErrorPage';
import { DashboardPage } from '../pages/dashboard/DashboardPage';
import { authProvider, http } from '../providers';
import { i18nProvider } from '../providers/i18nProvider';
import { queryClient } from '../providers/queryClient';
import { store } from '../providers/store';
import { createDataProvider } from '../providers/dataProvider';
import { definitionsWithoutSchemas } from '../../contract/definitions/without-schemas';
import { resources } from '../resources';
import { darkTheme, theme } from '../theme';
import { withDefinitionAccess } from './engine/access';
import { LocaleSync, startInAppLocale } from './LocaleSync';
import { RoleHome } from './RoleHome';

const dataProvider = createDataProvider(http, definitionsWithoutSchemas);
const adminAuthProvider = withDefinitionAccess(authProvider);

// The dashboard, the usual first page, is in this chunk; the others load when opened.
const DesignLogosPage = lazyNamed(() => import('../pages/design-logos/DesignLogosPage'), 'DesignLogosPage');
const CreateMerchandisePage = lazyNamed(
  () => import('../pages/merchandise/CreateMerchandisePage'),
  'CreateMerchandisePage',
);
const MerchandisePage = lazyNamed(() => import('../pages/merchandise/MerchandisePage'), 'MerchandisePage');
const ReviewsPage = lazyNamed(() => import('../pages/reviews/ReviewsPage'), 'ReviewsPage');
const BaseApparelPage = lazyNamed(() => import('../pages/base-apparel/BaseApparelPage'), 'BaseApparelPage');
const NotificationsPage = lazyNamed(
  () => import('../pages/notifications/NotificationsPage'),
  'NotificationsPage',
);

const ForbiddenRedirect = () => <Navigate to="/403" replace />;

/** Custom pages of the admin area; the layout's AccessGuard applies the role table to them. */
const customPages = [
  { path: '/dashboard', element: <DashboardPage /> },
  { path: '/design-logos', element: <DesignLogosPage /> },
  { path: '/merchandise', element: <MerchandisePage /> },
  { path: '/merchandise/create', element: <CreateMerchandisePage /> },
  { path: '/base-apparel', element: <BaseApparelPage /> },
  { path: '/reviews', element: <ReviewsPage /> },
  { path: '/notifications', element: <NotificationsPage /> },
];

/**
 * `/admin/*`: react-admin with the spec's resources and pages. `<Admin>` is `AdminContext` and
 * `AdminUI` put together, but `AdminUI` bundles react-admin's login form (and with it the form
 * library) as its default `loginPage` even when it is turned off; the sign-in page is ours, so
 * the UI is assembled here from the parts this app uses.
 */
function PortalAdmin() {
  return (
    <AdminContext
      basename="/admin"
      authProvider={adminAuthProvider}
      dataProvider={dataProvider}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      store={store}
      lightTheme={theme}
      darkTheme={darkTheme}
    >
      <LocaleSync />
      <CssBaseline enableColorScheme>
        <CoreAdminUI
          layout={AdminLayout}
          dashboard={RoleHome}
          catchAll={AdminNotFoundPage}
          accessDenied={ForbiddenRedirect}
          authenticationError={AuthenticationError}
          error={AdminError}
          loading={LoadingPage}
          disableTelemetry
          requireAuth
        >
          {resources.map(({ name, routes, ...props }) => (
            <Resource key={name} name={name} {...props}>
              {routes}
            </Resource>
          ))}
          <CustomRoutes>
            {customPages.map((page) => (
              <Route key={page.path} path={page.path} element={page.element} />
            ))}
            <Route path="/404" element={<AdminNotFoundPage />} />
          </CustomRoutes>
        </CoreAdminUI>
        <Notification />
      </CssBaseline>
    </AdminContext>
  );
}

/**
 * A data router, so that a form with unsaved changes can hold the user back (react-admin's
 * `warnWhenUnsavedChanges`). It reads the URL when made and hears only its own navigations
 * and the back button, so each visit to the admin makes a new one and leaving disposes of it.
 * Outside `/admin` it draws nothing: the app's top level is swapping to the public pages.
 */
export default function AdminApp() {
  const [router, setRouter] = useState<ReturnType<typeof createBrowserRouter>>();
  useEffect(() => {
    startInAppLocale(store);
    const made = createBrowserRouter([
      { path: '/admin/*', element: <PortalAdmin /> },
      { path: '*', element: null },
    ]);
    setRouter(made);
    return () => made.dispose();
  }, []);
  return router ? <RouterProvider router={router} /> : null;
}
