import { Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { useNotify, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { http } from '../providers';
import { useFailureToast } from '../providers/failureToast';

export interface FailedRowActionProps {
  /** The resource whose rows this acts on; its list queries are refetched after success. */
  resource: string;
  /** The action's path below the row: `POST /api/{resource}/{id}/{action}`. */
  action: string;
  icon: ReactElement;
  /** Message keys: the button's text, the toast on success, and the row's accessible name. */
  messages: { label: string; done: string; ariaLabel: string };
  /** What the accessible name's placeholders are filled from, so rows can be told apart. */
  ariaLabelOf: (record: RaRecord) => Record<string, unknown>;
}

/**
 * The one action of a failed row, such as a job's 'Retry' or a message's 'Resend': it shows on
 * failed rows only, posts once at a time, and the server queues the row again.
 */
export function FailedRowAction({ resource, action, icon, messages, ariaLabelOf }: FailedRowActionProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const failureToast = useFailureToast();
  const queryClient = useQueryClient();
  const record = useRecordContext();
  const [busy, setBusy] = useState(false);
  if (record?.status !== 'failed') return null;

  const run = async () => {
    setBusy(true);
    try {
      await http(`/api/${resource}/${record.id}/${action}`, { method: 'POST' });
      notify(translate(messages.done), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: [resource] });
    } catch (error) {
      failureToast(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      size="small"
      startIcon={icon}
      disabled={busy}
      onClick={run}
      aria-label={translate(messages.ariaLabel, ariaLabelOf(record))}
    >
      {translate(messages.label)}
    </Button>
  );
}
