import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import { type AnyResource, apiPathOf } from '../../../contract/definition';
import { commentMax, type Transition, transitionsFrom } from '../../../contract/workflow';
import { http } from '../../providers';
import { useFailureToast } from '../../providers/failureToast';
import { useResourceText } from './labels';
import { useRoleNames } from './useOffers';

/**
 * A record's workflow state and the steps its user may take from it, as buttons: a step that
 * takes a comment asks for it in a dialog first (required when asking for changes), then the
 * record is read again, so the form shows the new state and version. The record is the page's
 * (an engine form) unless given (a product card), with `onDone` to read it again.
 */
export function WorkflowActions({
  definition,
  record: given,
  note,
  onDone,
}: {
  definition: AnyResource;
  record?: { id: number | string; version?: number; [field: string]: unknown };
  /** What the last step's comment said, shown beside the state (a reviewer's request). */
  note?: string | null;
  onDone?: () => void;
}) {
  const workflow = definition.workflow;
  const fromPage = useRecordContext();
  const record = given ?? fromPage;
  const roleNames = useRoleNames();
  const translate = useTranslate();
  const text = useResourceText();
  const notify = useNotify();
  const failureToast = useFailureToast();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<[string, Transition]>();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  if (!workflow || !record) return null;
  const state = String(record[workflow.field]);
  const allowed = transitionsFrom(workflow, state, roleNames);
  const label = (name: string) => text.transition(definition, name);

  const take = async (name: string, withComment?: string) => {
    setBusy(true);
    try {
      await http(`/api/${apiPathOf(definition)}/${record.id}/transitions/${name}`, {
        method: 'POST',
        body: { version: record.version, ...(withComment ? { comment: withComment } : {}) },
      });
      notify(translate('app.workflow.taken', { step: label(name) }), { type: 'success' });
      setAsking(undefined);
      setComment('');
      if (onDone) onDone();
      else await queryClient.invalidateQueries({ queryKey: [definition.name] });
    } catch (error) {
      failureToast(error);
    } finally {
      setBusy(false);
    }
  };

  const commentMissing = asking?.[1].comment === 'required' && comment.trim() === '';
  return (
    <Box
      component="section"
      aria-label={translate('app.workflow.region')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}
    >
      <Typography component="span">{text.field(definition, workflow.field)}:</Typography>
      <Chip label={text.value(definition, workflow.field, state)} data-state={state} />
      {note && (
        <Typography component="q" variant="body2" sx={{ flexBasis: '100%', fontStyle: 'italic' }}>
          {note}
        </Typography>
      )}
      {allowed.map(([name, transition]) => (
        <Button
          key={name}
          variant="outlined"
          disabled={busy}
          onClick={() => (transition.comment ? setAsking([name, transition]) : take(name))}
        >
          {label(name)}
        </Button>
      ))}
      <Dialog open={Boolean(asking)} onClose={() => setAsking(undefined)} fullWidth maxWidth="sm">
        {asking && (
          <>
            <DialogTitle>{label(asking[0])}</DialogTitle>
            <DialogContent>
              <TextField
                autoFocus
                multiline
                minRows={3}
                fullWidth
                margin="dense"
                label={translate('app.workflow.comment')}
                required={asking[1].comment === 'required'}
                value={comment}
                onChange={(event) => setComment(event.target.value)}
                slotProps={{ htmlInput: { maxLength: commentMax } }}
              />
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setAsking(undefined)}>{translate('ra.action.cancel')}</Button>
              <Button
                variant="contained"
                disabled={busy || commentMissing}
                onClick={() => take(asking[0], comment.trim() || undefined)}
              >
                {label(asking[0])}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </Box>
  );
}
