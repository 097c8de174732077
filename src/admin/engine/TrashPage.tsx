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
  TablePagination,
  TableRow,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, Loading, Title, useNotify, useTranslate } from 'react-admin';
import { type AnyResource, resourceCalls } from '../../../contract/definition';
import { formatDateTime } from '../../lib/dates';
import { http } from '../../providers';
import { useFailureToast } from '../../providers/failureToast';
import { useRestore } from './trash';
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
  const notify = useNotify();
  const failureToast = useFailureToast();
  const queryClient = useQueryClient();
  const offered = useOffers(definition);
  const restore = useRestore(definition);
  const calls = resourceCalls(definition);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(20);
  const [selected, setSelected] = useState<number[]>([]);
  const [confirming, setConfirming] = useState<number[] | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, isPending } = useQuery({
    queryKey: [definition.name, 'trash', { page, perPage }],
    queryFn: () =>
      http<{ result: { data: TrashRow[]; totalFilteredRecords: number } }>(`/api/${calls.trashTable!.path}`, {
        method: 'POST',
        body: { skip: page * perPage, take: perPage, sortField: 'id', sortOrder: 'DESC' },
      }).then((body) => body.result),
    placeholderData: keepPreviousData,
  });
  const columns = (
    definition.list?.columns ??
    Object.entries(definition.fields)
      .filter(([, f]) => f.list !== false)
      .map(([name]) => name)
  ).slice(0, 3);
  const rows = data?.data ?? [];

  const run = async (ids: number[], change: 'restore' | 'purge') => {
    setBusy(true);
    try {
      if (change === 'restore') await restore(ids);
      else {
        await http(`/api/${calls.purgeMany!.path}`, { method: 'POST', body: { ids } });
        await queryClient.invalidateQueries({ queryKey: [definition.name] });
      }
      setSelected((current) => current.filter((id) => !ids.includes(id)));
      const done = change === 'restore' ? 'app.trash.restored' : 'app.trash.purged';
      notify(translate(done, { smart_count: ids.length }), { type: 'success' });
    } catch (error) {
      failureToast(error);
      await queryClient.invalidateQueries({ queryKey: [definition.name] });
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  const toggle = (id: number) =>
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));
  const allSelected = rows.length > 0 && rows.every((row) => selected.includes(row.id));
  const titleOf = (row: TrashRow) => String(row[definition.titleField] ?? row.id);

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('app.trash.title', { label: definition.label.many })} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('app.trash.title', { label: definition.label.many })}
      </Typography>
      {selected.length > 0 && (
        <Box sx={{ display: 'flex', gap: 1, mb: 1 }}>
          <Button startIcon={<RestoreIcon />} disabled={busy} onClick={() => run(selected, 'restore')}>
            {translate('app.trash.restore')} ({selected.length})
          </Button>
          {offered('purge') && (
            <Button
              color="error"
              startIcon={<DeleteForeverIcon />}
              disabled={busy}
              onClick={() => setConfirming(selected)}
            >
              {translate('app.trash.deleteForever')} ({selected.length})
            </Button>
          )}
        </Box>
      )}
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
                  onChange={() => setSelected(allSelected ? [] : rows.map((row) => row.id))}
                  slotProps={{ input: { 'aria-label': translate('ra.action.select_all') } }}
                />
              </TableCell>
              {columns.map((name) => (
                <TableCell key={name}>{definition.fields[name].label}</TableCell>
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
                    onChange={() => toggle(row.id)}
                    slotProps={{
                      input: { 'aria-label': translate('app.trash.selectRow', { name: titleOf(row) }) },
                    }}
                  />
                </TableCell>
                {columns.map((name) => (
                  <TableCell key={name}>{row[name] == null ? '' : String(row[name])}</TableCell>
                ))}
                <TableCell>{formatDateTime(row.deletedAt)}</TableCell>
                <TableCell>{row.deletedByName ?? translate('app.trash.unknownUser')}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Button
                    size="small"
                    startIcon={<RestoreIcon />}
                    disabled={busy}
                    aria-label={`${translate('app.trash.restore')} ${titleOf(row)}`}
                    onClick={() => run([row.id], 'restore')}
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
                      onClick={() => setConfirming([row.id])}
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
        <TablePagination
          component="div"
          count={data?.totalFilteredRecords ?? 0}
          page={page}
          rowsPerPage={perPage}
          rowsPerPageOptions={pageSizes}
          onPageChange={(_, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPerPage(Number(event.target.value));
            setPage(0);
          }}
        />
      )}
      <Confirm
        isOpen={confirming !== null}
        loading={busy}
        title={translate('app.trash.purgeConfirm')}
        content={translate('app.trash.purgeSelected', { count: confirming?.length ?? 0 })}
        confirm={translate('app.trash.deleteForever')}
        cancel={translate('app.tables.cancel')}
        onConfirm={() => confirming && run(confirming, 'purge')}
        onClose={() => setConfirming(null)}
      />
    </Box>
  );
}
