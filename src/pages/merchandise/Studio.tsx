import { Box, Typography } from '@mui/material';
import { useEffect, useReducer } from 'react';
import { type DesignLogo, isVectorLogo } from '../../../contract/design-logos';
import type { ApparelColour, BaseApparel } from '../../../contract/merchandise';
import type { Placement } from '../../../contract/composition';
import type { Layer } from '../../../contract/text';
import { StudioCanvas } from './studio/StudioCanvas';
import { ColoursPanel, LogoPanel, ProductPanel, ResetPlacement } from './studio/StudioPanels';
import { initialStudioState, productLayers, studioChecks, studioReducer } from './studio/studioState';
import { PreflightPanel } from './studio/PreflightPanel';
import { TextPanel } from './studio/TextPanel';
import { useStudioScene } from './studio/useStudioScene';
import { useSeededName } from '../../i18n/seededName';

export interface StudioProduct {
  title: string;
  description: string;
  price: number;
  placement: Placement;
  layers: Layer[];
  /** The colours it is sold in, in the order chosen; the first is the one composed here. */
  colours: ApparelColour[];
}

interface StudioProps {
  apparel: BaseApparel;
  logo: DesignLogo;
  busy: boolean;
  onCreate: (product: StudioProduct) => void;
  onCancel: () => void;
}

/**
 * The merchandise studio: the logo on the apparel in a fabric canvas, a tab per printed side,
 * dragged, resized by its corner handles (aspect kept), rotated by its top handle or the
 * slider, nudged with the arrow keys, always kept inside the side's print area (outlined).
 * The state lives in one reducer (`studio/studioState.ts`); the canvas draws it and the panels
 * edit it.
 */
export function Studio({ apparel, logo, busy, onCreate, onCancel }: StudioProps) {
  const seeded = useSeededName();
  const [state, dispatch] = useReducer(studioReducer, apparel, initialStudioState);
  const studio = useStudioScene(apparel, logo, state, dispatch);
  const vector = isVectorLogo(logo.contentType);
  const { scene } = studio;
  const checks = studioChecks(
    state,
    apparel,
    scene && { apparel: scene.apparel, logo: scene.logoSize },
    vector,
  );

  // Opened from a card far down the apparel list, the page would still be scrolled there. It
  // opens at the top of the page, not with the canvas column at the top of the window, where
  // the fixed app bar would cover the side tabs.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);

  const panel = { apparel, state, checks, dispatch };
  return (
    <Box
      data-testid="studio"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'flex-start', maxWidth: '100%' }}
    >
      <StudioCanvas
        apparel={apparel}
        logo={logo}
        vector={vector}
        state={state}
        checks={checks}
        studio={studio}
      />
      <Box sx={{ flex: '1 1 280px', minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {seeded(apparel.title)}
        </Typography>
        <ColoursPanel {...panel} />
        <LogoPanel apparel={apparel} state={state} studio={studio} />
        <TextPanel apparel={apparel} state={state} checks={checks} studio={studio} />
        <ResetPlacement state={state} studio={studio} />
        <PreflightPanel
          state={state}
          preflight={checks.preflight}
          onResize={(side) => {
            studio.switchSide(side);
            // The slider is the shown side's once the switch has rendered.
            requestAnimationFrame(() =>
              document.querySelector<HTMLInputElement>('input[aria-labelledby="studio-size"]')?.focus(),
            );
          }}
        />
        <ProductPanel
          {...panel}
          busy={busy}
          onCancel={onCancel}
          onCreate={() =>
            state.placements.front &&
            onCreate({
              title: state.title.trim(),
              description: state.description.trim(),
              price: checks.priceValue,
              placement: state.placements.front,
              layers: productLayers(state, logo.id),
              colours: checks.pickedColours,
            })
          }
        />
      </Box>
    </Box>
  );
}
