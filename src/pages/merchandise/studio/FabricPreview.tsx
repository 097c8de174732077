import { Alert, Box, Button, CircularProgress, FormControlLabel, Switch, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Placement } from '../../../../contract/composition';
import type { ApparelColour, BaseApparel } from '../../../../contract/merchandise';
import type { TextLayer } from '../../../../contract/text';
import { useSeededName } from '../../../i18n/seededName';
import { drawFabricPreview } from '../fabricPreview';
import { areaOf } from './studioState';

/**
 * How long the design must rest before the preview is drawn again: a drag or a run of key
 * presses draws it once, when it stops, so the editing canvas never waits on it.
 */
const redrawDelayMs = 300;

/** The preview's width on the page; it is drawn at the garment picture's own size. */
const previewWidth = 280;

interface FabricPreviewProps {
  apparel: BaseApparel;
  logoUrl: string;
  /** The front's logo and text: the product's pictures show the front. */
  placement: Placement;
  text: TextLayer | null;
  /** The first chosen colour, whose picture the product page shows first. */
  colour: ApparelColour;
}

/** The name of the performance measure of each drawing, from the design's rest to its paint. */
const fabricPreviewMeasure = 'fabric preview';

type Status = 'loading' | 'ready' | 'failed';

/**
 * The front as the product's picture will show it: the design bent through the garment's
 * folds and shaded as its cloth, by the server's own compositing over the server's own maps.
 * It can be hidden; shown, it follows the design once the design rests.
 */
export function FabricPreview({ apparel, logoUrl, placement, text, colour }: FabricPreviewProps) {
  const translate = useTranslate();
  const seeded = useSeededName();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [shown, setShown] = useState(true);
  const [status, setStatus] = useState<Status>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!shown) return;
    let current = true;
    setStatus((was) => (was === 'failed' ? 'loading' : was));
    const timer = setTimeout(() => {
      const started = performance.now();
      drawFabricPreview({
        apparelId: apparel.id,
        garmentUrl: colour.imageUrl,
        logoUrl,
        placement,
        text,
        printableArea: areaOf(apparel, 'front'),
      }).then(
        (picture) => {
          const canvas = canvasRef.current;
          if (!current || !canvas) return;
          canvas.width = picture.width;
          canvas.height = picture.height;
          canvas.getContext('2d')?.putImageData(picture, 0, 0);
          // A user timing, what bench/merchandise/preview.ts reads the drawing's cost from.
          performance.measure(fabricPreviewMeasure, { start: started });
          setStatus('ready');
        },
        (error: unknown) => {
          if (!current) return;
          console.error('The fabric preview could not be drawn', error);
          setStatus('failed');
        },
      );
    }, redrawDelayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [shown, apparel, colour.imageUrl, logoUrl, placement, text, attempt]);

  const colourName = seeded(colour.name);
  return (
    <Box component="section" aria-labelledby="fabric-preview-title" sx={{ mt: 1 }}>
      <FormControlLabel
        control={
          <Switch
            checked={shown}
            onChange={(event) => {
              setShown(event.target.checked);
              if (event.target.checked) setStatus('loading');
            }}
          />
        }
        label={<span id="fabric-preview-title">{translate('app.merchandise.fabricPreview.show')}</span>}
      />
      {shown && (
        <Box data-testid="fabric-preview" data-status={status} sx={{ width: previewWidth, maxWidth: '100%' }}>
          <Box
            sx={{
              position: 'relative',
              aspectRatio: '1 / 1',
              bgcolor: 'action.hover',
              display: status === 'failed' ? 'none' : 'block',
            }}
          >
            <Box
              component="canvas"
              ref={canvasRef}
              role="img"
              aria-label={translate('app.merchandise.fabricPreview.label', {
                title: seeded(apparel.title),
                colour: colourName,
              })}
              sx={{
                width: '100%',
                height: '100%',
                display: 'block',
                visibility: status === 'ready' ? 'visible' : 'hidden',
              }}
            />
            {status === 'loading' && (
              <CircularProgress
                size={32}
                aria-hidden="true"
                sx={{ position: 'absolute', top: '50%', left: '50%', mt: -2, ml: -2 }}
              />
            )}
          </Box>
          <Typography component="p" variant="caption" color="text.secondary" role="status">
            {status === 'loading'
              ? translate('app.merchandise.fabricPreview.loading')
              : status === 'ready'
                ? translate('app.merchandise.fabricPreview.caption', { colour: colourName })
                : ''}
          </Typography>
          {status === 'failed' && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => setAttempt((count) => count + 1)}>
                  {translate('app.merchandise.fabricPreview.retry')}
                </Button>
              }
            >
              {translate('app.merchandise.fabricPreview.failed')}
            </Alert>
          )}
        </Box>
      )}
    </Box>
  );
}
