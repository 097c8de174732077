import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'ra-core';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'wouter';
import type { MfaStatus, Reauthenticate } from '../../../contract/account';
import { useAppMessages } from '../../i18n/locale';
import { http, session } from '../../providers';
import { ConfirmIdentityDialog } from './ConfirmIdentityDialog';
import { PasskeysSection, usePasskeys } from './PasskeysSection';

export const mfaStatusKey = ['account', 'mfa-status'];

type Action = 'disable' | 'reset' | 'codes' | null;

function CodesLeft({ count }: { count: number }) {
  const text = useAppMessages().twoFactor;
  if (count === 0) {
    return (
      <Alert severity="error">
        <strong>{text.noCodesLeft}</strong> {text.noCodesLeftHelp}
      </Alert>
    );
  }
  if (count <= 3) {
    return (
      <Alert severity="warning">
        <strong>
          {count === 1 ? text.oneCodeLeft : text.fewCodesLeft.replace('%{count}', String(count))}
        </strong>{' '}
        {text.fewCodesLeftHelp}
      </Alert>
    );
  }
  return <Typography>{text.codesLeft.replace('%{count}', String(count))}</Typography>;
}

/** `/account/two-factor-authentication`: status from `GET account/mfa-status` and the actions on it. */
export function TwoFactorPage() {
  const appMessages = useAppMessages();
  const text = appMessages.twoFactor;
  const [, navigate] = useLocation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [action, setAction] = useState<Action>(null);
  const passkeys = usePasskeys();
  const status = useQuery({
    queryKey: mfaStatusKey,
    queryFn: () => http<{ result: MfaStatus }>('/api/account/mfa-status').then((body) => body.result),
    staleTime: 0,
  });

  async function afterChange() {
    await queryClient.invalidateQueries({ queryKey: mfaStatusKey });
    await session.refresh();
  }

  async function disable(proof: Reauthenticate) {
    await http('/api/account/disable-2fa', { method: 'PUT', body: proof });
    setAction(null);
    notify(text.disabledDone, { type: 'success' });
    await afterChange();
  }

  async function reset(proof: Reauthenticate) {
    await http('/api/account/reset-authenticator', { method: 'PUT', body: proof });
    setAction(null);
    await afterChange();
    notify(text.resetDone, { type: 'info' });
    navigate('/account/enable-authentication');
  }

  async function newCodes(proof: Reauthenticate) {
    const body = await http<{ result: { recoveryCodes: string[] } }>('/api/account/recovery-codes', {
      method: 'POST',
      body: proof,
    });
    setAction(null);
    await afterChange();
    navigate('/account/show-recovery-codes', { state: { recoveryCodes: body.result.recoveryCodes } });
  }

  if (status.isPending) {
    return (
      <Box sx={{ p: 3 }} aria-busy="true">
        <CircularProgress aria-label={appMessages.layout.loading} />
      </Box>
    );
  }
  if (status.isError) {
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="error">{appMessages.errors.userLoad}</Alert>
      </Box>
    );
  }
  const mfa = status.data;
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        {text.title}
      </Typography>
      <Stack spacing={2} sx={{ mb: 3 }}>
        <Typography>
          {mfa.is2faEnabled
            ? text.enabled
            : // A passkey is a sign-in of its own, with no second step to add: 'off' would read as unprotected.
              (passkeys.data?.length ?? 0) > 0
              ? text.disabledWithPasskeys
              : text.disabled}
        </Typography>
        {mfa.is2faEnabled && <CodesLeft count={mfa.recoveryCodesLeft} />}
        {mfa.isMachineRemembered && <Typography variant="body2">{text.forgetBrowser}</Typography>}
      </Stack>
      {mfa.is2faEnabled && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 3 }}>
          <Button variant="outlined" color="warning" onClick={() => setAction('disable')}>
            {text.disable}
          </Button>
          <Button variant="outlined" onClick={() => setAction('codes')}>
            {text.resetCodes}
          </Button>
        </Stack>
      )}
      <Typography variant="h6" component="h3" gutterBottom>
        {text.authenticatorApp}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {!mfa.is2faEnabled && (
          <Button variant="contained" component={RouterLink} to="/account/enable-authentication">
            {text.setUp}
          </Button>
        )}
        {mfa.is2faEnabled && (
          <Button variant="outlined" onClick={() => setAction('reset')}>
            {text.resetApp}
          </Button>
        )}
      </Stack>
      <PasskeysSection />
      {action === 'disable' && (
        <ConfirmIdentityDialog
          title={text.disable}
          warning={text.disableWarning}
          allowCode
          onConfirm={disable}
          onClose={() => setAction(null)}
        />
      )}
      {action === 'reset' && (
        <ConfirmIdentityDialog
          title={text.resetApp}
          warning={text.resetWarning}
          allowCode
          onConfirm={reset}
          onClose={() => setAction(null)}
        />
      )}
      {action === 'codes' && (
        <ConfirmIdentityDialog
          title={text.resetCodes}
          warning={text.resetCodesWarning}
          allowCode
          onConfirm={newCodes}
          onClose={() => setAction(null)}
        />
      )}
    </Box>
  );
}
