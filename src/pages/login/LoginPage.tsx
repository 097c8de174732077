import { Alert, Box, Button, Checkbox, FormControlLabel, Link, Paper, Typography } from '@mui/material';
import { useNotificationContext } from 'ra-core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { LoginResult } from '../../../contract/account';
import { Link as RouterLink, useLocation, useSearchParams } from 'wouter';
import type { ExternalProvider } from '../../../contract/account';
import { externalLoginErrors } from '../../../contract/external-login';
import { limits } from '../../../contract/limits';
import { fill, type ShellMessages, useShellMessages } from '../../i18n/locale';
import { LanguagePicker } from '../../layout/LanguagePicker';
import { formErrorsOf, formText } from '../../lib/formErrors';
import { PortalBrand, useDocumentTitle } from '../../layout/PortalBrand';
import { needsFullNavigation, safeReturnUrl } from '../../../contract/returnUrl';
import {
  browserSupportsPasskeyAutofill,
  browserSupportsPasskeys,
  cancelPasskeyPrompt,
  passkeyAddressInstead,
  signInWithPasskey,
  wasCancelled,
} from '../../lib/passkeys';
import { authProvider, http, session } from '../../providers';
import { OutlinedField } from './OutlinedField';
import { PasswordField } from './PasswordField';

/**
 * The contract's sign-in rules, checked here without zod (which `/login` does not download);
 * the server checks the rest and its 400 lands on the same fields.
 */
function signInFieldErrors(email: string, password: string, messages: ShellMessages) {
  const { login: text, validation } = messages;
  const fields: Record<string, string> = {};
  if (!email) fields.email = fill(validation.required, { label: text.email });
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    fields.email = fill(validation.invalidEmail, { label: text.email });
  if (!password) fields.password = fill(validation.required, { label: text.password });
  return fields;
}

