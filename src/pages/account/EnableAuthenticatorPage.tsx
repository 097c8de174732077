import { Alert, Box, Button, CircularProgress, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'ra-core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { enableAuthenticatorRequestSchema, type SharedKey } from '../../../contract/account';
import { useAppMessages } from '../../i18n/locale';
import { formText } from '../../lib/formErrors';
import { http, session } from '../../providers';
import { useFormSubmit } from '../login/useFormSubmit';
import { mfaStatusKey } from './TwoFactorPage';
import { PasswordField } from '../login/PasswordField';
import { FormError } from '../login/FormError';

function QrCode({ uri }: { uri: string }) {
  const text = useAppMessages().enableAuthenticator;
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(uri, { width: 200, margin: 1 }).then((url) => live && setSrc(url));
    return () => {
      live = false;
    };
  }, [uri]);
  return src ? <img src={src} alt={text.qrAlt} width={200} height={200} /> : null;
}

/** `/account/enable-authentication`: the shared key as text and QR code, then a verification code. */
export function EnableAuthenticatorPage() {
  const appMessages = useAppMessages();
  const text = appMessages.enableAuthenticator;
  const [, navigate] = useLocation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const key = useQuery({
    queryKey: ['account', 'shared-key'],
    queryFn: () => http<{ result: SharedKey }>('/api/account/shared-key').then((body) => body.result),
    staleTime: 0,
    gcTime: 0,
  });
  const form = useFormSubmit({
    schema: enableAuthenticatorRequestSchema,
    read: (data) => ({ code: formText(data, 'code'), password: formText(data, 'password') }),
    send: (body) =>
      http<{ result: { recoveryCodes: string[] | null } }>('/api/account/enable-authenticator', {
        method: 'PUT',
        body,
      }),
    onDone: async (response) => {
      notify(text.done, { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: mfaStatusKey });
      await session.refresh();
      const recoveryCodes = response.result.recoveryCodes;
      if (recoveryCodes) navigate('/account/show-recovery-codes', { state: { recoveryCodes } });
      else navigate('/account/two-factor-authentication');
    },
  });

  if (key.isPending) {
    return (
      <Box sx={{ p: 3 }} aria-busy="true">
        <CircularProgress aria-label={appMessages.layout.loading} />
      </Box>
    );
  }
  if (key.isError) {
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="error">{key.error.message}</Alert>
      </Box>
    );
  }
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        {text.title}
      </Typography>
      <Box component="ol" sx={{ pl: 2.5, '& > li': { mb: 2 } }}>
        <li>
          <Typography>{text.step1}</Typography>
        </li>
        <li>
          <Typography>{text.step2}</Typography>
          <Box
            component="kbd"
            data-testid="shared-key"
            sx={{
              display: 'inline-block',
              my: 1,
              px: 1,
              py: 0.5,
              bgcolor: 'action.hover',
              fontSize: '1.1rem',
            }}
          >
            {key.data.sharedKey}
          </Box>
          <Box>
            <QrCode uri={key.data.authenticatorUri} />
          </Box>
        </li>
        <li>
          <Typography>{text.step3}</Typography>
          <Box
            component="form"
            onSubmit={form.onSubmit}
            noValidate
            aria-label={text.title}
            sx={{ maxWidth: 360 }}
          >
            <FormError message={form.errors.message} />
            <TextField
              {...form.field('code')}
              label={text.code}
              autoComplete="one-time-code"
              required
              fullWidth
              margin="normal"
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 7 } }}
            />
            <PasswordField
              {...form.field('password')}
              label={text.password}
              autoComplete="current-password"
            />
            <Button type="submit" variant="contained" disabled={form.submitting} sx={{ mt: 1 }}>
              {text.submit}
            </Button>
          </Box>
        </li>
      </Box>
    </Box>
  );
}
