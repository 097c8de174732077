import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import {
  Box,
  Button,
  Checkbox,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
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
 * purge, and the empty state. The caller fetches the rows and makes the calls.
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

  return (
    <>
      <TrashBulkActions trash={trash} purge={purge} />
      {isPending ? (
        <Loading />
      ) : shown.length === 0 ? (
        <Typography color="text.secondary">{translate('app.trash.empty')}</Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allSelected}
                    onChange={() => trash.setSelected(allSelected ? [] : shown.map((row) => row.id))}
                    slotProps={{ input: { 'aria-label': translate('ra.action.select_all') } }}
                  />
                </TableCell>
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
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.includes(row.id)}
                      onChange={() => trash.toggle(row.id)}
                      slotProps={{
                        input: { 'aria-label': translate('app.trash.selectRow', { name: titleOf(row) }) },
                      }}
                    />
                  </TableCell>
                  {columns.map((column) => (
                    <TableCell key={column.key}>{column.cell(row)}</TableCell>
                  ))}
                  <TableCell>{formatDateTime(row.deletedAt)}</TableCell>
                  <TableCell>{row.deletedByName ?? translate('app.trash.unknownUser')}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
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
                  </TableCell>
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
