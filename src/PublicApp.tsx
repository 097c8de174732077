import { CssBaseline, ThemeProvider } from '@mui/material';
import { CoreAdminContext } from 'ra-core';
import { Notification } from 'ra-ui-materialui';
import { Route, Routes } from 'react-router-dom';
import { AccountArea } from './pages/account/AccountArea';
import { ForbiddenPage, NotFoundPage } from './pages/errors/ErrorPage';
import { HomePage } from './pages/home/HomePage';
import { LoginPage } from './pages/login/LoginPage';
import { NotAvailableYet } from './pages/NotAvailableYet';
import { authProvider, i18nProvider, queryClient, store } from './providers';
import { Bridge } from './providers/Bridge';
import { theme } from './theme';

/** Public pages and the account area: outside react-admin's admin, sharing its providers. */
export default function PublicApp() {
  return (
    <CoreAdminContext
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      queryClient={queryClient}
      store={store}
      basename=""
    >
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <Bridge />
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/home" element={<HomePage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route
            path="/login/two-factor-authentication"
            element={<NotAvailableYet title="Two Factor Authentication" />}
          />
          <Route
            path="/login/recovery-code"
            element={<NotAvailableYet title="Sign in with a recovery code" />}
          />
          <Route path="/forgot-password" element={<NotAvailableYet title="Forgot your password?" />} />
          <Route path="/forgot-password-success" element={<NotAvailableYet title="Check your e-mail" />} />
          <Route path="/reset-password" element={<NotAvailableYet title="Reset password" />} />
          <Route
            path="/reset-password-confirmation"
            element={<NotAvailableYet title="Your password has been reset" />}
          />
          <Route path="/confirm-account" element={<NotAvailableYet title="Confirm your account" />} />
          <Route path="/account/*" element={<AccountArea />} />
          <Route path="/403" element={<ForbiddenPage />} />
          <Route path="/404" element={<NotFoundPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
        <Notification />
      </ThemeProvider>
    </CoreAdminContext>
  );
}
