import { Box, Button, Link, TextField, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'wouter';
import { forgotPasswordRequestSchema } from '../../../contract/account';
import { limits } from '../../../contract/common';
import { useAppMessages } from '../../i18n/locale';
import { formText } from '../../lib/formErrors';
import { http } from '../../providers';
import { AuthCard } from '../login/AuthCard';
import { useFormSubmit } from '../login/useFormSubmit';
import { FormError } from '../login/FormError';

/** `/forgot-password`: the same success page follows whether or not the address has an account. */
export function ForgotPasswordPage() {
  const appMessages = useAppMessages();
  const text = appMessages.forgotPassword;
  const [, navigate] = useLocation();
  const form = useFormSubmit({
    schema: forgotPasswordRequestSchema,
    read: (data) => ({ email: formText(data, 'email') }),
    send: (body) => http('/api/account/forgotpassword', { method: 'POST', body }),
    onDone: () => navigate('/forgot-password-success'),
  });
  return (
    <AuthCard title={text.title}>
      <Typography variant="body2">{text.intro}</Typography>
      <Box component="form" onSubmit={form.onSubmit} noValidate aria-label={text.title}>
        <FormError message={form.errors.message} sx={{ mt: 2 }} />
        <TextField
          {...form.field('email')}
          type="email"
          label={text.email}
          autoComplete="username"
          required
          fullWidth
          margin="normal"
          autoFocus
          slotProps={{ htmlInput: { maxLength: limits.email } }}
        />
        <Button type="submit" variant="contained" fullWidth disabled={form.submitting} sx={{ mt: 2 }}>
          {text.submit}
        </Button>
      </Box>
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to="/login">
          {appMessages.signIn.backToLogin}
        </Link>
      </Box>
    </AuthCard>
  );
}

export function ForgotPasswordSuccessPage() {
  const appMessages = useAppMessages();
  const text = appMessages.forgotPassword;
  return (
    <AuthCard title={text.successTitle}>
      <Typography>{text.success}</Typography>
      <Box sx={{ mt: 2 }}>
        <Link component={RouterLink} to="/login">
          {appMessages.signIn.backToLogin}
        </Link>
      </Box>
    </AuthCard>
  );
}
