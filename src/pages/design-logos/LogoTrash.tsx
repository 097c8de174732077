import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import { Box, Button, Card, CardActions, Checkbox, Grid, Skeleton, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { formatDateTime } from '../../lib/dates';
import { useFailureToast } from '../../providers/failureToast';
import { changeTrashedLogos, useTrashedLogos } from './api';
import { LogoImage } from './LogoGallery';

/**
 * The organization's deleted logos (an athletic director's own, an Admin's chosen one), with
 * Restore and Delete forever for one or the selected; the server keeps another organization's
 * out of reach.
 */
export function LogoTrash({ organizationId }: { organizationId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const failureToast = useFailureToast();
  const queryClient = useQueryClient();
  const { data: logos, isPending } = useTrashedLogos(organizationId, true);
  const [selected, setSelected] = useState<number[]>([]);
  const [confirming, setConfirming] = useState<number[] | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (change: 'restore-many' | 'purge-many', ids: number[]) => {
    setBusy(true);
    try {
      await changeTrashedLogos(change, ids);
      const done = change === 'restore-many' ? 'app.trash.restored' : 'app.trash.purged';
      notify(translate(done, { smart_count: ids.length }), { type: 'success' });
      setSelected((current) => current.filter((id) => !ids.includes(id)));
    } catch (error) {
      failureToast(error);
    } finally {
      setBusy(false);
      setConfirming(null);
      await queryClient.invalidateQueries({ queryKey: ['design-logos', organizationId] });
    }
  };
  const toggle = (id: number) =>
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));

  if (isPending) return <Skeleton variant="rounded" height={180} />;
  if (!logos || logos.length === 0) {
    return <Typography color="text.secondary">{translate('app.trash.empty')}</Typography>;
  }
  return (
    <>
      {selected.length > 0 && (
        <Box sx={{ display: 'flex', gap: 1, mb: 1 }}>
          <Button startIcon={<RestoreIcon />} disabled={busy} onClick={() => run('restore-many', selected)}>
            {translate('app.trash.restore')} ({selected.length})
          </Button>
          <Button
            color="error"
            startIcon={<DeleteForeverIcon />}
            disabled={busy}
            onClick={() => setConfirming(selected)}
          >
            {translate('app.trash.deleteForever')} ({selected.length})
          </Button>
        </Box>
      )}
      <Grid container spacing={2}>
        {logos.map((logo) => (
          <Grid key={logo.id} size={{ xs: 6, sm: 4, md: 3, lg: 2 }}>
            <Card variant="outlined" data-testid="trashed-design-logo">
              <LogoImage logo={logo} />
              <Box sx={{ px: 1, pt: 1, display: 'flex', alignItems: 'center', minWidth: 0 }}>
                <Checkbox
                  size="small"
                  checked={selected.includes(logo.id)}
                  onChange={() => toggle(logo.id)}
                  slotProps={{
                    input: { 'aria-label': translate('app.trash.selectRow', { name: logo.fileName }) },
                  }}
                />
                <Typography variant="caption" noWrap title={logo.fileName}>
                  {logo.fileName}
                </Typography>
              </Box>
              <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 1 }}>
                {formatDateTime(logo.deletedAt)} · {logo.deletedByName ?? translate('app.trash.unknownUser')}
              </Typography>
              <CardActions sx={{ flexWrap: 'wrap' }}>
                <Button
                  size="small"
                  disabled={busy}
                  aria-label={`${translate('app.trash.restore')} ${logo.fileName}`}
                  onClick={() => run('restore-many', [logo.id])}
                >
                  {translate('app.trash.restore')}
                </Button>
                <Button
                  size="small"
                  color="error"
                  disabled={busy}
                  aria-label={`${translate('app.trash.deleteForever')} ${logo.fileName}`}
                  onClick={() => setConfirming([logo.id])}
                >
                  {translate('app.trash.deleteForever')}
                </Button>
              </CardActions>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Confirm
        isOpen={confirming !== null}
        loading={busy}
        title={translate('app.trash.purgeConfirm')}
        content={translate('app.trash.purgeSelected', { count: confirming?.length ?? 0 })}
        confirm={translate('app.trash.deleteForever')}
        cancel={translate('app.tables.cancel')}
        onConfirm={() => confirming && run('purge-many', confirming)}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}
