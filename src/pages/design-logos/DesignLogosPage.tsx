import AddIcon from '@mui/icons-material/Add';
import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import { Alert, Box, Button, Skeleton, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useTranslate } from 'react-admin';
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
              {translate('app.designLogos.title')}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button
                startIcon={<DeleteSweepIcon />}
                aria-pressed={showTrash}
                onClick={() => setShowTrash((shown) => !shown)}
              >
                {translate(showTrash ? 'app.designLogos.backToLogos' : 'app.trash.button')}
              </Button>
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setUploadOpen(true)}>
                {translate('app.designLogos.addLogo')}
              </Button>
            </Box>
          </Box>
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
