import {
  Box,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { TablePages } from './PagedTable';
import { useTranslate } from 'react-admin';
import type { AnyResource } from '../../../contract/definition';
import {
  type ImportListedRow,
  importLimits,
  type ImportOutcome,
  importOutcomes,
  type ImportPreview,
} from '../../../contract/import';
import { localizeMessage } from '../../i18n/locale';
import { useResourceText } from './labels';

const pageSizes = [25, 50, 100];

/**
 * The preview's rows (`listed`), a page at a time, filtered by outcome: what each row would do,
 * an update's every changed field as old → new and a failing row's messages, values as the
 * reader reads them (a choice's label, yes or no, a date in their language).
 */
export function ImportRows({
  preview,
  definition,
  label,
}: {
  preview: ImportPreview;
  /** The definition whose fields the import fills (`importDefinitionOf`). */
  definition: AnyResource;
  label: (name: string) => string;
}) {
  const translate = useTranslate();
  const text = useResourceText();
  const [outcome, setOutcome] = useState<ImportOutcome | 'all'>('all');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(pageSizes[0]);
  const counts: Record<ImportOutcome, number> = {
    create: preview.created,
    update: preview.updated,
    unchanged: preview.unchanged,
    failing: preview.failingRows.length,
  };
  const rows = outcome === 'all' ? preview.listed : preview.listed.filter((row) => row.outcome === outcome);
  const shown = (field: string, value: unknown) => text.value(definition, field, value) || '—';
  const details = (row: ImportListedRow) =>
    row.outcome === 'failing'
      ? preview.failures
          .filter((failure) => failure.row === row.row)
          .map((failure) => `${failure.column || label(failure.field)}: ${localizeMessage(failure.message)}`)
      : row.changes.map((change) =>
          translate('app.import.change', {
            field: label(change.field),
            before: shown(change.field, change.before),
            after: shown(change.field, change.after),
          }),
        );
  return (
    <Box component="section" aria-labelledby="import-rows" sx={{ mb: 2 }}>
      <Typography variant="subtitle1" component="h3" id="import-rows">
        {translate('app.import.rowsTitle')}
      </Typography>
      <TextField
        select
        size="small"
        label={translate('app.import.outcome')}
        value={outcome}
        onChange={(event) => {
          setOutcome(event.target.value as ImportOutcome | 'all');
          setPage(0);
        }}
        sx={{ my: 1, minWidth: 220 }}
      >
        <MenuItem value="all">{`${translate('app.import.outcomes.all')} (${preview.rows})`}</MenuItem>
        {importOutcomes.map((name) => (
          <MenuItem key={name} value={name}>
            {`${translate(`app.import.outcomes.${name}`)} (${counts[name]})`}
          </MenuItem>
        ))}
      </TextField>
      {Object.values(counts).some((count) => count > importLimits.listedRows) && (
        <Typography variant="body2" color="text.secondary">
          {translate('app.import.listedFirst', { listed: importLimits.listedRows })}
        </Typography>
      )}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate('app.import.rowsTitle')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.import.row')}</TableCell>
              <TableCell>{translate('app.import.outcome')}</TableCell>
              <TableCell>{translate('app.import.record')}</TableCell>
              <TableCell>{translate('app.import.details')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={4}>{translate('app.import.noRows')}</TableCell>
              </TableRow>
            )}
            {rows.slice(page * perPage, (page + 1) * perPage).map((row) => (
              <TableRow key={row.row}>
                <TableCell>{row.row}</TableCell>
                <TableCell>{translate(`app.import.outcomes.${row.outcome}`)}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.title}</TableCell>
                <TableCell>
                  {details(row).map((line, index) => (
                    <div key={index}>{line}</div>
                  ))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {rows.length > pageSizes[0] && (
        <TablePages
          count={rows.length}
          page={page}
          perPage={perPage}
          pageSizes={pageSizes}
          onPage={setPage}
          onPerPage={setPerPage}
        />
      )}
    </Box>
  );
}
