import { Box } from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { type AnyResource, listColumnsOf, resourceCalls } from '../../../contract/definition';
import { http } from '../../providers';
import { useResourceText, useValueText } from './labels';
import { TablePages } from './PagedTable';
import { useRestore } from './trash';
import { type TrashedRow, TrashTable } from './TrashTable';
import { useOffers } from './useOffers';

type TrashRow = TrashedRow & Record<string, unknown>;

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
  const { data, isPending } = useQuery({
    queryKey: [definition.name, 'trash', { page, perPage }],
    queryFn: () =>
      http<{ result: { data: TrashRow[]; totalFilteredRecords: number } }>(`/api/${calls.trashTable!.path}`, {
        method: 'POST',
        body: { skip: page * perPage, take: perPage, sortField: 'id', sortOrder: 'DESC' },
      }).then((body) => body.result),
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => data?.data ?? [], [data]);
  const valueOf = useValueText(definition, rows);
  const columns = listColumnsOf(definition)
    .slice(0, 3)
    .map((name) => ({
      key: name,
      header: text.field(definition, name),
      cell: (row: TrashRow) => valueOf(name, row[name]),
    }));

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('app.trash.title', { label: text.many(definition) })} />
      <TrashTable
        rows={rows}
        isPending={isPending}
        columns={columns}
        titleOf={(row) => valueOf(definition.titleField, row[definition.titleField]) || `#${row.id}`}
        change={async (kind, ids) => {
          if (kind === 'restore') await restore(ids);
          else await http(`/api/${calls.purgeMany!.path}`, { method: 'POST', body: { ids } });
        }}
        settle={() => queryClient.invalidateQueries({ queryKey: [definition.name] })}
        purge={offered('purge')}
      >
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
      </TrashTable>
    </Box>
  );
}
