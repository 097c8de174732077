import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  LinearProgress,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router';
import {
  type AnyResource,
  importColumnsOf,
  importDefinitionOf,
  resourceCalls,
} from '../../../contract/definition';
import type { ImportForm, ImportPreview } from '../../../contract/import';
import { localizeMessage, spanishLabelsOf, useLocale } from '../../i18n/locale';
import { http } from '../../providers';
import { useFailureToast } from '../../providers/failureToast';
import { useResourcePath } from '../../resources/useResourcePath';
import { type Committed, ImportDone } from './ImportDone';
import { ImportRows } from './ImportRows';
import { useResourceText } from './labels';
import { useRoleNames } from './useOffers';

type Invitations = NonNullable<ImportForm['invitations']>;

type Failure = ImportPreview['failures'][number];

/** A CSV cell as a spreadsheet program reads it back. */
const csvCell = (text: string, delimiter: string) =>
  text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;

/**
 * The failing rows as they were read, with one more column saying what is wrong, in the
 * file's own delimiter and with a BOM, so Excel opens it in UTF-8 and the fixed file imports as is.
 */
function failingRowsFile(
  preview: ImportPreview,
  errorHeader: string,
  messageOf: (failure: Failure) => string,
) {
  const lines = [[...preview.header, errorHeader]];
  for (const { row, cells } of preview.failingRows) {
    const messages = preview.failures.filter((failure) => failure.row === row).map(messageOf);
    lines.push([...cells, messages.join('; ')]);
  }
  const text = lines
    .map((cells) => cells.map((cell) => csvCell(cell, preview.delimiter)).join(preview.delimiter))
    .join('\r\n');
  return new Blob([`\uFEFF${text}\r\n`], { type: 'text/csv;charset=utf-8' });
}

/** A file of the header row alone, in the reader's language: what to fill in, as they read it. */
export function templateFile(labels: readonly string[]) {
  return new Blob([`\uFEFF${labels.map((label) => csvCell(label, ',')).join(',')}\r\n`], {
    type: 'text/csv;charset=utf-8',
  });
}

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * `/admin/{name}/import`: a CSV or XLSX file into the resource. The server reads and checks every
 * row (`server/engine/import`); this page sends the column labels in the user's language as the
 * mapping, asks for a column for each required field the file lacks, shows the preview's counts,
 * rows and failing rows (and a file of them to fix), and commits, then shows the import with its
 * Undo and, if chosen so, its invitations to send (`ImportDone`).
 */
