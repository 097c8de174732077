import {
  Alert,
  Button,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { ModalDialog } from '../../layout/ModalHost';
import { type FormEvent, useState } from 'react';
import type { Reauthenticate } from '../../../contract/account';
import { limits } from '../../../contract/common';
import { useAppMessages } from '../../i18n/locale';
import { type FormErrors, formErrorsOf, noErrors } from '../../lib/formErrors';
import { wasCancelled } from '../../lib/passkeys';

/**
 * Asks again for the current password or an authenticator code (or, where offered, a passkey)
 * before a sensitive change.
 */
export function ConfirmIdentityDialog({
  title,
  warning,
  allowCode,
  onConfirm,
  passkey,
  onClose,
}: {
  title: string;
  warning: string;
  allowCode: boolean;
  onConfirm: (proof: Reauthenticate) => Promise<unknown>;
  /** Another way to confirm: a passkey (its button's label and what it does). */
  passkey?: { label: string; confirm: () => Promise<unknown> };
  onClose: () => void;
}) {
  const text = useAppMessages().twoFactor;
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [submitting, setSubmitting] = useState(false);

  async function run(confirm: () => Promise<unknown>) {
    setSubmitting(true);
    setErrors(noErrors);
    try {
      await confirm();
    } catch (caught) {
      // Closing the browser's passkey prompt is a change of mind, not a failure.
      if (!wasCancelled(caught)) setErrors(formErrorsOf(caught, text.confirmIntro));
      setSubmitting(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    const code = String(form.get('code') ?? '');
    void run(() => onConfirm(password ? { password } : { code }));
  }

  const message = errors.message ?? errors.fields.password ?? errors.fields.code ?? errors.fields.passkey;
  return (
    <ModalDialog open onClose={onClose} aria-labelledby="confirm-identity-title">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="confirm-identity-title">{title}</DialogTitle>
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {warning}
          </Alert>
          <DialogContentText>{text.confirmIntro}</DialogContentText>
          {message && (
            <Alert severity="error" role="alert" sx={{ mt: 1 }}>
              {message}
            </Alert>
          )}
          <TextField
            name="password"
            type="password"
            label={text.password}
            autoComplete="current-password"
            fullWidth
            margin="normal"
            autoFocus
            slotProps={{ htmlInput: { maxLength: limits.password } }}
          />
          {allowCode && (
            <TextField
              name="code"
              label={text.code}
              autoComplete="one-time-code"
              fullWidth
              margin="normal"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
            />
          )}
        </DialogContent>
        <DialogActions>
          {passkey && (
            <Button disabled={submitting} onClick={() => void run(passkey.confirm)} sx={{ mr: 'auto' }}>
              {passkey.label}
            </Button>
          )}
          <Button onClick={onClose}>{text.cancel}</Button>
          <Button type="submit" variant="contained" color="warning" disabled={submitting}>
            {text.confirm}
          </Button>
        </DialogActions>
      </form>
    </ModalDialog>
  );
}
