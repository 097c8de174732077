import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import { Box, Button, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { useFailureToast } from '../../providers/failureToast';

export type TrashChange = 'restore' | 'purge';

/**
 * What the trash table does with its records: the selection, one change at a time for one or
 * the selected, its toast, and a purge only after the confirmation.
 */
export function useTrashActions(
  change: (kind: TrashChange, ids: number[]) => Promise<unknown>,
  settle: () => Promise<void>,
) {
  const translate = useTranslate();
  const notify = useNotify();
  const failureToast = useFailureToast();
  const [selected, setSelected] = useState<number[]>([]);
  const [confirming, setConfirming] = useState<number[] | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (kind: TrashChange, ids: number[]) => {
    setBusy(true);
    try {
      await change(kind, ids);
      setSelected((current) => current.filter((id) => !ids.includes(id)));
      const done = kind === 'restore' ? 'app.trash.restored' : 'app.trash.purged';
      notify(translate(done, { smart_count: ids.length }), { type: 'success' });
    } catch (error) {
      failureToast(error);
    } finally {
      setBusy(false);
      setConfirming(null);
      await settle();
    }
  };
  const toggle = (id: number) =>
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));
  return { selected, setSelected, toggle, busy, confirming, askPurge: setConfirming, run };
}

export type TrashActions = ReturnType<typeof useTrashActions>;

/** Restore and (where offered) Delete forever for the selected records, shown while any is selected. */
export function TrashBulkActions({ trash, purge = true }: { trash: TrashActions; purge?: boolean }) {
  const translate = useTranslate();
  if (trash.selected.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', gap: 1, mb: 1 }}>
      <Button
        startIcon={<RestoreIcon />}
        disabled={trash.busy}
        onClick={() => trash.run('restore', trash.selected)}
      >
        {translate('app.trash.restore')} ({trash.selected.length})
      </Button>
      {purge && (
        <Button
          color="error"
          startIcon={<DeleteForeverIcon />}
          disabled={trash.busy}
          onClick={() => trash.askPurge(trash.selected)}
        >
          {translate('app.trash.deleteForever')} ({trash.selected.length})
        </Button>
      )}
    </Box>
  );
}

/** 'Delete forever' asks first: nothing brings a purged record back. */
export function TrashPurgeConfirm({ trash }: { trash: TrashActions }) {
  const translate = useTranslate();
  return (
    <Confirm
      isOpen={trash.confirming !== null}
      loading={trash.busy}
      title={translate('app.trash.purgeConfirm')}
      content={translate('app.trash.purgeSelected', { smart_count: trash.confirming?.length ?? 0 })}
      confirm={translate('app.trash.deleteForever')}
      cancel={translate('app.tables.cancel')}
      onConfirm={() => trash.confirming && trash.run('purge', trash.confirming)}
      onClose={() => trash.askPurge(null)}
    />
  );
}

/**
 * A gallery's heading (the logos', the products') with its Trash toggle beside the page's own
 * action; on a phone the buttons wrap under the title rather than widening the page.
 */
export function GalleryHeading({
  title,
  showTrash,
  onToggleTrash,
  backLabel,
  children,
}: {
  title: string;
  showTrash: boolean;
  onToggleTrash: () => void;
  /** The toggle's text while the trash is shown. */
  backLabel: string;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        justifyContent: 'space-between',
        alignItems: 'center',
        mb: 2,
      }}
    >
      <Typography variant="h5" component="h2">
        {title}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button startIcon={<DeleteSweepIcon />} aria-pressed={showTrash} onClick={onToggleTrash}>
          {showTrash ? backLabel : translate('app.trash.button')}
        </Button>
        {children}
      </Box>
    </Box>
  );
}
