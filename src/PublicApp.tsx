import { CssBaseline, ThemeProvider } from '@mui/material';
import { CoreAdminContext } from 'ra-core';
import { Notification } from 'ra-ui-materialui';
import { Route, Routes } from 'react-router-dom';
import { AccountArea } from './pages/account/AccountArea';
import { ForbiddenPage, NotFoundPage } from './pages/errors/ErrorPage';
import { HomePage } from './pages/home/HomePage';
import { ConfirmAccountPage } from './pages/confirm-account/ConfirmAccountPage';
import { ContactPage } from './pages/contact/ContactPage';
import { ForgotPasswordPage, ForgotPasswordSuccessPage } from './pages/forgot-password/ForgotPasswordPage';
import { LoginPage } from './pages/login/LoginPage';
import { RecoveryCodeLoginPage } from './pages/login/RecoveryCodeLoginPage';
import { TwoFactorLoginPage } from './pages/login/TwoFactorLoginPage';
import { RegisterPage } from './pages/register/RegisterPage';
import { ResetPasswordConfirmationPage, ResetPasswordPage } from './pages/reset-password/ResetPasswordPage';
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
          <Route path="/login/two-factor-authentication" element={<TwoFactorLoginPage />} />
          <Route path="/login/recovery-code" element={<RecoveryCodeLoginPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/forgot-password-success" element={<ForgotPasswordSuccessPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/reset-password-confirmation" element={<ResetPasswordConfirmationPage />} />
          <Route path="/confirm-account" element={<ConfirmAccountPage />} />
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/contact" element={<ContactPage />} />
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
