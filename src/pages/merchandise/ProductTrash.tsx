import ImageIcon from '@mui/icons-material/Image';
import { Box, Card, CardMedia, Checkbox, Grid, Skeleton, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import {
  TrashBulkActions,
  TrashedCardFooter,
  TrashPurgeConfirm,
  useTrashActions,
} from '../../admin/engine/trashActions';
import { formatCurrency } from '../../lib/currency';
import { changeTrashedProducts, useTrashedProducts } from './api';

/**
 * The organization's archived products (an athletic director's own, an Admin's chosen one), with
 * Restore (back in the gallery and on sale) and Delete forever for one or the selected; the
 * server refuses to delete one that orders refer to.
 */
export function ProductTrash({ organizationId }: { organizationId: number }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { data: products, isPending } = useTrashedProducts(organizationId);
  const trash = useTrashActions(
    (kind, ids) => changeTrashedProducts(kind === 'restore' ? 'restore-many' : 'purge-many', ids),
    // The gallery (keyed by guid) and this trash both live under 'merchandise'.
    () => queryClient.invalidateQueries({ queryKey: ['merchandise'] }),
  );
  const { selected } = trash;

  if (isPending) return <Skeleton variant="rounded" height={300} />;
  if (!products || products.length === 0) {
    return <Typography color="text.secondary">{translate('app.trash.empty')}</Typography>;
  }
  return (
    <>
      <TrashBulkActions trash={trash} />
      <Grid container spacing={2}>
        {products.map((product) => {
          const media = product.media[0];
          return (
            <Grid key={product.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
              <Card variant="outlined" data-testid="trashed-product">
                {media ? (
                  <CardMedia
                    component="img"
                    image={media.thumbnailUrl ?? media.imageUrl}
                    alt={product.title}
                    sx={{ height: 220, objectFit: 'contain', bgcolor: 'common.white' }}
                  />
                ) : (
                  <Box sx={{ height: 220, bgcolor: 'grey.100', display: 'grid', placeItems: 'center' }}>
                    <ImageIcon color="disabled" fontSize="large" />
                  </Box>
                )}
                <Box sx={{ px: 1, pt: 1, display: 'flex', alignItems: 'center', minWidth: 0 }}>
                  <Checkbox
                    size="small"
                    checked={selected.includes(product.id)}
                    onChange={() => trash.toggle(product.id)}
                    slotProps={{
                      input: { 'aria-label': translate('app.trash.selectRow', { name: product.title }) },
                    }}
                  />
                  <Typography variant="subtitle2" noWrap title={product.title} sx={{ flexGrow: 1 }}>
                    {product.title}
                  </Typography>
                  <Typography variant="body2">{formatCurrency(product.price)}</Typography>
                </Box>
                <TrashedCardFooter
                  trash={trash}
                  id={product.id}
                  name={product.title}
                  deletedAt={product.deletedAt}
                  deletedByName={product.deletedByName}
                />
              </Card>
            </Grid>
          );
        })}
      </Grid>
      <TrashPurgeConfirm trash={trash} />
    </>
  );
}
