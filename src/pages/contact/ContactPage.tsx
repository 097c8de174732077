import { Alert, Box, Button, TextField } from '@mui/material';
import { useState } from 'react';
import { limits } from '../../../contract/common';
import { contactLimits, contactRequestSchema } from '../../../contract/contact';
import { useAppMessages } from '../../i18n/locale';
import { formText } from '../../lib/formErrors';
import { http, session } from '../../providers';
import { useAuthState } from '../../providers/session';
import { AuthCard } from '../login/AuthCard';
import { useFormSubmit } from '../login/useFormSubmit';
import { FormError } from '../login/FormError';

/** `/contact`: the contact form (`POST contact`), delivered by e-mail to the portal's team. */
export function ContactPage() {
  const text = useAppMessages().contact;
  const { user } = useAuthState(session);
  const [done, setDone] = useState(false);
  const form = useFormSubmit({
    schema: contactRequestSchema,
    read: (data) => ({
      name: formText(data, 'name'),
      email: formText(data, 'email'),
      subject: formText(data, 'subject'),
      message: formText(data, 'message'),
    }),
    send: (body) => http('/api/contact', { method: 'POST', body }),
    onDone: () => setDone(true),
  });
  if (done) {
    return (
      <AuthCard title={text.title}>
        <Alert severity="success" role="status">
          {text.done}
        </Alert>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={text.title} maxWidth={560}>
      <Box component="form" onSubmit={form.onSubmit} noValidate aria-label={text.title}>
        <FormError message={form.errors.message} />
        <TextField
          {...form.field('name')}
          label={text.name}
          defaultValue={user?.fullName ?? ''}
          required
          fullWidth
          margin="dense"
          slotProps={{ htmlInput: { maxLength: contactLimits.name } }}
        />
        <TextField
          {...form.field('email')}
          label={text.email}
          type="email"
          defaultValue={user?.email ?? ''}
          required
          fullWidth
          margin="dense"
          slotProps={{ htmlInput: { maxLength: limits.email } }}
        />
        <TextField
          {...form.field('subject')}
          label={text.subject}
          required
          fullWidth
          margin="dense"
          slotProps={{ htmlInput: { maxLength: contactLimits.subject } }}
        />
        <TextField
          {...form.field('message')}
          label={text.message}
          required
          fullWidth
          multiline
          minRows={5}
          margin="dense"
          slotProps={{ htmlInput: { maxLength: contactLimits.message } }}
        />
        <Button type="submit" variant="contained" disabled={form.submitting} sx={{ mt: 2 }}>
          {text.submit}
        </Button>
      </Box>
    </AuthCard>
  );
}
