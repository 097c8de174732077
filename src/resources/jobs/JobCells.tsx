import ReplayIcon from '@mui/icons-material/Replay';
import { Box, Button, Link as MuiLink, Tooltip } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { jobs } from '../../contract/resources/jobs';
import { http } from '../../providers';
import { useFailureToast } from '../../providers/failureToast';

/** The product a job works on, linked to the products page where its details are. */
export function SubjectCell() {
  const translate = useTranslate();
  const record = useRecordContext();
  if (typeof record?.merchandiseId !== 'number') return null;
  return (
    <MuiLink component={Link} to="/admin/merchandise">
      {translate('app.jobs.product', { id: record.merchandiseId })}
    </MuiLink>
  );
}

/**
 * A failure is often a whole stack trace: the row shows its first line, cut to the column, and
 * the whole text on hover and focus.
 */
export function LastErrorCell() {
  const record = useRecordContext();
  const error = typeof record?.lastError === 'string' ? record.lastError : '';
  if (!error) return null;
  return (
    <Tooltip title={<Box sx={{ whiteSpace: 'pre-wrap', maxHeight: 320, overflow: 'auto' }}>{error}</Box>}>
      <Box
        component="span"
        tabIndex={0}
        sx={{
          display: 'block',
          maxWidth: 360,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        {error.split('\n')[0]}
      </Box>
    </Tooltip>
  );
}

/** 'Retry' on a failed job: the server requeues it with fresh attempts. */
export function RetryButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const failureToast = useFailureToast();
  const queryClient = useQueryClient();
  const record = useRecordContext();
  const [busy, setBusy] = useState(false);
  if (record?.status !== 'failed') return null;

  const retry = async () => {
    setBusy(true);
    try {
      await http(`/api/jobs/${record.id}/retry`, { method: 'POST' });
      notify(translate('app.jobs.retried'), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: [jobs.name] });
    } catch (error) {
      failureToast(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      size="small"
      startIcon={<ReplayIcon />}
      disabled={busy}
      onClick={retry}
      aria-label={translate('app.jobs.retryJob', { id: record.id })}
    >
      {translate('app.jobs.retry')}
    </Button>
  );
}
