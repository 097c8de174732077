import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import type { FormEvent } from 'react';
import { useAppMessages } from '../../i18n/locale';
import { AuthCard } from './AuthCard';
import { ExpiredSignIn } from './ExpiredSignIn';
import { useSignInStep } from './useSignInStep';

/** `/login/recovery-code`: one of the ten single-use codes instead of the authenticator. */
export function RecoveryCodeLoginPage() {
  const text = useAppMessages().signIn;
  const step = useSignInStep('/api/account/login-recovery', 'Invalid recovery code entered.');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void step.submit({ recoveryCode: String(form.get('recoveryCode') ?? '') });
  }

  if (step.expired) return <ExpiredSignIn query={step.query} title={text.recoveryTitle} />;
  return (
    <AuthCard title={text.recoveryTitle}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {text.recoveryIntro}
      </Typography>
      <Box component="form" onSubmit={onSubmit} noValidate aria-label={text.recoveryTitle}>
        {step.error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {step.error}
          </Alert>
        )}
        <TextField
          name="recoveryCode"
          label={text.recoveryCode}
          autoComplete="off"
          required
          fullWidth
          margin="normal"
          autoFocus
          slotProps={{ htmlInput: { maxLength: 32 } }}
        />
        <Button type="submit" variant="contained" fullWidth disabled={step.submitting} sx={{ mt: 2 }}>
          {text.submit}
        </Button>
      </Box>
    </AuthCard>
  );
}
