import ImageIcon from '@mui/icons-material/Image';
import { Box } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { TrashedProduct } from '../../../contract/merchandise';
import { TrashTable } from '../../admin/engine/TrashTable';
import { formatCurrency } from '../../lib/currency';
import { changeTrashedProducts, useTrashedProducts } from './api';

const picture = { width: 64, height: 64 } as const;

/**
 * The organization's archived products (an athletic director's own, an Admin's chosen one), with
 * Restore (back in the gallery and on sale) and Delete forever for one or the selected; the
 * server refuses to delete one that orders refer to.
 */
export function ProductTrash({ organizationId }: { organizationId: number }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { data: products, isPending } = useTrashedProducts(organizationId);
  const columns = [
    {
      key: 'picture',
      header: translate('app.trash.picture'),
      cell: (product: TrashedProduct) => {
        const media = product.media[0];
        return media ? (
          <Box
            component="img"
            src={media.thumbnailUrl ?? media.imageUrl}
            alt={product.title}
            sx={{ ...picture, objectFit: 'contain', bgcolor: 'common.white', display: 'block' }}
          />
        ) : (
          <Box sx={{ ...picture, bgcolor: 'grey.100', display: 'grid', placeItems: 'center' }}>
            <ImageIcon color="disabled" />
          </Box>
        );
      },
    },
    {
      key: 'title',
      header: translate('app.merchandise.productTitle'),
      cell: (product: TrashedProduct) => product.title,
    },
    {
      key: 'price',
      header: translate('app.merchandise.price'),
      cell: (product: TrashedProduct) => formatCurrency(product.price),
    },
  ];
  return (
    <TrashTable
      rows={products}
      isPending={isPending}
      columns={columns}
      titleOf={(product) => product.title}
      change={(kind, ids) => changeTrashedProducts(kind === 'restore' ? 'restore-many' : 'purge-many', ids)}
      // The gallery (keyed by guid) and this trash both live under 'merchandise'.
      settle={() => queryClient.invalidateQueries({ queryKey: ['merchandise'] })}
      rowTestId="trashed-product"
    />
  );
}
