import { CssBaseline, ThemeProvider, useMediaQuery } from '@mui/material';
import { NotificationContextProvider } from 'ra-core';
import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { EnvironmentBanner } from './layout/EnvironmentBanner';
import { PublicBridge } from './layout/PublicBridge';
import { lazyNamed } from './lib/lazyNamed';
import { LoginPage } from './pages/login/LoginPage';
import { session } from './providers';
import { LazyNotification } from './providers/LazyNotification';
import { useSignedInUser } from './providers/session';
import { darkTheme, storedThemeChoice, theme } from './theme';

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
const ForbiddenPage = lazyNamed(() => import('./pages/errors/PublicErrorPages'), 'ForbiddenPage');
const ForgotPasswordPage = lazyNamed(
  () => import('./pages/forgot-password/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const ForgotPasswordSuccessPage = lazyNamed(
  () => import('./pages/forgot-password/ForgotPasswordPage'),
  'ForgotPasswordSuccessPage',
);
const HomePage = lazyNamed(() => import('./pages/home/HomePage'), 'HomePage');
const NotFoundPage = lazyNamed(() => import('./pages/errors/PublicErrorPages'), 'NotFoundPage');
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
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const dark = (storedThemeChoice() ?? (prefersDark ? 'dark' : 'light')) === 'dark';
  return (
    <NotificationContextProvider>
      <ThemeProvider theme={dark ? darkTheme : theme}>
        <CssBaseline enableColorScheme />
        <EnvironmentBanner />
        {user && (
          <Suspense fallback={null}>
            <SignedInBar user={user} />
          </Suspense>
        )}
        <PublicBridge />
        <Suspense fallback={null}>
          <Switch>
            <Route path="/">
              <HomePage />
            </Route>
            <Route path="/home">
              <HomePage />
            </Route>
            <Route path="/login">
              <LoginPage />
            </Route>
            <Route path="/login/two-factor-authentication">
              <TwoFactorLoginPage />
            </Route>
            <Route path="/login/recovery-code">
              <RecoveryCodeLoginPage />
            </Route>
            <Route path="/forgot-password">
              <ForgotPasswordPage />
            </Route>
            <Route path="/forgot-password-success">
              <ForgotPasswordSuccessPage />
            </Route>
            <Route path="/reset-password">
              <ResetPasswordPage />
            </Route>
            <Route path="/reset-password-confirmation">
              <ResetPasswordConfirmationPage />
            </Route>
            <Route path="/confirm-account">
              <ConfirmAccountPage />
            </Route>
            <Route path="/register">
              <RegisterPage />
            </Route>
            <Route path="/contact">
              <ContactPage />
            </Route>
            <Route path="/account/*?">
              <AccountArea />
            </Route>
            <Route path="/403">
              <ForbiddenPage />
            </Route>
            <Route>
              <NotFoundPage />
            </Route>
          </Switch>
        </Suspense>
        <LazyNotification />
      </ThemeProvider>
    </NotificationContextProvider>
  );
}
