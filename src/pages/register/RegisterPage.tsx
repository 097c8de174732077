import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'wouter';
import { limits } from '../../../contract/common';
import { athleticDirectorRegisterRequestSchema, contactLimits } from '../../../contract/contact';
import { useAppMessages } from '../../i18n/locale';
import { formText } from '../../lib/formErrors';
import { http } from '../../providers';
import { AuthCard } from '../login/AuthCard';
import { useFormSubmit } from '../login/useFormSubmit';
import { FormError } from '../login/FormError';

/** `/register`: athletic-director registration (`POST athletic-directors/register`). */
export function RegisterPage() {
  const appMessages = useAppMessages();
  const text = appMessages.register;
  const [done, setDone] = useState(false);
  const form = useFormSubmit({
    schema: athleticDirectorRegisterRequestSchema,
    read: (data) => ({
      firstName: formText(data, 'firstName'),
      lastName: formText(data, 'lastName'),
      email: formText(data, 'email'),
      organizationName: formText(data, 'organizationName'),
      phone: formText(data, 'phone') || null,
    }),
    send: (body) => http('/api/athletic-directors/register', { method: 'POST', body }),
    onDone: () => setDone(true),
  });
  if (done) {
    return (
      <AuthCard title={text.title}>
        <Alert severity="success" role="status">
          {text.done}
        </Alert>
        <Button component={RouterLink} to="/login" sx={{ mt: 2 }}>
          {appMessages.signIn.backToLogin}
        </Button>
      </AuthCard>
    );
  }
  const field = (name: string, label: string, max: number, extra: object = {}) => (
    <TextField
      {...form.field(name)}
      label={label}
      fullWidth
      margin="dense"
      slotProps={{ htmlInput: { maxLength: max } }}
      {...extra}
    />
  );
  return (
    <AuthCard title={text.title} maxWidth={520}>
      <Typography variant="body2">{text.intro}</Typography>
      <Box component="form" onSubmit={form.onSubmit} noValidate aria-label={text.title}>
        <FormError message={form.errors.message} sx={{ mt: 2 }} />
        {field('firstName', text.firstName, 100, { required: true, autoComplete: 'given-name' })}
        {field('lastName', text.lastName, 100, { required: true, autoComplete: 'family-name' })}
        {field('email', text.email, limits.email, { required: true, type: 'email', autoComplete: 'email' })}
        {field('organizationName', text.organization, contactLimits.organization, { required: true })}
        {field('phone', text.phone, contactLimits.phone, { type: 'tel', autoComplete: 'tel' })}
        <Button type="submit" variant="contained" fullWidth disabled={form.submitting} sx={{ mt: 2 }}>
          {text.submit}
        </Button>
      </Box>
    </AuthCard>
  );
}
