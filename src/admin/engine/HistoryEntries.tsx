import {
  Box,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { FieldChange, HistoryEntry } from '../../../contract/history';
import { formatDateTime } from '../../lib/dates';

interface Props {
  entries: HistoryEntry[];
  /** On a phone each change is a card: a seven-column table would scroll sideways. */
  cards: boolean;
  fieldName: (field: string) => string;
  shown: (field: string, value: unknown) => string;
  actionText: (action: string) => string;
  actionsOf: (entry: HistoryEntry, index: number) => ReactNode;
}

/** One field of a change as a person reads it: 'Field: before → after', in the list's words. */
export function ChangeLine({
  change,
  fieldName,
  shown,
}: {
  change: FieldChange;
  fieldName: Props['fieldName'];
  shown: Props['shown'];
}) {
  const translate = useTranslate();
  return (
    <Typography variant="body2" sx={{ mb: 0.5 }}>
      <strong>{fieldName(change.field)}</strong>:{' '}
      {translate('app.history.fromTo', {
        from: shown(change.field, change.before),
        to: shown(change.field, change.after),
      })}
    </Typography>
  );
}

/** A record's changes, newest first: a table, or on a phone a card per change. */
export function HistoryEntries({ entries, cards, fieldName, shown, actionText, actionsOf }: Props) {
  const translate = useTranslate();
  const who = (entry: HistoryEntry) => entry.byName ?? translate('app.trash.unknownUser');
  if (cards)
    return (
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {entries.map((entry, index) => (
          <Card component="li" key={entry.id} data-entry={entry.id} variant="outlined">
            <CardContent sx={{ overflowWrap: 'break-word' }}>
              <Typography variant="subtitle2" component="p">
                {actionText(entry.action)} · {formatDateTime(entry.at)}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {who(entry)}
              </Typography>
              {entry.changes.map((change) => (
                <ChangeLine key={change.field} change={change} fieldName={fieldName} shown={shown} />
              ))}
              {actionsOf(entry, index)}
            </CardContent>
          </Card>
        ))}
      </Box>
    );
  return (
    <Table size="small" sx={{ '& td': { overflowWrap: 'break-word' } }}>
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
        {entries.flatMap((entry, entryIndex) => {
          const changes = entry.changes.length > 0 ? entry.changes : [undefined];
          return changes.map((change, index) => (
            <TableRow key={`${entry.id}-${change?.field ?? ''}`} data-entry={entry.id}>
              {index === 0 && (
                <>
                  <TableCell rowSpan={changes.length}>{formatDateTime(entry.at)}</TableCell>
                  <TableCell rowSpan={changes.length}>{who(entry)}</TableCell>
                  <TableCell rowSpan={changes.length}>{actionText(entry.action)}</TableCell>
                </>
              )}
              <TableCell>{change ? fieldName(change.field) : ''}</TableCell>
              <TableCell>{change ? shown(change.field, change.before) : ''}</TableCell>
              <TableCell>{change ? shown(change.field, change.after) : ''}</TableCell>
              {index === 0 && <TableCell rowSpan={changes.length}>{actionsOf(entry, entryIndex)}</TableCell>}
            </TableRow>
          ));
        })}
      </TableBody>
    </Table>
  );
}
