import { Alert, Box, Button, TextField } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'wouter';
import { confirmAccountRequestSchema } from '../../../contract/account';
import { useAppMessages } from '../../i18n/locale';
import { formText } from '../../lib/formErrors';
import { http } from '../../providers';
import { AuthCard } from '../login/AuthCard';
import { useFormSubmit } from '../login/useFormSubmit';
import { NewPasswordFields } from '../login/NewPasswordFields';
import { FormError } from '../login/FormError';

function Outcome({ severity, message }: { severity: 'success' | 'error'; message: string }) {
  const text = useAppMessages().confirmAccount;
  return (
    <AuthCard title={text.title}>
      <Alert severity={severity} role={severity === 'error' ? 'alert' : 'status'}>
        {message}
      </Alert>
      <Button component={RouterLink} to="/login" variant="contained" sx={{ mt: 2 }}>
        {text.logIn}
      </Button>
    </AuthCard>
  );
}

/**
 * `/confirm-account`: reached through `GET account/confirm-account-redirect`, which has
 * checked the link; here the user chooses a password and confirms.
 */
export function ConfirmAccountPage() {
  const appMessages = useAppMessages();
  const text = appMessages.confirmAccount;
  const [params] = useSearchParams();
  const [done, setDone] = useState(false);
  const email = params.get('email') ?? '';
  const code = params.get('code') ?? '';
  const form = useFormSubmit({
    schema: confirmAccountRequestSchema,
    read: (data) => ({
      email,
      code,
      password: formText(data, 'password'),
      confirmPassword: formText(data, 'confirmPassword'),
    }),
    send: (body) => http('/api/account/confirm-account', { method: 'POST', body }),
    onDone: () => setDone(true),
  });
  const status = params.get('status');
  if (status === 'emailChanged') return <Outcome severity="success" message={text.emailChanged} />;
  if (status === 'invalid' || !email || !code || form.errors.fields.code) {
    return <Outcome severity="error" message={form.errors.fields.code ?? text.invalid} />;
  }
  if (done) return <Outcome severity="success" message={text.done} />;
  return (
    <AuthCard title={text.title}>
      <Box component="form" onSubmit={form.onSubmit} noValidate aria-label={text.title}>
        <Alert severity="info" sx={{ mb: 1 }}>
          {text.intro}
        </Alert>
        <FormError message={form.errors.message} />
        <TextField label={appMessages.login.email} value={email} disabled fullWidth margin="normal" />
        <NewPasswordFields form={form} label={text.password} confirmLabel={text.confirm} autoFocus />
        <Button type="submit" variant="contained" fullWidth disabled={form.submitting} sx={{ mt: 2 }}>
          {text.submit}
        </Button>
      </Box>
    </AuthCard>
  );
}
