import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import {
  Alert,
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormHelperText,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { apparelColourFieldsSchema, type BaseApparel } from '../../../contract/merchandise';
import { type FormErrors, formErrorsOf, formErrorsOfZod, noErrors } from '../../lib/formErrors';
import { ModalDialog } from '../../layout/ModalHost';
import { addApparelColour, apparelQueriesKey } from './api';
import { useSeededName } from '../../i18n/seededName';

const startingHex = '#1f2a44';

interface Props {
  /** The garment getting a colour; null when the dialog is closed. */
  apparel: BaseApparel | null;
  onClose: () => void;
}

export function AddColourDialog({ apparel, onClose }: Props) {
  const translate = useTranslate();
  const seeded = useSeededName();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const fileId = useId();
  const [name, setName] = useState('');
  const [hex, setHex] = useState(startingHex);
  const [image, setImage] = useState<File | null>(null);
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (apparel) return;
    setName('');
    setHex(startingHex);
    setImage(null);
    setErrors(noErrors);
  }, [apparel]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!apparel) return;
    const checked = apparelColourFieldsSchema.safeParse({ Name: name, Hex: hex });
    const fileError = image ? null : translate('app.baseApparel.imageRequired');
    if (!checked.success || fileError) {
      const found = checked.success ? noErrors : formErrorsOfZod(checked.error);
      setErrors({ ...found, fields: { ...found.fields, ...(fileError && { ImageFile: fileError }) } });
      return;
    }
    setSaving(true);
    try {
      await addApparelColour(apparel.id, { name: checked.data.Name, hex: checked.data.Hex, image: image! });
      await queryClient.invalidateQueries({ queryKey: apparelQueriesKey });
      notify(translate('app.baseApparel.added', { name: checked.data.Name }), { type: 'success' });
      onClose();
    } catch (error) {
      setErrors(formErrorsOf(error, translate('app.baseApparel.addFailed')));
    } finally {
      setSaving(false);
    }
  }

  // The colour picker takes only #rrggbb; while the typed text is not one, it keeps the last.
  const pickerHex = /^#[0-9a-fA-F]{6}$/.test(hex) ? hex.toLowerCase() : startingHex;

  return (
    <ModalDialog open={apparel !== null} onClose={saving ? undefined : onClose} fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle>
          {translate('app.baseApparel.addColourTo', { title: seeded(apparel?.title ?? '') })}
        </DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
            <TextField
              label={translate('app.baseApparel.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={Boolean(errors.fields.Name)}
              helperText={errors.fields.Name}
              required
              autoFocus
            />
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2 }}>
              <TextField
                label={translate('app.baseApparel.hex')}
                value={hex}
                onChange={(event) => setHex(event.target.value)}
                error={Boolean(errors.fields.Hex)}
                helperText={errors.fields.Hex ?? translate('app.baseApparel.hexHint')}
                required
              />
              <Box
                component="input"
                type="color"
                aria-label={translate('app.baseApparel.picker')}
                value={pickerHex}
                onChange={(event) => setHex(event.target.value)}
                sx={{ width: 56, height: 56, p: 0, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
              />
            </Box>
            <Box>
              <Typography component="label" htmlFor={fileId} variant="body2">
                {translate('app.baseApparel.imageLabel')}
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1 }}>
                <Button variant="outlined" component="label" startIcon={<CloudUploadIcon />}>
                  {translate('app.designLogos.chooseFile')}
                  <input
                    id={fileId}
                    hidden
                    type="file"
                    accept="image/png"
                    onChange={(event) => setImage(event.target.files?.[0] ?? null)}
                  />
                </Button>
                <Typography variant="body2" color="text.secondary" noWrap>
                  {image?.name ?? translate('app.designLogos.noFile')}
                </Typography>
              </Box>
              {errors.fields.ImageFile && <FormHelperText error>{errors.fields.ImageFile}</FormHelperText>}
            </Box>
            {errors.message && <Alert severity="error">{errors.message}</Alert>}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {translate('app.designLogos.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {translate('app.baseApparel.addColour')}
          </Button>
        </DialogActions>
      </Box>
    </ModalDialog>
  );
}
