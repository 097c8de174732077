import UndoIcon from '@mui/icons-material/Undo';
import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Loading, Title, useGetOne, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { type AnyResource, fillPath, resourceCalls } from '../../../contract/definition';
import type { HistoryEntry } from '../../../contract/history';
import { formatDateTime } from '../../lib/dates';
import { http } from '../../providers';
import { useFailureToast } from '../../providers/failureToast';
import { useResourcePath } from '../../resources/useResourcePath';
import { useCodeText } from './codes';
import { useResourceText } from './labels';
import { useOffers } from './useOffers';

/**
 * `/admin/{name}/history/{id}`: every audited change of one record, newest first, as field,
 * before and after, with who and when; "Undo this change" writes that change's earlier values of
 * the fields a user may edit back through the update (audited as `revert`), leaving later changes
 * to other fields as they are (docs/decisions.md, "Undo this change"), naming the version of the
 * record the page read, so a change made since is refused (409) rather than undone.
 */
export function HistoryPage({ definition, id }: { definition: AnyResource; id: number }) {
  const translate = useTranslate();
  const text = useResourceText();
  const codes = useCodeText();
  const notify = useNotify();
  const failureToast = useFailureToast();
  const queryClient = useQueryClient();
  const offered = useOffers(definition);
  const path = useResourcePath(definition.name);
  const calls = resourceCalls(definition);
  const [busy, setBusy] = useState(false);
  const queryKey = [definition.name, 'history', id];
  const { data, isPending } = useQuery({
    queryKey,
    queryFn: () =>
      http<{ result: HistoryEntry[] }>(`/api/${fillPath(calls.history!.path, { id })}`).then(
        (body) => body.result,
      ),
  });
  // The record as the page shows it: its version goes with an undo.
  const { data: record } = useGetOne(definition.name, { id });
  const editable = (field: string) => {
    const f = definition.fields[field];
    return Boolean(f) && !f.readOnly && !f.readOnlyOnUpdate;
  };

  const revert = async (entry: HistoryEntry, version: number) => {
    setBusy(true);
    try {
      await http(`/api/${fillPath(calls.revert!.path, { id })}`, {
        method: 'POST',
        body: { auditId: entry.id, version },
      });
      notify(translate('app.history.undone'), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: [definition.name] });
    } catch (error) {
      failureToast(error);
      // Changed since the page read it ('… changed this … after you opened it'): show the newer change.
      if ((error as { status?: number }).status === 409)
        await queryClient.invalidateQueries({ queryKey: [definition.name] });
    } finally {
      setBusy(false);
    }
  };

  const title = translate('app.tables.history', { label: text.one(definition) });
  const shown = (field: string, value: unknown) => text.value(definition, field, value) || '—';
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Button component={Link} to={path('update', id)} sx={{ mb: 2 }}>
        {translate('app.history.back')}
      </Button>
      {isPending ? (
        <Loading />
      ) : !data || data.length === 0 ? (
        <Typography>{translate('app.history.empty')}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.history.when')}</TableCell>
              <TableCell>{translate('app.history.who')}</TableCell>
              <TableCell>{translate('app.history.action')}</TableCell>
              <TableCell>{translate('app.history.field')}</TableCell>
              <TableCell>{translate('app.history.before')}</TableCell>
              <TableCell>{translate('app.history.after')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.flatMap((entry) => {
              const changes = entry.changes.length > 0 ? entry.changes : [undefined];
              const restorable = offered('update') && entry.changes.some((change) => editable(change.field));
              return changes.map((change, index) => (
                <TableRow key={`${entry.id}-${change?.field ?? ''}`} data-entry={entry.id}>
                  {index === 0 && (
                    <>
                      <TableCell rowSpan={changes.length}>{formatDateTime(entry.at)}</TableCell>
                      <TableCell rowSpan={changes.length}>
                        {entry.byName ?? translate('app.trash.unknownUser')}
                      </TableCell>
                      <TableCell rowSpan={changes.length}>{codes.action(entry.action)}</TableCell>
                    </>
                  )}
                  <TableCell>
                    {change && definition.fields[change.field]
                      ? text.field(definition, change.field)
                      : (change?.field ?? '')}
                  </TableCell>
                  <TableCell>{change ? shown(change.field, change.before) : ''}</TableCell>
                  <TableCell>{change ? shown(change.field, change.after) : ''}</TableCell>
                  {index === 0 && (
                    <TableCell rowSpan={changes.length}>
                      {restorable && (
                        <Button
                          size="small"
                          startIcon={<UndoIcon />}
                          disabled={busy || !record}
                          onClick={() => record && revert(entry, record.version as number)}
                          sx={{ whiteSpace: 'nowrap' }}
                        >
                          {translate('app.history.undo')}
                        </Button>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              ));
            })}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
