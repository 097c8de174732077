import RestoreIcon from '@mui/icons-material/Restore';
import UndoIcon from '@mui/icons-material/Undo';
import { Box, Button, type Theme, Typography, useMediaQuery } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Confirm, Loading, Title, useGetOne, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { type AnyResource, fillPath, resourceCalls } from '../../../contract/definition';
import type { HistoryEntry } from '../../../contract/history';
import { formatDateTime } from '../../lib/dates';
import { http } from '../../providers';
import { useFailureToast } from '../../providers/failureToast';
import { useResourcePath } from '../../resources/useResourcePath';
import { useCodeText } from './codes';
import { HistoryEntries } from './HistoryEntries';
import { useChangeText, useResourceText } from './labels';
import { useOffers } from './useOffers';

/** The change a person asked to undo, or the version to restore, and what the confirmation lists. */
interface Asked {
  entry: HistoryEntry;
  whole: boolean;
  lines: string[];
}

/**
 * The changes "Restore this version" undoes for the entry at `index` (entries newest first):
 * each field's first change after it, whose `before` is the field as that version left it,
 * as the server's revert with `whole` computes it.
 */
function sinceEntry(entries: HistoryEntry[], index: number) {
  const later = entries
    .slice(0, index)
    .reverse()
    .flatMap((entry) => entry.changes);
  return later.filter((change, at) => later.findIndex((other) => other.field === change.field) === at);
}

/**
 * `/admin/{name}/history/{id}`: every audited change of one record, newest first, as field,
 * before and after, with who and when, as a table or, on a phone, as cards. "Undo this change"
 * writes that change's earlier values of the fields a user may edit back through the update
 * (audited as `revert`), leaving later changes to other fields as they are; "Restore this
 * version" puts the record back as it was right after that change, undoing every later one.
 * Each asks first, listing what it will change (docs/decisions.md, "Undo this change" and
 * "Restore this version"), and names the version of the record the page read, so a change made
 * since is refused (409) rather than undone.
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
  const [asked, setAsked] = useState<Asked>();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
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
  const { shown, fieldName } = useChangeText(
    definition,
    useMemo(() => (data ?? []).flatMap((entry) => entry.changes), [data]),
  );
  const editable = (field: string) => {
    const f = definition.fields[field];
    return Boolean(f) && !f.readOnly && !f.readOnlyOnUpdate;
  };

  const revert = async (entry: HistoryEntry, version: number, whole: boolean) => {
    setBusy(true);
    try {
      await http(`/api/${fillPath(calls.revert!.path, { id })}`, {
        method: 'POST',
        body: { auditId: entry.id, version, ...(whole && { whole }) },
      });
      notify(translate(whole ? 'app.history.restored' : 'app.history.undone'), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: [definition.name] });
    } catch (error) {
      failureToast(error);
      // Changed since the page read it ('… changed this … after you opened it'): show the newer change.
      if ((error as { status?: number }).status === 409)
        await queryClient.invalidateQueries({ queryKey: [definition.name] });
    } finally {
      setBusy(false);
      setAsked(undefined);
    }
  };

  const title = translate('app.tables.history', { label: text.one(definition) });
  /** What a confirmation lists: each field, from its value now to the one it gets back. */
  const lines = (changes: { field: string; before: unknown; after: unknown }[]) =>
    changes
      .filter((change) => editable(change.field))
      .map((change) =>
        translate('app.history.changeLine', {
          field: fieldName(change.field),
          from: shown(change.field, change.after),
          to: shown(change.field, change.before),
        }),
      );
  const entries = data ?? [];
  const actionsOf = (entry: HistoryEntry, index: number) => {
    if (!offered('update')) return null;
    const undoable = entry.changes.some((change) => editable(change.field));
    const since = sinceEntry(entries, index).filter((change) => editable(change.field));
    return (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {undoable && (
          <Button
            size="small"
            startIcon={<UndoIcon />}
            disabled={busy || !record}
            onClick={() => setAsked({ entry, whole: false, lines: lines(entry.changes) })}
          >
            {translate('app.history.undo')}
          </Button>
        )}
        {since.length > 0 && (
          <Button
            size="small"
            startIcon={<RestoreIcon />}
            disabled={busy || !record}
            onClick={() => setAsked({ entry, whole: true, lines: lines(since) })}
          >
            {translate('app.history.restore')}
          </Button>
        )}
      </Box>
    );
  };
  return (
    <Box sx={{ mt: 2 }}>
      <Title title={title} />
      <Button component={Link} to={path('update', id)} sx={{ mb: 2 }}>
        {translate('app.history.back')}
      </Button>
      {isPending ? (
        <Loading />
      ) : entries.length === 0 ? (
        <Typography>{translate('app.history.empty')}</Typography>
      ) : (
        <HistoryEntries
          entries={entries}
          cards={small}
          fieldName={fieldName}
          shown={shown}
          actionText={codes.action}
          actionsOf={actionsOf}
        />
      )}
      <Confirm
        isOpen={Boolean(asked)}
        loading={busy}
        title={
          asked?.whole
            ? translate('app.history.restoreTitle', { when: formatDateTime(asked.entry.at) })
            : translate('app.history.undoTitle')
        }
        content={
          <>
            <Typography sx={{ mb: 1 }}>
              {translate(asked?.whole ? 'app.history.restoreSays' : 'app.history.undoSays', {
                label: text.one(definition),
              })}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 3, overflowWrap: 'break-word' }}>
              {asked?.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </Box>
          </>
        }
        confirm={translate(asked?.whole ? 'app.history.restore' : 'app.history.undo')}
        cancel={translate('app.tables.cancel')}
        onConfirm={() => asked && record && revert(asked.entry, record.version as number, asked.whole)}
        onClose={() => setAsked(undefined)}
      />
    </Box>
  );
}
