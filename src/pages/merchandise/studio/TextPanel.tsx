import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  MenuItem,
  Slider,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useRef } from 'react';
import { useTranslate } from 'react-admin';
import { contrastRatio, minTextContrast } from '../../../../contract/colour';
import { logoBox } from '../../../../contract/composition';
import type { BaseApparel } from '../../../../contract/merchandise';
import {
  maxArcDegrees,
  maxOutlineInches,
  maxTextLength,
  type TextLayer,
  textFontIds,
  textFonts,
  textSizeInches,
} from '../../../../contract/text';
import { percent } from './percent';
import { areaOf, type StudioChecks, type StudioState } from './studioState';
import type { StudioScene } from './useStudioScene';

/** The inks a new text starts in: the one that stands out more on the garment. */
const textInks = ['#1f2a44', '#ffffff'] as const;

/** The outline a text gets when one is switched on, in inches. */
const initialOutline = { colour: '#ffffff', width: 0.08 };

interface TextPanelProps {
  apparel: BaseApparel;
  state: StudioState;
  checks: StudioChecks;
  studio: StudioScene;
}

/** The shown side's text: Add text, then its words, font, colours, outline, size, turn and arch. */
export function TextPanel({ apparel, state, checks, studio }: TextPanelProps) {
  const translate = useTranslate();
  const { side } = state;
  const sideText = state.texts[side];
  const area = areaOf(apparel, side);
  // The colours the text will be printed on: those chosen, else the one the garment's image shows.
  const garments = checks.pickedColours.length > 0 ? checks.pickedColours : apparel.colours.slice(0, 1);
  const hardToRead = sideText
    ? garments
        .map((garment) => ({ garment, ratio: contrastRatio(sideText.colour, garment.hex) }))
        .filter(({ ratio }) => ratio < minTextContrast)
    : [];
  // Add text replaces itself with the text's fields and Remove text the other way round: the
  // control that appears takes the focus the pressed one had, which would otherwise drop.
  const focusNext = useRef<'text' | 'add' | null>(null);
  const takesFocus = (which: 'text' | 'add') => (element: HTMLElement | null) => {
    if (!element || focusNext.current !== which) return;
    focusNext.current = null;
    element.focus();
  };

  const editText = (patch: Partial<TextLayer>) => {
    if (sideText) studio.changeText({ ...sideText, ...patch });
  };

  /**
   * A new text starts under the side's logo rather than on it (the area keeps it inside), in navy
   * or white, whichever stands out more on the first colour chosen.
   */
  function addText() {
    focusNext.current = 'text';
    const { scene } = studio;
    const logoOnSide = state.placements[side];
    let y = area.top + area.height * 0.3;
    if (scene && logoOnSide) {
      const box = logoBox(logoOnSide, scene.apparel, scene.logoSize);
      const inch = area.height / area.heightInches;
      y = (box.centreY + box.height / 2) / scene.apparel.height + inch * (textSizeInches.initial / 2 + 0.5);
    }
    // The ink whose worst contrast over the garment's colours is best.
    const worst = (ink: string) => Math.min(...garments.map((garment) => contrastRatio(ink, garment.hex)));
    const colour = [...textInks].sort((a, b) => worst(b) - worst(a))[0];
    studio.changeText({
      kind: 'text',
      side,
      text: translate('app.merchandise.text.sample'),
      font: textFontIds[0],
      colour,
      size: textSizeInches.initial,
      rotation: 0,
      arc: 0,
      placement: { x: area.left + area.width / 2, y },
    });
  }

  return (
    <Box data-testid="text-panel" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="subtitle2" component="h3">
        {translate(`app.merchandise.text.heading.${side}`)}
      </Typography>
      {sideText ? (
        <>
          <Typography variant="caption" color="text.secondary" data-testid="text-placement">
            {`x ${percent(sideText.placement.x)} · y ${percent(sideText.placement.y)} · ${Math.round(sideText.rotation)}°`}
          </Typography>
          <TextField
            label={translate('app.merchandise.text.content')}
            inputRef={takesFocus('text')}
            value={sideText.text}
            onChange={(event) => editText({ text: event.target.value })}
            error={[...sideText.text].length > maxTextLength}
            helperText={`${[...sideText.text].length} / ${maxTextLength}`}
          />
          <TextField
            select
            label={translate('app.merchandise.text.font')}
            value={sideText.font}
            onChange={(event) => editText({ font: event.target.value as TextLayer['font'] })}
          >
            {textFontIds.map((id) => (
              <MenuItem key={id} value={id}>
                {textFonts[id].family}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="color"
            label={translate('app.merchandise.text.colour')}
            value={sideText.colour}
            onChange={(event) => editText({ colour: event.target.value })}
          />
          {hardToRead.map(({ garment, ratio }) => (
            <Alert key={garment.id} severity="warning" data-testid="text-contrast">
              {translate('app.merchandise.text.lowContrast', {
                colour: garment.name,
                ratio: ratio.toFixed(1),
                minimum: minTextContrast,
              })}
            </Alert>
          ))}
          <FormControlLabel
            control={
              <Switch
                checked={Boolean(sideText.outline)}
                onChange={(_event, on) => editText({ outline: on ? initialOutline : undefined })}
              />
            }
            label={translate('app.merchandise.text.outline')}
          />
          {sideText.outline && (
            <>
              <TextField
                type="color"
                label={translate('app.merchandise.text.outlineColour')}
                value={sideText.outline.colour}
                onChange={(event) =>
                  sideText.outline &&
                  editText({ outline: { ...sideText.outline, colour: event.target.value } })
                }
              />
              <Box>
                <Typography id="studio-outline-width" variant="body2">
                  {translate('app.merchandise.text.outlineWidth')}
                </Typography>
                <Slider
                  aria-labelledby="studio-outline-width"
                  min={0.01}
                  max={maxOutlineInches}
                  step={0.01}
                  valueLabelDisplay="auto"
                  value={sideText.outline.width}
                  onChange={(_event, value) =>
                    sideText.outline && editText({ outline: { ...sideText.outline, width: value as number } })
                  }
                />
              </Box>
            </>
          )}
          {/* Where the text sits without dragging it (WCAG 2.1.1, 2.5.7): the slider's keys or one
              click on its track; the drawing then keeps its ink inside the area. */}
          {(
            [
              ['x', area.left, area.left + area.width],
              ['y', area.top, area.top + area.height],
            ] as const
          ).map(([axis, low, high]) => (
            <Box key={axis}>
              <Typography id={`studio-text-${axis}`} variant="body2">
                {translate(`app.merchandise.text.${axis}`)}
              </Typography>
              <Slider
                aria-labelledby={`studio-text-${axis}`}
                min={Math.round(low * 1000) / 10}
                max={Math.round(high * 1000) / 10}
                step={0.5}
                valueLabelDisplay="auto"
                getAriaValueText={(value) => `${value}%`}
                value={Math.round(sideText.placement[axis] * 1000) / 10}
                onChange={(_event, value) =>
                  editText({ placement: { ...sideText.placement, [axis]: (value as number) / 100 } })
                }
              />
            </Box>
          ))}
          {(
            [
              ['size', textSizeInches.min, textSizeInches.max, 0.25],
              ['rotation', -180, 180, 1],
              ['arc', -maxArcDegrees, maxArcDegrees, 5],
            ] as const
          ).map(([field, min, max, step]) => (
            <Box key={field}>
              <Typography id={`studio-text-${field}`} variant="body2">
                {translate(`app.merchandise.text.${field}`)}
              </Typography>
              <Slider
                aria-labelledby={`studio-text-${field}`}
                min={min}
                max={max}
                step={step}
                valueLabelDisplay="auto"
                value={sideText[field]}
                onChange={(_event, value) => editText({ [field]: value as number })}
              />
            </Box>
          ))}
          <Box>
            <Button
              variant="outlined"
              onClick={() => {
                focusNext.current = 'add';
                studio.changeText(null);
              }}
            >
              {translate('app.merchandise.removeText')}
            </Button>
          </Box>
        </>
      ) : (
        <Box>
          <Button variant="outlined" disabled={!studio.scene} onClick={addText} ref={takesFocus('add')}>
            {translate('app.merchandise.addText')}
          </Button>
        </Box>
      )}
      {state.textIssues[side] && (
        <Alert severity="error" data-testid="text-issue">
          {state.textIssues[side]}
        </Alert>
      )}
    </Box>
  );
}
