import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { changeEmailRequestSchema } from '../../../contract/account';
import { limits } from '../../../contract/common';
import { useAppMessages } from '../../i18n/locale';
import { formText } from '../../lib/formErrors';
import { http } from '../../providers';
import { useFormSubmit } from '../login/useFormSubmit';
import { PasswordField } from '../login/PasswordField';
import { FormError } from '../login/FormError';

/** `POST account/changeemail`: the address changes once the link sent to the new one is opened. */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const text = useAppMessages().changeEmail;
  const formRef = useRef<HTMLFormElement>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useFormSubmit({
    schema: changeEmailRequestSchema,
    read: (data) => ({ newEmail: formText(data, 'newEmail'), password: formText(data, 'password') }),
    send: (body) => http('/api/account/changeemail', { method: 'POST', body }),
    onDone: (_result, body) => {
      formRef.current?.reset();
      setSentTo(body.newEmail);
    },
  });
  return (
    <Box sx={{ p: 3, maxWidth: 480 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        {text.title}
      </Typography>
      <Typography variant="body2">{text.current.replace('%{email}', currentEmail)}</Typography>
      <Box component="form" ref={formRef} onSubmit={form.onSubmit} noValidate aria-label={text.title}>
        {sentTo && (
          <Alert severity="success" role="status" sx={{ mt: 2 }}>
            {text.sent.replace('%{email}', sentTo)}
          </Alert>
        )}
        <FormError message={form.errors.message} sx={{ mt: 2 }} />
        <TextField
          {...form.field('newEmail')}
          type="email"
          label={text.newEmail}
          autoComplete="email"
          required
          fullWidth
          margin="normal"
          slotProps={{ htmlInput: { maxLength: limits.email } }}
        />
        <PasswordField {...form.field('password')} label={text.password} autoComplete="current-password" />
        <Button type="submit" variant="outlined" disabled={form.submitting} sx={{ mt: 1 }}>
          {text.submit}
        </Button>
      </Box>
    </Box>
  );
}
