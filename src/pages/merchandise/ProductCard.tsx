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
  TextField,
  Typography,
} from '@mui/material';
import { ModalDialog } from '../../layout/ModalHost';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { MerchandiseProduct } from '../../../contract/merchandise';
import { localeTag } from '../../i18n/locale';
import { formatCurrency } from '../../lib/currency';
import { archiveProduct, retryProduct, updateProduct } from './api';
import { useSeededName } from '../../i18n/seededName';
import { productReview } from '../../../contract/merchandise-review';
import { WorkflowActions } from '../../admin/engine/WorkflowActions';

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
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
        <Button size="small" variant="outlined" onClick={onRefresh}>
          {translate('app.merchandise.refresh')}
        </Button>
        {product.status === 'failed' && (
          <Button
            size="small"
            variant="contained"
            onClick={() => void retryProduct(product.id).then(onRefresh, () => undefined)}
          >
            {translate('app.merchandise.tryAgain')}
          </Button>
        )}
      </Box>
    </Box>
  );
}

/** Title, description and price of a product, changed after it was made. */
function ProductEditForm({ product, onSaved }: { product: MerchandiseProduct; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [title, setTitle] = useState(product.title);
  const [description, setDescription] = useState(product.description);
  const [price, setPrice] = useState(product.price.toFixed(2));
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function save() {
    try {
      await updateProduct(product.id, { title, description, price: Number(price), version: product.version });
      notify(translate('app.merchandise.saved'), { type: 'success' });
      onSaved();
    } catch (error) {
      // Someone saved the product meanwhile: say who; what was typed stays in the form.
      if ((error as { status?: number }).status === 409)
        notify((error as Error).message, { type: 'warning' });
      setErrors((error as { body?: { errors?: Record<string, string> } }).body?.errors ?? {});
    }
  }
  return (
    <Box
      component="form"
      sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 2 }}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <TextField
        label={translate('app.merchandise.productTitle')}
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        error={Boolean(errors.title)}
        helperText={errors.title}
        required
      />
      <TextField
        label={translate('app.merchandise.description')}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        error={Boolean(errors.description)}
        helperText={errors.description}
        multiline
      />
      <TextField
        label={translate('app.merchandise.price')}
        value={price}
        onChange={(event) => setPrice(event.target.value)}
        error={Boolean(errors.price)}
        helperText={errors.price}
        inputMode="decimal"
        required
      />
      <Box>
        <Button type="submit" variant="contained">
          {translate('app.merchandise.save')}
        </Button>
      </Box>
    </Box>
  );
}

/** One picture of the Details grid, captioned: shown at up to its own size, never a thumbnail. */
function DetailsPicture({
  src,
  alt,
  caption,
  artwork,
}: {
  src: string;
  alt: string;
  caption: string;
  artwork?: boolean;
}) {
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box
        component="img"
        src={src}
        alt={alt}
        loading="lazy"
        sx={{
          display: 'block',
          width: '100%',
          maxHeight: '60vh',
          objectFit: 'contain',
          // The back is the print file's artwork on transparency: a light ground shows white ink too.
          bgcolor: artwork ? 'grey.300' : 'common.white',
          borderRadius: 1,
        }}
      />
      <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {caption}
      </Typography>
    </Box>
  );
}

/**
 * What Details shows: each colour's picture (the product's own front image when it is sold in the
 * catalogue colour only) and the back's artwork from its print file, the only picture of the back.
 */
function DetailsPictures({ product }: { product: MerchandiseProduct }) {
  const translate = useTranslate();
  const seeded = useSeededName();
  const back = product.printFiles.find((file) => file.side === 'back');
  const colours = product.colours.filter((colour) => colour.imageUrl);
  return (
    <Box
      data-testid="product-pictures"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))',
        gap: 2,
      }}
    >
      {colours.length > 0
        ? colours.map((colour) => (
            <DetailsPicture
              key={colour.name}
              src={colour.imageUrl!}
              alt={translate('app.merchandise.pictureInColour', {
                title: product.title,
                colour: seeded(colour.name),
              })}
              caption={seeded(colour.name)}
            />
          ))
        : product.media[0] && (
            <DetailsPicture src={product.media[0].imageUrl} alt={product.title} caption={product.title} />
          )}
      {back && (
        <DetailsPicture
          src={back.url}
          alt={translate('app.merchandise.pictureOfBack', { title: product.title })}
          caption={translate('app.merchandise.backPicture')}
          artwork
        />
      )}
    </Box>
  );
}

