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
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Loading, Title, useTranslate } from 'react-admin';
import { type AnyResource, listColumnsOf, resourceCalls } from '../../../contract/definition';
import { formatDateTime } from '../../lib/dates';
import { http } from '../../providers';
import { useResourceText, useValueText } from './labels';
import { TablePages } from './PagedTable';
import { useRestore } from './trash';
import { TrashBulkActions, TrashPurgeConfirm, useTrashActions } from './trashActions';
import { useOffers } from './useOffers';

interface TrashRow {
  id: number;
  deletedAt: string;
  deletedByName: string | null;
  [field: string]: unknown;
}

const pageSizes = [10, 20, 50, 100];

/**
 * `/admin/{name}/trash`: the records of a `trash` resource deleted in the last
 * TRASH_RETENTION_DAYS, newest records first, with Restore and Delete forever for one or the
 * selected.
 * The server scopes it like the list (an athletic director sees their own organization's).
 */
export function TrashPage({ definition }: { definition: AnyResource }) {
  const translate = useTranslate();
  const text = useResourceText();
  const queryClient = useQueryClient();
  const offered = useOffers(definition);
  const restore = useRestore(definition);
  const calls = resourceCalls(definition);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(20);
  const trash = useTrashActions(
    async (kind, ids) => {
      if (kind === 'restore') await restore(ids);
      else await http(`/api/${calls.purgeMany!.path}`, { method: 'POST', body: { ids } });
    },
    () => queryClient.invalidateQueries({ queryKey: [definition.name] }),
  );
  const { selected, busy } = trash;
  const { data, isPending } = useQuery({
    queryKey: [definition.name, 'trash', { page, perPage }],
    queryFn: () =>
      http<{ result: { data: TrashRow[]; totalFilteredRecords: number } }>(`/api/${calls.trashTable!.path}`, {
        method: 'POST',
        body: { skip: page * perPage, take: perPage, sortField: 'id', sortOrder: 'DESC' },
      }).then((body) => body.result),
    placeholderData: keepPreviousData,
  });
  const columns = listColumnsOf(definition).slice(0, 3);
  const rows = useMemo(() => data?.data ?? [], [data]);
  const valueOf = useValueText(definition, rows);

  const allSelected = rows.length > 0 && rows.every((row) => selected.includes(row.id));
  const titleOf = (row: TrashRow) =>
    valueOf(definition.titleField, row[definition.titleField]) || `#${row.id}`;

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('app.trash.title', { label: text.many(definition) })} />
      <TrashBulkActions trash={trash} purge={offered('purge')} />
      {isPending ? (
        <Loading />
      ) : rows.length === 0 ? (
        <Typography>{translate('app.trash.empty')}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allSelected}
                  onChange={() => trash.setSelected(allSelected ? [] : rows.map((row) => row.id))}
                  slotProps={{ input: { 'aria-label': translate('ra.action.select_all') } }}
                />
              </TableCell>
              {columns.map((name) => (
                <TableCell key={name}>{text.field(definition, name)}</TableCell>
              ))}
              <TableCell>{translate('app.trash.deletedAt')}</TableCell>
              <TableCell>{translate('app.trash.deletedBy')}</TableCell>
              <TableCell>{translate('app.tables.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id} selected={selected.includes(row.id)}>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selected.includes(row.id)}
                    onChange={() => trash.toggle(row.id)}
                    slotProps={{
                      input: { 'aria-label': translate('app.trash.selectRow', { name: titleOf(row) }) },
                    }}
                  />
                </TableCell>
                {columns.map((name) => (
                  <TableCell key={name}>{valueOf(name, row[name])}</TableCell>
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
                  {offered('purge') && (
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
      )}
      {(data?.totalFilteredRecords ?? 0) > pageSizes[0] && (
        <TablePages
          count={data?.totalFilteredRecords ?? 0}
          page={page}
          perPage={perPage}
          pageSizes={pageSizes}
          onPage={setPage}
          onPerPage={setPerPage}
        />
      )}
      <TrashPurgeConfirm trash={trash} />
    </Box>
  );
}
