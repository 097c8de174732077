import { Alert, Box, Button, Chip, Slider, TextField, Typography } from '@mui/material';
import type { Dispatch } from 'react';
import { useTranslate } from 'react-admin';
import { useSeededName } from '../../../i18n/seededName';
import { resizePlacement, rotatePlacement } from '../../../../contract/composition';
import type { BaseApparel } from '../../../../contract/merchandise';
import { formatCurrency } from '../../../lib/currency';
import { areaOf, type StudioAction, type StudioChecks, type StudioState } from './studioState';
import type { StudioScene } from './useStudioScene';

interface PanelProps {
  apparel: BaseApparel;
  state: StudioState;
  checks: StudioChecks;
  dispatch: Dispatch<StudioAction>;
}

/** The colours the product is sold in, toggled; where the logo would vanish on one, it says so. */
export function ColoursPanel({ apparel, state, checks, dispatch }: PanelProps) {
  const translate = useTranslate();
  const seeded = useSeededName();
  return (
    <>
      {apparel.colours.length > 0 && (
        <Box>
          <Typography variant="body2" id="studio-colours">
            {translate('app.merchandise.colours')}
          </Typography>
          <Box
            role="group"
            aria-labelledby="studio-colours"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}
          >
            {apparel.colours.map((colour) => {
              const chosen = state.chosenColours.includes(colour.id);
              return (
                <Chip
                  key={colour.id}
                  label={seeded(colour.name)}
                  aria-pressed={chosen}
                  variant={chosen ? 'filled' : 'outlined'}
                  color={chosen ? 'primary' : 'default'}
                  // An icon, not an avatar: a chosen chip recolours its avatar's background.
                  icon={
                    <Box
                      component="span"
                      sx={{
                        width: 18,
                        height: 18,
                        bgcolor: colour.hex,
                        borderRadius: '50%',
                        border: 1,
                        borderColor: 'divider',
                      }}
                    />
                  }
                  onClick={() => dispatch({ type: 'toggleColour', id: colour.id })}
                />
              );
            })}
          </Box>
        </Box>
      )}
      {checks.vanishesOn.map((colour) => (
        <Alert key={colour.id} severity="warning" data-testid="low-contrast">
          {translate('app.merchandise.lowContrast', { colour: seeded(colour.name) })}
        </Alert>
      ))}
    </>
  );
}

/** The shown side's logo: its size and turn by slider, on or off the back. */
export function LogoPanel({
  apparel,
  state,
  studio,
}: Omit<PanelProps, 'dispatch' | 'checks'> & { studio: StudioScene }) {
  const translate = useTranslate();
  const { scene } = studio;
  const placement = state.placements[state.side];
  const area = areaOf(apparel, state.side);
  return (
    <>
      <Box>
        <Typography id="studio-size" variant="body2">
          {translate('app.merchandise.size')}
        </Typography>
        <Slider
          aria-labelledby="studio-size"
          min={2}
          max={100}
          value={Math.round((placement?.width ?? 0) * 100)}
          disabled={!placement}
          onChange={(_event, value) => {
            if (!scene || !placement) return;
            studio.place(
              resizePlacement(placement, (value as number) / 100, scene.apparel, scene.logoSize, area),
            );
          }}
        />
      </Box>
      <Box>
        <Typography id="studio-rotation" variant="body2">
          {translate('app.merchandise.rotation')}
        </Typography>
        <Slider
          aria-labelledby="studio-rotation"
          min={-180}
          max={180}
          value={Math.round(placement?.rotation ?? 0)}
          disabled={!placement}
          onChange={(_event, value) => {
            if (!scene || !placement) return;
            studio.place(rotatePlacement(placement, value as number, scene.apparel, scene.logoSize, area));
          }}
        />
      </Box>
      {state.side === 'back' && (
        <Box>
          <Button
            variant="outlined"
            disabled={!scene}
            onClick={() => studio.place(placement ? null : studio.startingPlacement())}
          >
            {translate(placement ? 'app.merchandise.removeFromBack' : 'app.merchandise.addToBack')}
          </Button>
        </Box>
      )}
    </>
  );
}

/** Puts the shown side's logo back where the one-click Create would. */
export function ResetPlacement({ state, studio }: { state: StudioState; studio: StudioScene }) {
  const translate = useTranslate();
  return (
    <Box>
      <Button
        variant="outlined"
        disabled={!state.placements[state.side]}
        onClick={() => studio.place(studio.startingPlacement())}
      >
        {translate('app.merchandise.resetPlacement')}
      </Button>
    </Box>
  );
}

interface ProductPanelProps extends PanelProps {
  busy: boolean;
  onCreate: () => void;
  onCancel: () => void;
}

/** The product's title, description and price, and Create with what keeps it from being pressed. */
export function ProductPanel({ state, checks, dispatch, busy, onCreate, onCancel }: ProductPanelProps) {
  const translate = useTranslate();
  const { priceProblem, block } = checks;
  const priceError = priceProblem
    ? translate(
        `app.merchandise.${priceProblem.key}`,
        priceProblem.key === 'priceBelowBase' ? { price: formatCurrency(priceProblem.price) } : {},
      )
    : '';
  const blockMessage =
    block === null
      ? ''
      : block.key === 'dpiTooLow'
        ? translate('app.merchandise.dpiTooLow', { dpi: block.dpi })
        : block.key === 'preflight'
          ? translate('app.merchandise.preflight.blocked')
          : block.key === 'textIssue'
            ? block.message
            : translate('app.merchandise.chooseColour');
  const edit = (field: 'title' | 'description' | 'price') => (event: { target: { value: string } }) =>
    dispatch({ type: 'edit', field, value: event.target.value });
  return (
    <>
      <TextField
        label={translate('app.merchandise.productTitle')}
        value={state.title}
        onChange={edit('title')}
        required
      />
      <TextField
        label={translate('app.merchandise.description')}
        value={state.description}
        onChange={edit('description')}
        multiline
      />
      <TextField
        label={translate('app.merchandise.price')}
        value={state.price}
        onChange={edit('price')}
        error={Boolean(priceError)}
        helperText={priceError || `${translate('app.merchandise.margin')}: ${formatCurrency(checks.margin)}`}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        required
      />
      {checks.noMargin && (
        <Alert severity="warning" data-testid="zero-margin">
          {translate('app.merchandise.zeroMargin')}
        </Alert>
      )}
      {/* The reason sits beside the button, whichever side is shown, rather than in a tooltip a
          disabled button never opens for a keyboard or screen reader. */}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          variant="contained"
          disabled={!checks.canCreate || busy}
          onClick={onCreate}
          aria-describedby={blockMessage ? 'studio-create-blocked' : undefined}
        >
          {translate(busy ? 'app.merchandise.composing' : 'app.merchandise.create')}
        </Button>
        <Button onClick={onCancel}>{translate('app.merchandise.backToProducts')}</Button>
        {blockMessage && (
          <Typography
            id="studio-create-blocked"
            data-testid="create-blocked"
            variant="body2"
            color={checks.canCreate ? 'text.secondary' : 'error'}
          >
            {blockMessage}
          </Typography>
        )}
      </Box>
    </>
  );
}
