import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  List,
  ListItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import type { ReactNode } from 'react';
import { Loading, useTranslate } from 'react-admin';
import { formatDateTime } from '../../lib/dates';
import { type TrashChange, TrashBulkActions, TrashPurgeConfirm, useTrashActions } from './trashActions';

export interface TrashedRow {
  id: number;
  deletedAt: string;
  deletedByName: string | null;
}

interface TrashColumn<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
}

/**
 * Every trash of the portal, whoever's records it holds (a `trash` resource's, the products',
 * the logos'): its rows with the columns the caller names, when and by whom each was deleted,
 * Restore and (where offered) Delete forever for one or the selected, the confirmation before a
 * purge, and the empty state. The caller fetches the rows and makes the calls. On a phone the rows
 * are stacked as the lists' cards are, so Restore is on screen rather than past a sideways scroll.
 */
export function TrashTable<Row extends TrashedRow>({
  rows,
  isPending,
  columns,
  titleOf,
  change,
  settle,
  purge = true,
  rowTestId,
  children,
}: {
  rows: readonly Row[] | undefined;
  isPending: boolean;
  columns: readonly TrashColumn<Row>[];
  /** The record's name in the buttons' and checkbox's labels. */
  titleOf: (row: Row) => string;
  change: (kind: TrashChange, ids: number[]) => Promise<unknown>;
  /** Run after every change, done or refused: refetches the trash and what it came from. */
  settle: () => Promise<void>;
  purge?: boolean;
  rowTestId?: string;
  /** Under the table: its pages, where there are any. */
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const trash = useTrashActions(change, settle);
  const { selected, busy } = trash;
  const shown = rows ?? [];
  const allSelected = shown.length > 0 && shown.every((row) => selected.includes(row.id));

  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const selectAll = (
    <Checkbox
      checked={allSelected}
      onChange={() => trash.setSelected(allSelected ? [] : shown.map((row) => row.id))}
      slotProps={{ input: { 'aria-label': translate('ra.action.select_all') } }}
    />
  );
  const checkboxOf = (row: Row) => (
    <Checkbox
      checked={selected.includes(row.id)}
      onChange={() => trash.toggle(row.id)}
      slotProps={{ input: { 'aria-label': translate('app.trash.selectRow', { name: titleOf(row) }) } }}
    />
  );
  const actionsOf = (row: Row) => (
    <>
      <Button
        size="small"
        startIcon={<RestoreIcon />}
        disabled={busy}
        aria-label={`${translate('app.trash.restore')} ${titleOf(row)}`}
        onClick={() => trash.run('restore', [row.id])}
      >
        {translate('app.trash.restore')}
      </Button>
      {purge && (
        <Button
          size="small"
          color="error"
          startIcon={<DeleteForeverIcon />}
          disabled={busy}
          aria-label={`${translate('app.trash.deleteForever')} ${titleOf(row)}`}
          onClick={() => trash.askPurge([row.id])}
        >
          {translate('app.trash.deleteForever')}
        </Button>
      )}
    </>
  );
  const deletion = (row: Row) => [
    { key: 'deletedAt', header: translate('app.trash.deletedAt'), value: formatDateTime(row.deletedAt) },
    {
      key: 'deletedBy',
      header: translate('app.trash.deletedBy'),
      value: row.deletedByName ?? translate('app.trash.unknownUser'),
    },
  ];

  return (
    <>
      <TrashBulkActions trash={trash} purge={purge} />
      {isPending ? (
        <Loading />
      ) : shown.length === 0 ? (
        <Typography color="text.secondary">{translate('app.trash.empty')}</Typography>
      ) : phone ? (
        <List disablePadding>
          <ListItem divider sx={{ px: 0 }}>
            <FormControlLabel control={selectAll} label={translate('ra.action.select_all')} sx={{ ml: 0 }} />
          </ListItem>
          {shown.map((row) => (
            <ListItem
              key={row.id}
              divider
              data-testid={rowTestId}
              sx={{ alignItems: 'flex-start', gap: 1, px: 0 }}
            >
              {checkboxOf(row)}
              <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {[
                  ...columns.map((column) => ({
                    key: column.key,
                    header: column.header,
                    value: column.cell(row),
                  })),
                  ...deletion(row),
                ].map((line) => (
                  <Box key={line.key} sx={{ display: 'flex', gap: 1, alignItems: 'center', minHeight: 28 }}>
                    <Typography variant="body2" color="text.secondary" component="span">
                      {line.header}:
                    </Typography>
                    <Typography variant="body2" component="div" sx={{ minWidth: 0 }}>
                      {line.value}
                    </Typography>
                  </Box>
                ))}
                <Box sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}>{actionsOf(row)}</Box>
              </Box>
            </ListItem>
          ))}
        </List>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">{selectAll}</TableCell>
                {columns.map((column) => (
                  <TableCell key={column.key}>{column.header}</TableCell>
                ))}
                <TableCell>{translate('app.trash.deletedAt')}</TableCell>
                <TableCell>{translate('app.trash.deletedBy')}</TableCell>
                <TableCell>{translate('app.tables.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((row) => (
                <TableRow key={row.id} selected={selected.includes(row.id)} data-testid={rowTestId}>
                  <TableCell padding="checkbox">{checkboxOf(row)}</TableCell>
                  {columns.map((column) => (
                    <TableCell key={column.key}>{column.cell(row)}</TableCell>
                  ))}
                  {deletion(row).map((cell) => (
                    <TableCell key={cell.key}>{cell.value}</TableCell>
                  ))}
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{actionsOf(row)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {children}
      <TrashPurgeConfirm trash={trash} />
    </>
  );
}