export function ImportPage({ definition }: { definition: AnyResource }) {
  const translate = useTranslate();
  const text = useResourceText();
  const locale = useLocale();
  const failureToast = useFailureToast();
  const navigate = useNavigate();
  const path = useResourcePath(definition.name);
  const queryClient = useQueryClient();
  const [committed, setCommitted] = useState<Committed>();
  const calls = resourceCalls(definition);
  const [file, setFile] = useState<File>();
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<ImportPreview>();
  // One per preview: a commit sent again after its answer was lost is answered, not imported twice.
  const [commitKey, setCommitKey] = useState('');
  const [fileError, setFileError] = useState<string>();
  const [busy, setBusy] = useState<'preview' | 'commit'>();
  const [commitFailures, setCommitFailures] = useState<string[]>([]);
  const [invitations, setInvitations] = useState<Invitations>('send');
  // The Import button is disabled while a commit runs, which drops its focus on the page body:
  // the focus follows the commit's progress until its result takes it.
  const committingRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (busy === 'commit') committingRef.current?.focus();
  }, [busy]);

  // The columns an import fills: the definition's fields, or its module's row (an account's name parts).
  const columns = importDefinitionOf(definition);
  const label = (name: string) => (name ? text.field(columns, name) : '');
  const accepted = importColumnsOf(definition, useRoleNames());
  const required = accepted.filter((column) => column.required).map((column) => label(column.name));
  /**
   * The headers and choice labels the server does not know: Spanish ones whatever the user's
   * language (a colleague's Spanish file), then the user's own, then the mapping step's columns.
   */
  const formOf = async (selected: File, extra: Record<string, string> = {}) => {
    const spanish = await spanishLabelsOf(definition.name);
    const mapping: Record<string, string> = {};
    const choices: Record<string, Record<string, string>> = {};
    for (const [name, f] of Object.entries(columns.fields)) {
      const spanishLabel = spanish.fields?.[name];
      if (spanishLabel) mapping[spanishLabel] = name;
      mapping[label(name)] = name;
      if (f.kind !== 'choice') continue;
      choices[name] = {};
      for (const choice of f.choices) {
        const spanishChoice = spanish.choices?.[name]?.[choice.value];
        if (spanishChoice) choices[name][spanishChoice] = choice.value;
        choices[name][text.choice(columns, name, choice)] = choice.value;
      }
    }
    for (const [name, header] of Object.entries(chosen)) if (header) mapping[header] = name;
    const form = new FormData();
    form.append('mapping', JSON.stringify(mapping));
    form.append('choices', JSON.stringify(choices));
    form.append('locale', locale);
    for (const [key, value] of Object.entries(extra)) form.append(key, value);
    form.append('file', selected);
    return form;
  };
  const fileFailure = (error: unknown) => {
    const failures = (
      error as { body?: { validationFailures?: { propertyName: string; errorMessage: string }[] } }
    )?.body?.validationFailures;
    const onFile = failures?.find((failure) => failure.propertyName === 'file');
    if (onFile) setFileError(onFile.errorMessage);
    else failureToast(error);
  };

  const runPreview = async (selected = file) => {
    if (!selected) return;
    setBusy('preview');
    setFileError(undefined);
    setCommitFailures([]);
    try {
      const response = await http<{ result: ImportPreview }>(`/api/${calls.importPreview!.path}`, {
        method: 'POST',
        body: await formOf(selected),
      });
      setPreview(response.result);
      setCommitKey(crypto.randomUUID());
    } catch (error) {
      setPreview(undefined);
      fileFailure(error);
    } finally {
      setBusy(undefined);
    }
  };

  const commit = async () => {
    if (!file || !preview) return;
    setBusy('commit');
    try {
      const { result } = await http<{ result: Omit<Committed, 'invitationsLater'> }>(
        `/api/${calls.importCommit!.path}`,
        {
          method: 'POST',
          headers: { 'Idempotency-Key': commitKey },
          body: await formOf(file, {
            versions: JSON.stringify(preview.versions),
            skipRows: JSON.stringify(preview.failingRows.map(({ row }) => row)),
            invitations,
          }),
        },
      );
      await queryClient.invalidateQueries({ queryKey: [definition.name] });
      setCommitted({ ...result, invitationsLater: invitations === 'later' ? preview.invitations : 0 });
      setPreview(undefined);
    } catch (error) {
      const failures = (
        error as { body?: { validationFailures?: { propertyName: string; errorMessage: string }[] } }
      )?.body?.validationFailures;
      if (failures?.some((failure) => failure.propertyName.startsWith('rows.')))
        setCommitFailures(failures.map((failure) => failure.errorMessage));
      else fileFailure(error);
    } finally {
      setBusy(undefined);
    }
  };

  const many = text.many(definition);
  const failingCount = preview?.failingRows.length ?? 0;
  const needsMapping = (preview?.missingFields.length ?? 0) > 0;
  if (committed)
    return (
      <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
        <Title title={translate('app.import.title', { label: many })} />
        <ImportDone definition={definition} committed={committed} />
      </Box>
    );
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 1100 }}>
      <Title title={translate('app.import.title', { label: many })} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('app.import.help')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="import-required">
        {translate('app.import.requiredColumns', { columns: required.join(', ') })}
      </Typography>
      <Button
        startIcon={<DownloadIcon />}
        sx={{ mb: 2 }}
        onClick={() =>
          download(
            templateFile(accepted.map((column) => label(column.name))),
            `${definition.name}-template.csv`,
          )
        }
      >
        {translate('app.import.template')}
      </Button>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Button variant="outlined" component="label" startIcon={<UploadFileIcon />} disabled={Boolean(busy)}>
          {translate('app.import.chooseFile')}
          <input
            hidden
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-label={translate('app.import.chooseFile')}
            onChange={(event) => {
              const selected = event.target.files?.[0];
              event.target.value = '';
              if (!selected) return;
              setFile(selected);
              setChosen({});
              void runPreview(selected);
            }}
          />
        </Button>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {file?.name ?? translate('app.import.noFile')}
        </Typography>
      </Stack>
      {fileError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {fileError}
        </Alert>
      )}
      {busy && (
        <Box sx={{ mb: 2 }} role="status" ref={committingRef} tabIndex={-1}>
          <Typography variant="body2">
            {translate(busy === 'preview' ? 'app.import.checking' : 'app.import.committing', {
              rows: preview?.rows ?? 0,
            })}
          </Typography>
          <LinearProgress />
        </Box>
      )}
      {preview && needsMapping && (
        <Box component="section" sx={{ mb: 2 }}>
          <Typography variant="h6" component="h2">
            {translate('app.import.mappingTitle')}
          </Typography>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('app.import.mappingHelp')}
          </Typography>
          <Stack spacing={2} sx={{ maxWidth: 420 }}>
            {preview.missingFields.map((name) => (
              <TextField
                key={name}
                select
                label={label(name)}
                value={chosen[name] ?? ''}
                onChange={(event) => setChosen({ ...chosen, [name]: event.target.value })}
              >
                {preview.header.map((header) => (
                  <MenuItem key={header} value={header}>
                    {header}
                  </MenuItem>
                ))}
              </TextField>
            ))}
            <Button variant="contained" onClick={() => void runPreview()} disabled={Boolean(busy)}>
              {translate('app.import.previewAgain')}
            </Button>
          </Stack>
        </Box>
      )}
      {preview && !needsMapping && (
        <Box component="section" aria-labelledby="import-preview">
          <Typography variant="h6" component="h2" id="import-preview">
            {translate('app.import.previewTitle')}
          </Typography>
          <Typography variant="body1" sx={{ mb: 1 }} data-testid="import-counts">
            {translate('app.import.counts', {
              rows: preview.rows,
              created: preview.created,
              updated: preview.updated,
              unchanged: preview.unchanged,
              failing: failingCount,
            })}
          </Typography>
          {preview.unknownColumns.length > 0 && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('app.import.unknownColumns', { columns: preview.unknownColumns.join(', ') })}
            </Alert>
          )}
          {failingCount > 0 && (
            <>
              <Alert severity="warning" sx={{ mb: 1 }}>
                {translate('app.import.fixAndRetry')}
              </Alert>
              <Button
                startIcon={<DownloadIcon />}
                onClick={() =>
                  download(
                    failingRowsFile(preview, translate('app.import.errorColumn'), (failure) =>
                      [failure.column, localizeMessage(failure.message)].filter(Boolean).join(': '),
                    ),
                    `${definition.name}-failing-rows.csv`,
                  )
                }
              >
                {translate('app.import.downloadFailing')}
              </Button>
              <Box sx={{ overflowX: 'auto', mb: 2 }}>
                <Table size="small" aria-label={translate('app.import.failingRows')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate('app.import.row')}</TableCell>
                      <TableCell>{translate('app.import.column')}</TableCell>
                      <TableCell>{translate('app.import.message')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {preview.failures.map((failure, index) => (
                      <TableRow key={index}>
                        <TableCell>{failure.row}</TableCell>
                        <TableCell>{failure.column || label(failure.field)}</TableCell>
                        <TableCell>{localizeMessage(failure.message)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            </>
          )}
          <ImportRows preview={preview} definition={columns} label={label} />
          {commitFailures.length > 0 && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {commitFailures.map((message) => (
                <div key={message}>{message}</div>
              ))}
            </Alert>
          )}
          {preview.invitations > 0 && (
            <FormControl sx={{ mb: 1, display: 'flex' }}>
              <FormLabel id="import-invitations">
                {translate('app.import.invitationsTitle', { smart_count: preview.invitations })}
              </FormLabel>
              <RadioGroup
                aria-labelledby="import-invitations"
                value={invitations}
                onChange={(event) => setInvitations(event.target.value as Invitations)}
              >
                {(['send', 'later', 'none'] as const).map((choice) => (
                  <FormControlLabel
                    key={choice}
                    value={choice}
                    control={<Radio />}
                    label={translate(
                      `app.import.invitations${choice === 'send' ? 'Send' : choice === 'later' ? 'Later' : 'None'}`,
                    )}
                  />
                ))}
              </RadioGroup>
            </FormControl>
          )}
          <Stack direction="row" spacing={2}>
            <Button
              variant="contained"
              onClick={() => void commit()}
              disabled={Boolean(busy) || preview.created + preview.updated === 0}
            >
              {translate('app.import.commit', { smart_count: preview.created + preview.updated })}
            </Button>
            <Button onClick={() => navigate(path())}>{translate('app.tables.cancel')}</Button>
          </Stack>
        </Box>
      )}
    </Box>
  );
}
