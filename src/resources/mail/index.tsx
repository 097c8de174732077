import SendIcon from '@mui/icons-material/Send';
import { Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useRecordContext } from 'react-admin';
import type { ResourceOverrides } from '../../admin/engine/types';
import { http } from '../../providers';
import { useFailureToast } from '../../providers/failureToast';

/** A failed message's one action: queue it again (`POST mail/:id/resend`). */
export function ResendButton() {
  const record = useRecordContext();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const failureToast = useFailureToast();
  const [busy, setBusy] = useState(false);
  if (!record || record.status !== 'failed') return null;

  const resend = async () => {
    setBusy(true);
    try {
      await http(`/api/mail/${record.id}/resend`, { method: 'POST' });
      notify('E-mail queued again', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['mail'] });
    } catch (error) {
      failureToast(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      size="small"
      startIcon={<SendIcon />}
      disabled={busy}
      onClick={resend}
      aria-label={`Resend ${String(record.subject)} to ${String(record.to)}`}
    >
      Resend
    </Button>
  );
}

const mail: ResourceOverrides = { rowActions: ResendButton };

export default mail;
