import { CssBaseline, ThemeProvider } from '@mui/material';
import { NotificationContextProvider } from 'ra-core';
import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { EnvironmentBanner } from './layout/EnvironmentBanner';
import { LoginPage } from './pages/login/LoginPage';
import { Bridge } from './providers/Bridge';
import { LazyNotification } from './providers/LazyNotification';
import { theme } from './theme';

/**
 * Each page is its own chunk, so `/login` downloads the sign-in page and not the account
 * area's QR codes or the registration form (the public bundle budget is 150 KB gzip). The
 * sign-in page itself, the usual first page, is in the entry chunk: no second round trip.
 */
const page = <Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

const AccountArea = page(() => import('./pages/account/AccountArea'), 'AccountArea');
const ConfirmAccountPage = page(
  () => import('./pages/confirm-account/ConfirmAccountPage'),
  'ConfirmAccountPage',
);
const ContactPage = page(() => import('./pages/contact/ContactPage'), 'ContactPage');
const ForbiddenPage = page(() => import('./pages/errors/ErrorPage'), 'ForbiddenPage');
const ForgotPasswordPage = page(
  () => import('./pages/forgot-password/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const ForgotPasswordSuccessPage = page(
  () => import('./pages/forgot-password/ForgotPasswordPage'),
  'ForgotPasswordSuccessPage',
);
const HomePage = page(() => import('./pages/home/HomePage'), 'HomePage');
const NotFoundPage = page(() => import('./pages/errors/ErrorPage'), 'NotFoundPage');
const RecoveryCodeLoginPage = page(
  () => import('./pages/login/RecoveryCodeLoginPage'),
  'RecoveryCodeLoginPage',
);
const RegisterPage = page(() => import('./pages/register/RegisterPage'), 'RegisterPage');
const ResetPasswordConfirmationPage = page(
  () => import('./pages/reset-password/ResetPasswordPage'),
  'ResetPasswordConfirmationPage',
);
const ResetPasswordPage = page(() => import('./pages/reset-password/ResetPasswordPage'), 'ResetPasswordPage');
const TwoFactorLoginPage = page(() => import('./pages/login/TwoFactorLoginPage'), 'TwoFactorLoginPage');

/**
 * Public pages and the account area: outside react-admin's admin, sharing its toasts. Not
 * inside ra-core's CoreAdminContext, whose query cache, data, i18n and store layers `/login`
 * would download (its budget is 150 KB gzip); the account area brings what it uses.
 */
export default function PublicApp() {
  return (
    <NotificationContextProvider>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <EnvironmentBanner />
        <Bridge />
        <Suspense fallback={null}>
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
        </Suspense>
        <LazyNotification />
      </ThemeProvider>
    </NotificationContextProvider>
  );
}
