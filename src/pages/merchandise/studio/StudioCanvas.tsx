import { Alert, Box, Tab, Tabs, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { type KeyboardEvent, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useSeededName } from '../../../i18n/seededName';
import {
  largeNudgeStep,
  nudgePlacement,
  nudgeStep,
  type Placement,
  type PrintQuality,
  resizePlacement,
  type Side,
} from '../../../../contract/composition';
import type { DesignLogo } from '../../../../contract/design-logos';
import type { BaseApparel } from '../../../../contract/merchandise';
import { ColourPreviews } from '../ColourPreviews';
import { FabricPreview } from './FabricPreview';
import { percent } from './percent';
import { areaOf, type StudioChecks, type StudioState } from './studioState';
import { maxCanvasSize, type StudioScene } from './useStudioScene';

const arrowSteps: Record<string, { x: number; y: number }> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/** Keys that resize the logo: one step of the apparel width per press (Shift: ten). */
const sizeSteps: Record<string, number> = { '+': 1, '=': 1, '-': -1, _: -1 };

interface StudioCanvasProps {
  apparel: BaseApparel;
  logo: DesignLogo;
  vector: boolean;
  state: StudioState;
  checks: StudioChecks;
  studio: StudioScene;
}

/**
 * The studio's left column: a tab per printed side over the canvas, where the logo is dragged,
 * resized by its corners, turned, and nudged or resized by keys; then what it prints at and the
 * chosen colours' previews.
 */
export function StudioCanvas({ apparel, logo, vector, state, checks, studio }: StudioCanvasProps) {
  const translate = useTranslate();
  const seeded = useSeededName();
  const { scene } = studio;
  const placement = state.placements[state.side];
  const { dpi, quality } = checks;
  // The product page shows the first chosen colour first.
  const previewColour = checks.pickedColours.at(0) ?? apparel.colours.at(0);
  // What a key press did, said once per press; a drag says nothing until it is let go of.
  const [moved, setMoved] = useState('');
  const bandMessage =
    quality === 'soft'
      ? translate('app.merchandise.dpiWarning', { dpi })
      : quality === 'tooLow'
        ? translate('app.merchandise.dpiTooLow', { dpi })
        : '';
  // The print warning is said when it starts or changes band, not at each step within a band
  // (shrinking a logo by keys would otherwise interrupt a dozen times).
  const [band, setBand] = useState<{ quality: PrintQuality | null; message: string }>({
    quality: null,
    message: '',
  });
  if (band.quality !== quality) setBand({ quality, message: bandMessage });
  const position = (at: Placement) =>
    translate('app.merchandise.logoPosition', {
      x: percent(at.x),
      y: percent(at.y),
      size: percent(at.width),
      rotation: Math.round(at.rotation),
    });

  function onKeyDown(event: KeyboardEvent) {
    if (!scene || !placement) return;
    const area = areaOf(apparel, state.side);
    const step = event.shiftKey ? largeNudgeStep : nudgeStep;
    const grow = sizeSteps[event.key];
    const steps = arrowSteps[event.key];
    if (!grow && !steps) return;
    event.preventDefault();
    const next = grow
      ? resizePlacement(placement, placement.width + grow * step, scene.apparel, scene.logoSize, area)
      : nudgePlacement(placement, steps, step, scene.apparel, scene.logoSize, area);
    studio.place(next);
    setMoved(position(next));
  }

  return (
    <Box ref={studio.frameRef} sx={{ flex: `1 1 ${maxCanvasSize}px`, maxWidth: maxCanvasSize, minWidth: 0 }}>
      {state.loadFailed && <Alert severity="error">{translate('app.merchandise.composeFailed')}</Alert>}
      <Tabs value={state.side} onChange={(_event, value: Side) => studio.switchSide(value)} sx={{ mb: 1 }}>
        <Tab value="front" label={translate('app.merchandise.side.front')} />
        <Tab
          value="back"
          label={translate('app.merchandise.side.back')}
          disabled={apparel.printAreas.back === null}
        />
      </Tabs>
      <Box
        tabIndex={0}
        role="application"
        aria-label={translate('app.merchandise.canvasLabel', { title: seeded(apparel.title) })}
        aria-describedby="studio-logo-position"
        onKeyDown={onKeyDown}
        data-testid="studio-canvas"
        sx={{
          display: 'inline-block',
          touchAction: 'none',
          outline: 'none',
          '&:focus-visible': { boxShadow: (theme) => `0 0 0 3px ${theme.palette.primary.main}` },
        }}
      >
        <div ref={studio.canvasHostRef} />
      </Box>
      <Box component="span" id="studio-logo-position" sx={visuallyHidden}>
        {placement ? position(placement) : ''}
      </Box>
      <Box component="span" role="status" data-testid="studio-announcement" sx={visuallyHidden}>
        {moved}
      </Box>
      <Box component="span" role="status" data-testid="dpi-announcement" sx={visuallyHidden}>
        {band.message}
      </Box>
      {placement && (
        <Typography variant="caption" component="p" color="text.secondary" data-testid="placement">
          {`x ${percent(placement.x)} · y ${percent(placement.y)} · ${translate('app.merchandise.size')} ${percent(placement.width)} · ${Math.round(placement.rotation)}°`}
        </Typography>
      )}
      {dpi !== null && (
        <Typography variant="caption" component="p" color="text.secondary" data-testid="print-dpi">
          {vector ? translate('app.merchandise.vectorPrint') : translate('app.merchandise.printDpi', { dpi })}
        </Typography>
      )}
      {apparel.fabric && state.placements.front && scene && previewColour && (
        <FabricPreview
          apparel={apparel}
          logoUrl={logo.fileUrl}
          placement={state.placements.front}
          text={state.texts.front}
          colour={previewColour}
        />
      )}
      {state.placements.front && scene && checks.pickedColours.length > 0 && (
        <ColourPreviews
          colours={checks.pickedColours}
          logoUrl={logo.fileUrl}
          placement={state.placements.front}
          apparel={scene.apparel}
          logoSize={scene.logoSize}
          text={state.texts.front}
          inchesAcross={areaOf(apparel, 'front').widthInches / areaOf(apparel, 'front').width}
        />
      )}
      {/* Said by the band announcement: as alerts they would interrupt at every step. */}
      {quality === 'soft' && (
        <Alert severity="warning" role="none" data-testid="dpi-warning">
          {translate('app.merchandise.dpiWarning', { dpi })}
        </Alert>
      )}
      {quality === 'tooLow' && (
        <Alert severity="error" role="none" data-testid="dpi-too-low">
          {translate('app.merchandise.dpiTooLow', { dpi })}
        </Alert>
      )}
    </Box>
  );
}
