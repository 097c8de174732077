import { Alert, Box, Button, Checkbox, FormControlLabel, Link, TextField, Typography } from '@mui/material';
import type { FormEvent } from 'react';
import { Link as RouterLink } from 'wouter';
import { useAppMessages } from '../../i18n/locale';
import { browserSupportsPasskeys, signInWithPasskey } from '../../lib/passkeys';
import { AuthCard } from './AuthCard';
import { ExpiredSignIn } from './ExpiredSignIn';
import { useSignInStep } from './useSignInStep';

/** `/login/two-factor-authentication`: the authenticator code after the password step. */
export function TwoFactorLoginPage() {
  const text = useAppMessages().signIn;
  const step = useSignInStep('/api/account/login-2fa', 'Invalid authenticator code.');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void step.submit({
      twoFactorCode: String(form.get('twoFactorCode') ?? ''),
      rememberMachine: form.get('rememberMachine') === 'on',
    });
  }

  if (step.expired) return <ExpiredSignIn query={step.query} title={text.twoFactorTitle} />;
  return (
    <AuthCard title={text.twoFactorTitle}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {text.twoFactorIntro}
      </Typography>
      <Box component="form" onSubmit={onSubmit} noValidate aria-label={text.twoFactorTitle}>
        {step.error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {step.error}
          </Alert>
        )}
        <TextField
          name="twoFactorCode"
          label={text.authenticatorCode}
          autoComplete="one-time-code"
          required
          fullWidth
          margin="normal"
          autoFocus
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7, pattern: '[0-9 ]*' } }}
        />
        <FormControlLabel control={<Checkbox name="rememberMachine" />} label={text.rememberMachine} />
        <Button type="submit" variant="contained" fullWidth disabled={step.submitting} sx={{ mt: 2 }}>
          {text.submit}
        </Button>
      </Box>
      {browserSupportsPasskeys() && (
        <Button
          variant="outlined"
          fullWidth
          disabled={step.submitting}
          sx={{ mt: 1 }}
          onClick={() => void step.complete(() => signInWithPasskey())}
        >
          {text.usePasskey}
        </Button>
      )}
      <Typography variant="body2" sx={{ mt: 3 }}>
        {text.noDevice}{' '}
        <Link component={RouterLink} to={`/login/recovery-code${step.query}`}>
          {text.useRecoveryCode}
        </Link>
        .
      </Typography>
    </AuthCard>
  );
}
