import ImageIcon from '@mui/icons-material/Image';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  CardMedia,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { ModalDialog } from '../../layout/ModalHost';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { MerchandiseProduct } from '../../contract/merchandise';
import { formatCurrency } from '../../lib/currency';

function ProductPlaceholder({ product, onRefresh }: { product: MerchandiseProduct; onRefresh: () => void }) {
  const translate = useTranslate();
  return (
    <Box
      data-testid="product-placeholder"
      sx={{
        height: 220,
        bgcolor: 'grey.100',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1,
        p: 2,
        textAlign: 'center',
      }}
    >
      <ImageIcon color="disabled" fontSize="large" />
      <Typography variant="body2" color="text.secondary">
        {translate(product.status === 'failed' ? 'app.merchandise.failed' : 'app.merchandise.processing')}
      </Typography>
      <Button size="small" variant="outlined" onClick={onRefresh}>
        {translate('app.merchandise.refresh')}
      </Button>
    </Box>
  );
}

export function ProductCard({ product, onRefresh }: { product: MerchandiseProduct; onRefresh: () => void }) {
  const translate = useTranslate();
  const [detailsOpen, setDetailsOpen] = useState(false);
  const media = product.media[0];
  return (
    <Card
      variant="outlined"
      data-testid="merchandise-product"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      {media ? (
        <CardMedia
          component="img"
          image={media.thumbnailUrl ?? media.imageUrl}
          alt={product.title}
          sx={{ height: 220, objectFit: 'contain', bgcolor: 'common.white' }}
        />
      ) : (
        <ProductPlaceholder product={product} onRefresh={onRefresh} />
      )}
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="subtitle1" component="h2">
          {product.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {product.description}
        </Typography>
        <Typography variant="subtitle2">{formatCurrency(product.price)}</Typography>
      </CardContent>
      <CardActions>
        <Button size="small" onClick={() => setDetailsOpen(true)}>
          {translate('app.merchandise.details')}
        </Button>
      </CardActions>
      <ModalDialog open={detailsOpen} onClose={() => setDetailsOpen(false)} fullWidth maxWidth="md">
        <DialogTitle>{product.title}</DialogTitle>
        <DialogContent>
          {media ? (
            <Box
              component="img"
              src={media.imageUrl}
              alt={product.title}
              sx={{ width: '100%', maxHeight: '60vh', objectFit: 'contain' }}
            />
          ) : (
            <ProductPlaceholder product={product} onRefresh={onRefresh} />
          )}
          <Typography variant="body1" sx={{ mt: 2 }}>
            {product.description}
          </Typography>
          <Typography variant="subtitle1" sx={{ mt: 1 }}>
            {translate('app.merchandise.price')}: {formatCurrency(product.price)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('app.merchandise.created')}: {new Date(product.createdAt).toLocaleString()}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDetailsOpen(false)}>{translate('app.merchandise.close')}</Button>
        </DialogActions>
      </ModalDialog>
    </Card>
  );
}
