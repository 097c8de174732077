import { CssBaseline, ThemeProvider } from '@mui/material';
import { NotificationContextProvider } from 'ra-core';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { EnvironmentBanner } from './layout/EnvironmentBanner';
import { lazyNamed } from './lib/lazyNamed';
import { LoginPage } from './pages/login/LoginPage';
import { session } from './providers';
import { Bridge } from './providers/Bridge';
import { LazyNotification } from './providers/LazyNotification';
import { useSignedInUser } from './providers/session';
import { theme } from './theme';

/**
 * Each page is its own chunk, so `/login` downloads the sign-in page and not the account
 * area's QR codes or the registration form. The sign-in page itself, the usual first page,
 * is in the entry chunk: no second round trip.
 */
const AccountArea = lazyNamed(() => import('./pages/account/AccountArea'), 'AccountArea');
const ConfirmAccountPage = lazyNamed(
  () => import('./pages/confirm-account/ConfirmAccountPage'),
  'ConfirmAccountPage',
);
const ContactPage = lazyNamed(() => import('./pages/contact/ContactPage'), 'ContactPage');
const ForbiddenPage = lazyNamed(() => import('./pages/errors/ErrorPage'), 'ForbiddenPage');
const ForgotPasswordPage = lazyNamed(
  () => import('./pages/forgot-password/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const ForgotPasswordSuccessPage = lazyNamed(
  () => import('./pages/forgot-password/ForgotPasswordPage'),
  'ForgotPasswordSuccessPage',
);
const HomePage = lazyNamed(() => import('./pages/home/HomePage'), 'HomePage');
const NotFoundPage = lazyNamed(() => import('./pages/errors/ErrorPage'), 'NotFoundPage');
const RecoveryCodeLoginPage = lazyNamed(
  () => import('./pages/login/RecoveryCodeLoginPage'),
  'RecoveryCodeLoginPage',
);
const RegisterPage = lazyNamed(() => import('./pages/register/RegisterPage'), 'RegisterPage');
const ResetPasswordConfirmationPage = lazyNamed(
  () => import('./pages/reset-password/ResetPasswordPage'),
  'ResetPasswordConfirmationPage',
);
const ResetPasswordPage = lazyNamed(
  () => import('./pages/reset-password/ResetPasswordPage'),
  'ResetPasswordPage',
);
/** Only signed-in users see it, so a visitor's `/login` does not download it. */
const SignedInBar = lazyNamed(() => import('./layout/SignedInBar'), 'SignedInBar');
const TwoFactorLoginPage = lazyNamed(() => import('./pages/login/TwoFactorLoginPage'), 'TwoFactorLoginPage');

/**
 * Public pages and the account area: outside react-admin's admin, sharing its toasts. Not
 * inside ra-core's CoreAdminContext, whose query cache, data, i18n and store layers `/login`
 * would download (its budget is 150 KB gzip); the account area brings what it uses.
 */
export default function PublicApp() {
  const user = useSignedInUser(session);
  return (
    <NotificationContextProvider>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <EnvironmentBanner />
        {user && (
          <Suspense fallback={null}>
            <SignedInBar user={user} />
          </Suspense>
        )}
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
