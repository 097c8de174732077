import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Box,
  Button,
  Card,
  CardActionArea,
  CardActions,
  CardMedia,
  DialogActions,
  DialogContent,
  DialogContentText,
  Grid,
  IconButton,
  Tooltip,
  Typography,
} from '@mui/material';
import { ModalDialog } from '../../layout/ModalHost';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { ValidationFailure } from '../../../contract/common';
import type { DesignLogo } from '../../../contract/design-logos';
import { deleteDesignLogo, logosQueryKey } from './api';

interface Props {
  logos: DesignLogo[];
  organizationId: number;
  /** With a selection, clicking a logo selects it (the create merchandise page). */
  selectedId?: number | null;
  onSelect?: (logo: DesignLogo) => void;
  onDeleted?: (id: number) => void;
}

function LogoImage({ logo }: { logo: DesignLogo }) {
  return (
    <CardMedia
      component="img"
      image={logo.fileUrl}
      alt={logo.fileName}
      sx={{ height: 140, objectFit: 'contain', p: 2, bgcolor: 'grey.100' }}
    />
  );
}

export function LogoGallery({ logos, organizationId, selectedId, onSelect, onDeleted }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [pendingDelete, setPendingDelete] = useState<DesignLogo | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function confirmDelete() {
    if (!pendingDelete) return;
    setDeleting(true);
    try {
      await deleteDesignLogo(pendingDelete.id);
      notify(translate('app.designLogos.deleted'), { type: 'success' });
      onDeleted?.(pendingDelete.id);
      await queryClient.invalidateQueries({ queryKey: logosQueryKey(organizationId) });
    } catch (error) {
      const { status, body } = error as {
        status?: number;
        body?: { validationFailures?: ValidationFailure[] };
      };
      const first = body?.validationFailures?.[0];
      // The http client already toasts failures without a property name; the spec wants the first one shown.
      if (first?.propertyName) notify(first.errorMessage, { type: 'error' });
      // Someone else deleted it first: show the gallery as it now is.
      if (status === 404) await queryClient.invalidateQueries({ queryKey: logosQueryKey(organizationId) });
    } finally {
      setDeleting(false);
      setPendingDelete(null);
    }
  }

  return (
    <>
      <Grid container spacing={2}>
        {logos.map((logo) => {
          const selected = selectedId === logo.id;
          return (
            <Grid key={logo.id} size={{ xs: 6, sm: 4, md: 3, lg: 2 }}>
              <Card
                variant="outlined"
                data-testid="design-logo"
                sx={{ borderColor: selected ? 'primary.main' : undefined, borderWidth: selected ? 2 : 1 }}
              >
                {onSelect ? (
                  <CardActionArea
                    onClick={() => onSelect(logo)}
                    aria-label={logo.fileName}
                    aria-pressed={selected}
                  >
                    <LogoImage logo={logo} />
                  </CardActionArea>
                ) : (
                  <LogoImage logo={logo} />
                )}
                <CardActions sx={{ justifyContent: 'space-between' }}>
                  <Typography variant="caption" noWrap title={logo.fileName} sx={{ minWidth: 0 }}>
                    {selected && (
                      <CheckCircleIcon
                        color="primary"
                        fontSize="inherit"
                        titleAccess={translate('app.designLogos.selected')}
                        sx={{ mr: 0.5, verticalAlign: 'middle' }}
                      />
                    )}
                    {logo.fileName}
                  </Typography>
                  <Tooltip title={translate('app.designLogos.delete')}>
                    <IconButton
                      size="small"
                      aria-label={`${translate('app.designLogos.delete')} ${logo.fileName}`}
                      onClick={() => setPendingDelete(logo)}
                    >
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </CardActions>
              </Card>
            </Grid>
          );
        })}
      </Grid>
      <ModalDialog open={pendingDelete !== null} onClose={() => setPendingDelete(null)}>
        <DialogContent>
          <DialogContentText>{translate('app.designLogos.confirmDelete')}</DialogContentText>
          {pendingDelete && (
            <Box sx={{ mt: 1 }}>
              <Typography variant="body2">{pendingDelete.fileName}</Typography>
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPendingDelete(null)} disabled={deleting}>
            {translate('app.designLogos.cancel')}
          </Button>
          <Button color="error" variant="contained" onClick={confirmDelete} disabled={deleting}>
            {translate('app.designLogos.confirm')}
          </Button>
        </DialogActions>
      </ModalDialog>
    </>
  );
}
