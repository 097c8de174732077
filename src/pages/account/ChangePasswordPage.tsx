import { Box, Button, Typography } from '@mui/material';
import { useNotify } from 'ra-core';
import { useRef } from 'react';
import { changePasswordRequestSchema } from '../../../contract/account';
import { useAppMessages } from '../../i18n/locale';
import { formText } from '../../lib/formErrors';
import { http } from '../../providers';
import { useFormSubmit } from '../login/useFormSubmit';
import { NewPasswordFields } from '../login/NewPasswordFields';
import { PasswordField } from '../login/PasswordField';
import { FormError } from '../login/FormError';

/** `/account/change-password`: the new password follows the rule of spec section 5, checked here and on the server. */
export function ChangePasswordPage() {
  const text = useAppMessages().changePassword;
  const notify = useNotify();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormSubmit({
    schema: changePasswordRequestSchema,
    read: (data) => ({
      oldPassword: formText(data, 'oldPassword'),
      newPassword: formText(data, 'newPassword'),
      confirmPassword: formText(data, 'confirmPassword'),
    }),
    send: (body) => http('/api/account/changepassword', { method: 'POST', body }),
    onDone: () => {
      formRef.current?.reset();
      notify(text.done, { type: 'success' });
    },
  });
  return (
    <Box sx={{ p: 3, maxWidth: 480 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        {text.title}
      </Typography>
      <Box component="form" ref={formRef} onSubmit={form.onSubmit} noValidate aria-label={text.title}>
        <FormError message={form.errors.message} />
        <PasswordField {...form.field('oldPassword')} label={text.current} autoComplete="current-password" />
        <NewPasswordFields form={form} name="newPassword" label={text.new} confirmLabel={text.confirm} />
        <Button type="submit" variant="contained" disabled={form.submitting} sx={{ mt: 2 }}>
          {text.submit}
        </Button>
      </Box>
    </Box>
  );
}
