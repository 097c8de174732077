import { Alert, Box, Button, Link, TextField, Typography } from '@mui/material';
import { Link as RouterLink, useLocation, useSearchParams } from 'wouter';
import { resetPasswordRequestSchema } from '../../../contract/account';
import { limits } from '../../../contract/common';
import { useAppMessages } from '../../i18n/locale';
import { formText } from '../../lib/formErrors';
import { http } from '../../providers';
import { AuthCard } from '../login/AuthCard';
import { useFormSubmit } from '../login/useFormSubmit';
import { NewPasswordFields } from '../login/NewPasswordFields';

/** `/reset-password?email=&code=`: the page the e-mailed link opens. */
export function ResetPasswordPage() {
  const text = useAppMessages().resetPassword;
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const form = useFormSubmit({
    schema: resetPasswordRequestSchema,
    read: (data) => ({
      email: formText(data, 'email'),
      code,
      password: formText(data, 'password'),
      confirmPassword: formText(data, 'confirmPassword'),
    }),
    send: (body) => http('/api/account/resetpassword', { method: 'POST', body }),
    onDone: () => navigate('/reset-password-confirmation'),
  });
  if (!code) {
    return (
      <AuthCard title={text.title}>
        <Alert severity="warning">{text.invalidLink}</Alert>
        <Button component={RouterLink} to="/forgot-password" sx={{ mt: 2 }}>
          {text.requestNew}
        </Button>
      </AuthCard>
    );
  }
  const linkError = form.errors.fields.code;
  return (
    <AuthCard title={text.title}>
      <Box component="form" onSubmit={form.onSubmit} noValidate aria-label={text.title}>
        {(form.errors.message || linkError) && (
          <Alert severity="error" role="alert" sx={{ mb: 1 }}>
            {linkError ?? form.errors.message}
            {linkError && (
              <>
                {' '}
                <Link component={RouterLink} to="/forgot-password">
                  {text.requestNew}
                </Link>
              </>
            )}
          </Alert>
        )}
        <TextField
          {...form.field('email')}
          type="email"
          label={text.email}
          defaultValue={params.get('email') ?? ''}
          autoComplete="username"
          required
          fullWidth
          margin="normal"
          slotProps={{ htmlInput: { maxLength: limits.email } }}
        />
        <NewPasswordFields form={form} label={text.password} confirmLabel={text.confirm} autoFocus />
        <Button type="submit" variant="contained" fullWidth disabled={form.submitting} sx={{ mt: 2 }}>
          {text.submit}
        </Button>
      </Box>
    </AuthCard>
  );
}

export function ResetPasswordConfirmationPage() {
  const text = useAppMessages().resetPassword;
  return (
    <AuthCard title={text.confirmationTitle}>
      <Typography>{text.confirmation}</Typography>
      <Box sx={{ mt: 2 }}>
        <Link component={RouterLink} to="/login">
          {text.logIn}
        </Link>
      </Box>
    </AuthCard>
  );
}
