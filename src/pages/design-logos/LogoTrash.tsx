import { Box, Card, Checkbox, Grid, Skeleton, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import {
  TrashBulkActions,
  TrashedCardFooter,
  TrashPurgeConfirm,
  useTrashActions,
} from '../../admin/engine/trashActions';
import { changeTrashedLogos, useTrashedLogos } from './api';
import { LogoImage } from './LogoGallery';

/**
 * The organization's deleted logos (an athletic director's own, an Admin's chosen one), with
 * Restore and Delete forever for one or the selected; the server keeps another organization's
 * out of reach.
 */
export function LogoTrash({ organizationId }: { organizationId: number }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { data: logos, isPending } = useTrashedLogos(organizationId, true);
  const trash = useTrashActions(
    (kind, ids) => changeTrashedLogos(kind === 'restore' ? 'restore-many' : 'purge-many', ids),
    () => queryClient.invalidateQueries({ queryKey: ['design-logos', organizationId] }),
  );
  const { selected } = trash;

  if (isPending) return <Skeleton variant="rounded" height={180} />;
  if (!logos || logos.length === 0) {
    return <Typography color="text.secondary">{translate('app.trash.empty')}</Typography>;
  }
  return (
    <>
      <TrashBulkActions trash={trash} />
      <Grid container spacing={2}>
        {logos.map((logo) => (
          <Grid key={logo.id} size={{ xs: 6, sm: 4, md: 3, lg: 2 }}>
            <Card variant="outlined" data-testid="trashed-design-logo">
              <LogoImage logo={logo} />
              <Box sx={{ px: 1, pt: 1, display: 'flex', alignItems: 'center', minWidth: 0 }}>
                <Checkbox
                  size="small"
                  checked={selected.includes(logo.id)}
                  onChange={() => trash.toggle(logo.id)}
                  slotProps={{
                    input: { 'aria-label': translate('app.trash.selectRow', { name: logo.fileName }) },
                  }}
                />
                <Typography variant="caption" noWrap title={logo.fileName}>
                  {logo.fileName}
                </Typography>
              </Box>
              <TrashedCardFooter
                trash={trash}
                id={logo.id}
                name={logo.fileName}
                deletedAt={logo.deletedAt}
                deletedByName={logo.deletedByName}
              />
            </Card>
          </Grid>
        ))}
      </Grid>
      <TrashPurgeConfirm trash={trash} />
    </>
  );
}
