import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Skeleton, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { GalleryHeading } from '../../admin/engine/trashActions';
import { useSelectedOrganization } from '../../layout/useSelectedOrganization';
import { useDesignLogos } from './api';
import { LogoGallery } from './LogoGallery';
import { LogoTrash } from './LogoTrash';
import { LogoUploadModal } from './LogoUploadModal';

/** `/admin/design-logos`: the organization's logos, upload and delete, and their trash. */
export function DesignLogosPage() {
  const translate = useTranslate();
  const { organizationId } = useSelectedOrganization();
  const [uploadOpen, setUploadOpen] = useState(false);
  const [showTrash, setShowTrash] = useState(false);
  const { data: logos, isPending } = useDesignLogos(organizationId);

  return (
    <Box sx={{ mt: 2 }}>
      <Title title={translate('app.designLogos.title')} />
      {organizationId === null ? (
        <Alert severity="info">{translate('app.designLogos.selectOrganization')}</Alert>
      ) : (
        <>
          <GalleryHeading
            title={translate('app.designLogos.title')}
            showTrash={showTrash}
            onToggleTrash={() => setShowTrash((shown) => !shown)}
            backLabel={translate('app.designLogos.backToLogos')}
          >
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setUploadOpen(true)}>
              {translate('app.designLogos.addLogo')}
            </Button>
          </GalleryHeading>
          {showTrash ? (
            <LogoTrash organizationId={organizationId} />
          ) : (
            <>
              {isPending && <Skeleton variant="rounded" height={180} />}
              {logos && logos.length === 0 && (
                <Typography color="text.secondary">{translate('app.designLogos.empty')}</Typography>
              )}
              {logos && logos.length > 0 && <LogoGallery logos={logos} organizationId={organizationId} />}
            </>
          )}
          <LogoUploadModal
            open={uploadOpen}
            organizationId={organizationId}
            onClose={() => setUploadOpen(false)}
          />
        </>
      )}
    </Box>
  );
}
