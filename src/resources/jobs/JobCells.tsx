import ReplayIcon from '@mui/icons-material/Replay';
import { Box, Link as MuiLink, Tooltip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { jobs } from '../../../contract/definitions/jobs';
import { useCodeText } from '../../admin/engine/codes';
import { Cell } from '../audit-log/AuditCells';
import { FailedRowAction } from '../FailedRowAction';

/** What kind of work, in the reader's language. */
export function TypeCell() {
  const record = useRecordContext();
  const codes = useCodeText();
  return typeof record?.type === 'string' ? <Cell text={codes.jobType(record.type)} /> : null;
}

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
  return (
    <FailedRowAction
      resource={jobs.name}
      action="retry"
      icon={<ReplayIcon />}
      messages={{ label: 'app.jobs.retry', done: 'app.jobs.retried', ariaLabel: 'app.jobs.retryJob' }}
      ariaLabelOf={(record) => ({ id: record.id })}
    />
  );
}
