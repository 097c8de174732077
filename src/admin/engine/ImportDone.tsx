import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { type AnyResource, fillPath, resourceCalls } from '../../../contract/definition';
import type { ImportUndone, ImportUndoStatus } from '../../../contract/import';
import { http } from '../../providers';
import { useFailureToast } from '../../providers/failureToast';
import { useResourcePath } from '../../resources/useResourcePath';
import { useResourceText } from './labels';

export interface Committed {
  importId: string;
  created: number;
  updated: number;
  unchanged: number;
  /** Invitations the Admin chose to send later, from here. */
  invitationsLater: number;
}

/** How often the page asks how far a large Undo's job has got. */
const pollMs = 1000;

/**
 * The import once committed: what it did, its Undo (a large one runs as a job, followed here with
 * its progress until done) and, when the Admin chose to send them later, its invitations.
 */
export function ImportDone({ definition, committed }: { definition: AnyResource; committed: Committed }) {
  const translate = useTranslate();
  const text = useResourceText();
  const notify = useNotify();
  const failureToast = useFailureToast();
  const queryClient = useQueryClient();
  const path = useResourcePath(definition.name);
  const calls = resourceCalls(definition);
  const { importId } = committed;
  const [busy, setBusy] = useState(false);
  const [job, setJob] = useState<ImportUndoStatus>();
  const [undone, setUndone] = useState(false);
  const [invited, setInvited] = useState<number>();
  const doneRef = useRef<HTMLDivElement>(null);
  const progressRef = useRef<HTMLDivElement>(null);
  const undoneRef = useRef<HTMLDivElement>(null);
  const invitedRef = useRef<HTMLDivElement>(null);
  useEffect(() => doneRef.current?.focus(), []);

  const finished = async (result: ImportUndone) => {
    setUndone(true);
    await queryClient.invalidateQueries({ queryKey: [definition.name] });
    const { sent, cancelled } = result.invitations;
    if (sent + cancelled > 0)
      notify(translate('app.import.invitationsUndone', { sent, cancelled }), { type: 'info' });
    // What someone has begun to use stays; the reader learns which, by name (the page says it is undone).
    if (result.kept.length > 0)
      notify(
        translate('app.import.undoneKept', {
          smart_count: result.kept.length,
          titles: result.kept.map((row) => row.title).join(', '),
        }),
        { type: 'warning', autoHideDuration: null },
      );
  };

  const running = job?.state === 'running';
  const { data: status } = useQuery({
    queryKey: [definition.name, 'import-undo', importId],
    queryFn: () =>
      http<{ result: ImportUndoStatus }>(`/api/${fillPath(calls.importUndoStatus!.path, { importId })}`).then(
        (body) => body.result,
      ),
    enabled: running,
    refetchInterval: pollMs,
  });
  useEffect(() => {
    if (!running || !status || status.state === 'running') return;
    setJob(status);
    if (status.state === 'done' && status.result) void finished(status.result);
    // `finished` is new each render; the status is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status, running]);

  const undo = async () => {
    setBusy(true);
    try {
      const { result } = await http<{ result: ImportUndone | ImportUndoStatus }>(
        `/api/${fillPath(calls.importUndo!.path, { importId })}`,
        { method: 'POST' },
      );
      if ('state' in result) {
        setJob(result);
        if (result.state === 'done' && result.result) await finished(result.result);
      } else await finished(result);
    } catch (error) {
      failureToast(error);
    } finally {
      setBusy(false);
    }
  };

  const sendInvitations = async () => {
    setBusy(true);
    try {
      const { result } = await http<{ result: { invitations: number } }>(
        `/api/${fillPath(calls.importInvite!.path, { importId })}`,
        { method: 'POST' },
      );
      setInvited(result.invitations);
    } catch (error) {
      failureToast(error);
    } finally {
      setBusy(false);
    }
  };

  const progress = status?.state === 'running' ? status : job;
  // The pressed button is disabled while the Undo runs, then gone, and the browser would drop the
  // focus on the page body: it follows the Undo's progress and then its outcome instead, as the
  // commit's focus goes to its result.
  useEffect(() => {
    if (running) progressRef.current?.focus();
  }, [running]);
  useEffect(() => {
    if (undone) undoneRef.current?.focus();
  }, [undone]);
  useEffect(() => {
    if (invited !== undefined) invitedRef.current?.focus();
  }, [invited]);
  return (
    <Box component="section" sx={{ mb: 2 }}>
      <Alert severity="success" sx={{ mb: 2 }} ref={doneRef} tabIndex={-1}>
        {translate('app.import.done', {
          created: committed.created,
          updated: committed.updated,
          unchanged: committed.unchanged,
        })}
      </Alert>
      {running && progress && (
        <Box sx={{ mb: 2 }} role="status" ref={progressRef} tabIndex={-1}>
          <Typography variant="body2">
            {translate('app.import.undoing', { done: progress.done, total: progress.total })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={progress.total ? (100 * progress.done) / progress.total : 0}
            aria-label={translate('app.import.undoImport')}
          />
        </Box>
      )}
      {job?.state === 'failed' && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate('app.import.undoFailed', { error: job.error ?? '' })}
        </Alert>
      )}
      {undone && (
        <Alert severity="info" sx={{ mb: 2 }} ref={undoneRef} tabIndex={-1}>
          {translate('app.import.undone')}
        </Alert>
      )}
      {invited !== undefined && (
        <Alert severity="info" sx={{ mb: 2 }} ref={invitedRef} tabIndex={-1}>
          {translate('app.import.invitationsQueued', { smart_count: invited })}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {!undone && (
          <Button variant="outlined" onClick={() => void undo()} disabled={busy || running}>
            {translate('app.import.undoImport')}
          </Button>
        )}
        {committed.invitationsLater > 0 && invited === undefined && !undone && (
          <Button variant="contained" onClick={() => void sendInvitations()} disabled={busy || running}>
            {translate('app.import.sendLater', { smart_count: committed.invitationsLater })}
          </Button>
        )}
        <Button component={Link} to={path()}>
          {translate('app.import.showList', { label: text.many(definition) })}
        </Button>
      </Stack>
    </Box>
  );
}
