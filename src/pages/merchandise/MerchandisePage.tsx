import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Grid, Skeleton, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { GalleryHeading } from '../../admin/engine/trashActions';
import { useMerchandise, useOrganizationGuid } from './api';
import { ProductCard } from './ProductCard';
import { ProductTrash } from './ProductTrash';

/** `/admin/merchandise`: the organization's products, and their trash (the archived ones). */
export function MerchandisePage() {
  const translate = useTranslate();
  const { organizationId, organizationGuid } = useOrganizationGuid();
  const { data, isPending, refetch } = useMerchandise(organizationGuid);
  const [showTrash, setShowTrash] = useState(false);

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('app.merchandise.title')} />
      {organizationId === null ? (
        <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
          {translate('app.merchandise.title')}
        </Typography>
      ) : (
        <GalleryHeading
          title={translate('app.merchandise.title')}
          showTrash={showTrash}
          onToggleTrash={() => setShowTrash((shown) => !shown)}
          backLabel={translate('app.merchandise.backToProducts')}
        >
          <Button component={Link} to="/admin/merchandise/create" variant="contained" startIcon={<AddIcon />}>
            {translate('app.merchandise.add')}
          </Button>
        </GalleryHeading>
      )}
      {organizationId === null ? (
        <Alert severity="info">{translate('app.designLogos.selectOrganization')}</Alert>
      ) : showTrash ? (
        <ProductTrash organizationId={organizationId} />
      ) : (
        <>
          {isPending && <Skeleton variant="rounded" height={300} />}
          {data && data.products.length === 0 && (
            <Typography color="text.secondary">{translate('app.merchandise.empty')}</Typography>
          )}
          {data && data.products.length > 0 && (
            <Grid container spacing={2}>
              {data.products.map((product) => (
                <Grid key={product.id} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
                  <ProductCard product={product} onRefresh={() => void refetch()} />
                </Grid>
              ))}
            </Grid>
          )}
        </>
      )}
    </Box>
  );
}