export function ProductCard({ product, onRefresh }: { product: MerchandiseProduct; onRefresh: () => void }) {
  const translate = useTranslate();
  const seeded = useSeededName();
  const notify = useNotify();
  const [detailsOpen, setDetailsOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const [shownColour, setShownColour] = useState(0);
  // Each colour's picture once processed; the product's own image otherwise.
  const colourPicture = product.colours[shownColour];
  const media =
    colourPicture?.imageUrl && product.media[0]
      ? { imageUrl: colourPicture.imageUrl, thumbnailUrl: colourPicture.thumbnailUrl }
      : product.media[0];
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
          {seeded(product.description)}
        </Typography>
        <Typography variant="subtitle2">{formatCurrency(product.price)}</Typography>
        <WorkflowActions
          definition={productReview}
          record={product}
          note={
            product.pendingChanges
              ? translate('app.reviews.pendingNote')
              : product.reviewState === 'submitted'
                ? null
                : product.reviewComment
          }
          onDone={onRefresh}
        />
        {product.colours.length > 1 && (
          <Box sx={{ display: 'flex', gap: 0.5, mt: 1 }} data-testid="colour-swatches">
            {product.colours.map((colour, index) => (
              <Box
                key={colour.name}
                component="button"
                type="button"
                aria-label={translate('app.merchandise.showColour', { colour: seeded(colour.name) })}
                aria-pressed={index === shownColour}
                title={seeded(colour.name)}
                onClick={() => setShownColour(index)}
                sx={{
                  width: 24,
                  height: 24,
                  p: 0,
                  borderRadius: '50%',
                  cursor: 'pointer',
                  bgcolor: colour.hex,
                  border: 2,
                  borderColor: index === shownColour ? 'primary.main' : 'divider',
                }}
              />
            ))}
          </Box>
        )}
      </CardContent>
      <CardActions>
        <Button size="small" onClick={() => setDetailsOpen(true)}>
          {translate('app.merchandise.details')}
        </Button>
      </CardActions>
      <ModalDialog open={detailsOpen} onClose={() => setDetailsOpen(false)} fullWidth maxWidth="lg">
        <DialogTitle>{product.title}</DialogTitle>
        <DialogContent>
          {media ? (
            <DetailsPictures product={product} />
          ) : (
            <ProductPlaceholder product={product} onRefresh={onRefresh} />
          )}
          <Typography variant="body1" sx={{ mt: 2 }}>
            {seeded(product.description)}
          </Typography>
          <Typography variant="subtitle1" sx={{ mt: 1 }}>
            {translate('app.merchandise.price')}: {formatCurrency(product.price)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('app.merchandise.created')}: {new Date(product.createdAt).toLocaleString(localeTag())}
          </Typography>
          {editing && (
            <ProductEditForm
              product={product}
              onSaved={() => {
                setEditing(false);
                onRefresh();
              }}
            />
          )}
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {product.printFiles.map((file) => (
            <Button key={file.side} component="a" href={file.url} download>
              {translate(`app.merchandise.downloadPrint.${file.side}`)}
            </Button>
          ))}
          {!editing && <Button onClick={() => setEditing(true)}>{translate('app.merchandise.edit')}</Button>}
          <Button
            color="warning"
            onClick={() =>
              void archiveProduct(product.id, product.version).then(
                () => {
                  notify(translate('app.merchandise.archived'), { type: 'info' });
                  setDetailsOpen(false);
                  onRefresh();
                },
                (error: { status?: number; message?: string }) =>
                  error.status === 409 && notify(error.message ?? '', { type: 'warning' }),
              )
            }
          >
            {translate('app.merchandise.archive')}
          </Button>
          <Button onClick={() => setDetailsOpen(false)}>{translate('app.merchandise.close')}</Button>
        </DialogActions>
      </ModalDialog>
    </Card>
  );
}
