import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import {
  Alert,
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Typography,
} from '@mui/material';
import { ModalDialog } from '../../layout/ModalHost';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { logoFileAccept } from '../../../contract/design-logos';
import type { DesignLogo } from '../../../contract/design-logos';
import { isLogoFile, logosQueryKey, uploadDesignLogo } from './api';
import { UploadError } from './upload';

/** The spec: the upload modal closes by itself 5 seconds after a successful upload. */
export const uploadModalAutoCloseMs = 5_000;

interface Props {
  open: boolean;
  organizationId: number;
  onClose: () => void;
  onUploaded?: (logo: DesignLogo) => void;
}

export function LogoUploadModal({ open, organizationId, onClose, onUploaded }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!open) {
      setFile(null);
      setError(null);
      setPercent(null);
      setDone(false);
    }
  }, [open]);

  // The latest onClose, so re-renders during the countdown do not restart it.
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => closeRef.current(), uploadModalAutoCloseMs);
    return () => clearTimeout(timer);
  }, [done]);

  const uploading = percent !== null && !done;

  async function submit() {
    if (!file) {
      setError(translate('app.designLogos.fileRequired'));
      return;
    }
    if (!isLogoFile(file)) {
      setError(translate('app.designLogos.wrongType'));
      return;
    }
    setError(null);
    setPercent(0);
    try {
      const logo = await uploadDesignLogo(organizationId, file, ({ loaded, total }) =>
        setPercent(Math.round((loaded / total) * 100)),
      );
      setDone(true);
      notify(translate('app.designLogos.uploaded'), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: logosQueryKey(organizationId) });
      onUploaded?.(logo);
    } catch (caught) {
      setPercent(null);
      setError(
        caught instanceof UploadError && caught.message
          ? caught.message
          : translate('app.designLogos.uploadFailed'),
      );
    }
  }

  return (
    <ModalDialog open={open} onClose={uploading ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('app.designLogos.addLogo')}</DialogTitle>
      <DialogContent>
        {done ? (
          <Alert severity="success">
            {translate('app.designLogos.uploaded')}. {translate('app.designLogos.closesSoon')}
          </Alert>
        ) : (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
            <Typography component="label" htmlFor={inputId} variant="body2">
              {translate('app.designLogos.fileLabel')}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
              <Button
                variant="outlined"
                component="label"
                startIcon={<CloudUploadIcon />}
                disabled={uploading}
              >
                {translate('app.designLogos.chooseFile')}
                <input
                  id={inputId}
                  hidden
                  type="file"
                  accept={logoFileAccept}
                  onChange={(event) => {
                    setFile(event.target.files?.[0] ?? null);
                    setError(null);
                  }}
                />
              </Button>
              <Typography variant="body2" color="text.secondary" noWrap>
                {file?.name ?? translate('app.designLogos.noFile')}
              </Typography>
            </Box>
            {uploading && (
              <Box>
                <LinearProgress variant="determinate" value={percent ?? 0} />
                <Typography variant="caption">
                  {translate('app.designLogos.uploading', { percent: percent ?? 0 })}
                </Typography>
              </Box>
            )}
            {error && <Alert severity="error">{error}</Alert>}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={uploading}>
          {translate(done ? 'app.designLogos.close' : 'app.designLogos.cancel')}
        </Button>
        {!done && (
          <Button variant="contained" onClick={submit} disabled={uploading}>
            {translate('app.designLogos.addLogo')}
          </Button>
        )}
      </DialogActions>
    </ModalDialog>
  );
}