/** `/login`: email and password; on success the user goes to a safe `returnUrl`, default /admin. */
export function LoginPage() {
  const messages = useShellMessages();
  const text = messages.login;
  const { resetNotifications } = useNotificationContext();
  const [, navigate] = useLocation();
  const [searchParams] = useSearchParams();
  const returnUrl = safeReturnUrl(searchParams.get('returnUrl'));
  const externalError = searchParams.get('externalError');
  const [error, setError] = useState<string | null>(
    externalError && externalError in externalLoginErrors
      ? externalLoginErrors[externalError as keyof typeof externalLoginErrors]
      : null,
  );
  // Without a configured provider the list is empty and no button shows.
  const [providers, setProviders] = useState<ExternalProvider[]>([]);
  useEffect(() => {
    let live = true;
    // Plain fetch: the query cache would add its weight to `/login`. A failure shows no button.
    http<{ result: ExternalProvider[] }>('/api/account/external-providers', { silent: true }).then(
      (body) => live && setProviders(body.result),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useDocumentTitle(text.title);

  function signedIn() {
    resetNotifications();
    // The admin's cached permissions may be a previous user's; the cache loads with the admin.
    void import('../../providers/queryClient').then(({ queryClient }) =>
      queryClient.invalidateQueries({ queryKey: ['auth', 'getPermissions'] }),
    );
    if (needsFullNavigation(returnUrl)) window.location.assign(returnUrl);
    else navigate(returnUrl, { replace: true });
  }

  /** A passkey answer: two factors at once, so it signs in or says why not. */
  async function afterPasskey(result: LoginResult) {
    if (result.status !== 'Succeeded') {
      setError(result.message ?? text.failed);
      setSubmitting(false);
      return;
    }
    session.reset();
    await session.refresh();
    signedIn();
  }

  function passkeyFailed(caught: unknown) {
    setSubmitting(false);
    if (wasCancelled(caught)) return;
    // The browser's own refusal (a DOMException) speaks the browser's language, not the user's.
    const fromServer = typeof (caught as { status?: unknown } | null)?.status === 'number';
    setError(fromServer ? formErrorsOf(caught, text.passkeyFailed).message : text.passkeyFailed);
  }

  // The browser's passkey autofill: it offers this site's passkeys among the e-mail field's
  // suggestions and answers only when the person picks one, so it waits for the page's life.
  const [namedAddress] = useState(() => passkeyAddressInstead());
  const [passkeys] = useState(() => browserSupportsPasskeys() && !namedAddress);
  useEffect(() => {
    let live = true;
    void browserSupportsPasskeyAutofill().then((supported) => {
      if (!supported || !live || !passkeys) return;
      signInWithPasskey({ autofill: true }).then(
        (result) => {
          if (live) void afterPasskey(result);
        },
        (caught: unknown) => {
          // Options refused for the address's budget: the autofill offer is an extra, so it goes
          // quietly; the passkey button still says why when pressed.
          const limited = (caught as { status?: unknown } | null)?.status === 429;
          if (live && !limited) passkeyFailed(caught);
        },
      );
    });
    return () => {
      live = false;
      cancelPasskeyPrompt();
    };
    // Once per visit: the ceremony is the page's, not a render's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function onPasskey() {
    setError(null);
    setSubmitting(true);
    const rememberMe = formRef.current ? new FormData(formRef.current).get('rememberMe') === 'on' : false;
    try {
      await afterPasskey(await signInWithPasskey({ rememberMe }));
    } catch (caught) {
      passkeyFailed(caught);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = formText(form, 'email').trim();
    const password = formText(form, 'password');
    setError(null);
    const problems = signInFieldErrors(email, password, messages);
    setFieldErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSubmitting(true);
    try {
      // What ra-core's useLogin does, without loading ra-core's auth layer on the public pages.
      const result = await authProvider.login({
        email,
        password,
        rememberMe: form.get('rememberMe') === 'on',
        returnUrl,
      });
      if (result?.redirectTo) {
        resetNotifications();
        navigate(result.redirectTo);
        return;
      }
      signedIn();
    } catch (caught) {
      const failed = formErrorsOf(caught, text.failed);
      setFieldErrors(failed.fields);
      setError(failed.message);
      setSubmitting(false);
    }
  }

  return (
    // AuthCard's markup, kept here: importing it would make `/login` fetch it as one more file.
    <Box component="main" sx={{ display: 'flex', justifyContent: 'center', p: 2, mt: { xs: 2, sm: 8 } }}>
      <Paper sx={{ p: 4, width: '100%', maxWidth: 400 }} elevation={2}>
        <Box sx={{ mb: 2 }}>
          <PortalBrand />
        </Box>
        <Typography variant="h5" component="h1" gutterBottom>
          {text.title}
        </Typography>
        <Box component="form" ref={formRef} onSubmit={onSubmit} noValidate aria-label={text.title}>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {error}
            </Alert>
          )}
          <OutlinedField
            name="email"
            type="email"
            label={text.email}
            autoComplete="username webauthn"
            required
            autoFocus
            maxLength={limits.email}
            error={Boolean(fieldErrors.email)}
            helperText={fieldErrors.email}
          />
          <PasswordField
            name="password"
            label={text.password}
            autoComplete="current-password"
            error={Boolean(fieldErrors.password)}
            helperText={fieldErrors.password}
          />
          <FormControlLabel control={<Checkbox name="rememberMe" />} label={text.rememberMe} />
          <Button type="submit" variant="contained" fullWidth disabled={submitting} sx={{ mt: 2 }}>
            {submitting ? text.signingIn : text.submit}
          </Button>
          {passkeys && (
            <Button variant="outlined" fullWidth disabled={submitting} sx={{ mt: 1 }} onClick={onPasskey}>
              {text.passkeySignIn}
            </Button>
          )}
          {namedAddress && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {messages.passkeys.needsName.replace('%{url}', namedAddress)}
            </Typography>
          )}
          {providers.map((provider) => (
            <Button
              key={provider.name}
              variant="outlined"
              fullWidth
              sx={{ mt: 1 }}
              href={`/api/account/ExternalLogin?${new URLSearchParams({ provider: provider.name, returnUrl })}`}
            >
              {fill(text.externalSignIn, { provider: provider.displayName })}
            </Button>
          ))}
          <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
            <Link component={RouterLink} to="/forgot-password">
              {text.forgotPassword}
            </Link>
            <Link component={RouterLink} to="/register">
              {messages.signIn.register}
            </Link>
            <Link component={RouterLink} to="/contact">
              {messages.signIn.contact}
            </Link>
          </Box>
        </Box>
        <LanguagePicker />
      </Paper>
    </Box>
  );
}
