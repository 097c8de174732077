import { Alert, Box, Button, Chip, Slider, Tab, Tabs, TextField, Tooltip, Typography } from '@mui/material';
import type { Canvas, FabricImage, Rect } from 'fabric';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { lowContrast } from '../../../contract/colour';
import { type DesignLogo, isVectorLogo } from '../../../contract/design-logos';
import type { ApparelColour, BaseApparel } from '../../../contract/merchandise';
import {
  clampPlacement,
  defaultPlacement,
  largeNudgeStep,
  type LogoLayer,
  marginPerItem,
  nudgePlacement,
  type Placement,
  priceBelowBase,
  printDpi,
  printQuality,
  type PrintArea,
  resizePlacement,
  rotatePlacement,
  type Side,
  type Size,
  nudgeStep,
} from '../../../contract/composition';
import { formatCurrency } from '../../lib/currency';
import { ColourPreviews } from './ColourPreviews';
import { dominantColours } from './dominantColours';

export interface StudioProduct {
  title: string;
  description: string;
  price: number;
  placement: Placement;
  layers: LogoLayer[];
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
 * The largest the canvas is drawn. The scene is laid out at this size once; a narrower
 * container zooms it out, so the placement (fractions of the apparel) never changes on a resize.
 */
const maxCanvasSize = 560;

const arrowSteps: Record<string, { x: number; y: number }> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

interface Scene {
  canvas: Canvas;
  /** The logo on each side: the product's main logo on the front, its copy on the back. */
  logos: Record<Side, FabricImage>;
  area: Rect;
  apparel: Size;
  logoSize: Size;
  /** Scene units per apparel pixel (the canvas's zoom then fits the scene to its container). */
  scale: number;
}

/** Keys that resize the logo: one step of the apparel width per press (Shift: ten). */
const sizeSteps: Record<string, number> = { '+': 1, '=': 1, '-': -1, _: -1 };

const percent = (value: number) => `${Math.round(value * 1000) / 10}%`;

type Placements = Record<Side, Placement | null>;

/**
 * The merchandise studio: the logo on the apparel in a fabric canvas, a tab per printed side,
 * dragged, resized by its corner handles (aspect kept), rotated by its top handle or the
 * slider, nudged with the arrow keys, always kept inside the side's print area (outlined).
 */
export function Studio({ apparel, logo, busy, onCreate, onCancel }: StudioProps) {
  const translate = useTranslate();
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasHostRef = useRef<HTMLDivElement>(null);
  const sceneRef = useRef<Scene | null>(null);
  const [placements, setPlacements] = useState<Placements>({ front: null, back: null });
  const [side, setSide] = useState<Side>('front');
  const [chosenColours, setChosenColours] = useState<number[]>(apparel.colours.slice(0, 1).map((c) => c.id));
  const [logoColours, setLogoColours] = useState<string[]>([]);
  const placement = placements[side];
  const [loadFailed, setLoadFailed] = useState(false);
  const [title, setTitle] = useState(apparel.title);
  const [description, setDescription] = useState(apparel.description);
  const [price, setPrice] = useState(apparel.price.toFixed(2));
  // The back tab is offered only where the apparel prints on its back.
  const areaOf = (which: Side): PrintArea => apparel.printAreas[which] ?? apparel.printAreas.front;
  const area = areaOf(side);

  /** Puts a side's logo object where a placement says. */
  function draw(scene: Scene, which: Side, next: Placement) {
    const width = scene.apparel.width * scene.scale;
    const height = scene.apparel.height * scene.scale;
    scene.logos[which].set({
      left: next.x * width,
      top: next.y * height,
      angle: next.rotation,
      scaleX: (next.width * width) / scene.logoSize.width,
      scaleY: (next.width * width) / scene.logoSize.width,
    });
    scene.logos[which].setCoords();
    scene.canvas.requestRenderAll();
  }

  /** Shows one side: its print area outlined, its logo (if it has one) the one to move. */
  function show(scene: Scene, which: Side, current: Placements) {
    const shown = areaOf(which);
    const width = scene.apparel.width * scene.scale;
    const height = scene.apparel.height * scene.scale;
    scene.area.set({
      left: shown.left * width,
      top: shown.top * height,
      width: shown.width * width,
      height: shown.height * height,
    });
    scene.logos.front.set({ visible: which === 'front' });
    scene.logos.back.set({ visible: which === 'back' && current.back !== null });
    if (current[which]) scene.canvas.setActiveObject(scene.logos[which]);
    else scene.canvas.discardActiveObject();
    scene.canvas.requestRenderAll();
  }

  // Opened from a card far down the apparel list, the page would still be scrolled there.
  // Braces: newer Chromium answers scrollIntoView with a promise, which React would call as a cleanup.
  useEffect(() => {
    frameRef.current?.scrollIntoView?.({ block: 'start' });
  }, []);

  useEffect(() => {
    const host = canvasHostRef.current;
    let disposed = false;
    let scene: Scene | null = null;
    let observer: ResizeObserver | undefined;
    void (async () => {
      const fabric = await import('fabric');
      let apparelImage: FabricImage;
      let logoImage: FabricImage;
      let backLogoImage: FabricImage;
      try {
        [apparelImage, logoImage, backLogoImage] = await Promise.all([
          fabric.FabricImage.fromURL(apparel.media[0].imageUrl, { crossOrigin: 'anonymous' }),
          fabric.FabricImage.fromURL(logo.fileUrl, { crossOrigin: 'anonymous' }),
          fabric.FabricImage.fromURL(logo.fileUrl, { crossOrigin: 'anonymous' }),
        ]);
      } catch (error) {
        console.error('An image could not be loaded for the studio', error);
        setLoadFailed(true);
        return;
      }
      if (disposed || !host || !frameRef.current) return;
      setLogoColours(dominantColours(logoImage.getElement()));
      const apparelSize = { width: apparelImage.width, height: apparelImage.height };
      const logoSize = { width: logoImage.width, height: logoImage.height };
      const frame = frameRef.current;
      const scale = maxCanvasSize / Math.max(apparelSize.width, apparelSize.height);
      // fabric wraps and, on dispose, moves its canvas element, so React must not own it.
      const element = document.createElement('canvas');
      host.appendChild(element);
      const canvas = new fabric.Canvas(element, {
        width: apparelSize.width * scale,
        height: apparelSize.height * scale,
        selection: false,
        uniformScaling: true,
        // One finger drags the logo rather than scrolling the page.
        allowTouchScrolling: false,
      });
      apparelImage.set({
        left: 0,
        top: 0,
        originX: 'left',
        originY: 'top',
        scaleX: scale,
        scaleY: scale,
        selectable: false,
        evented: false,
      });
      const areaRect = new fabric.Rect({
        originX: 'left',
        originY: 'top',
        fill: 'rgba(25, 118, 210, 0.08)',
        stroke: '#1976d2',
        strokeDashArray: [6, 4],
        strokeWidth: 1,
        selectable: false,
        evented: false,
      });
      for (const image of [logoImage, backLogoImage]) {
        image.set({
          originX: 'center',
          originY: 'center',
          lockScalingFlip: true,
          cornerSize: 16,
          touchCornerSize: 32,
          transparentCorners: false,
        });
        // Only the corners resize, and they keep the aspect ratio.
        image.setControlsVisibility({ mt: false, mb: false, ml: false, mr: false });
      }
      canvas.add(apparelImage, areaRect, logoImage, backLogoImage);
      scene = {
        canvas,
        logos: { front: logoImage, back: backLogoImage },
        area: areaRect,
        apparel: apparelSize,
        logoSize,
        scale,
      };
      sceneRef.current = scene;

      const current = scene;
      const fromObject = (image: FabricImage): Placement => {
        const width = current.apparel.width * current.scale;
        const height = current.apparel.height * current.scale;
        return {
          x: (image.left ?? 0) / width,
          y: (image.top ?? 0) / height,
          width: (image.getScaledWidth() ?? 0) / width,
          rotation: image.angle ?? 0,
        };
      };
      const follow = ({ target }: { target: unknown }) => {
        const which: Side = target === backLogoImage ? 'back' : 'front';
        const next = clampPlacement(fromObject(current.logos[which]), apparelSize, logoSize, areaOf(which));
        draw(current, which, next);
        setPlacements((before) => ({ ...before, [which]: next }));
      };
      canvas.on('object:moving', follow);
      canvas.on('object:scaling', follow);
      canvas.on('object:rotating', follow);
      // A click beside the logo would deselect it and hide its handles: the side's logo stays active.
      canvas.on('mouse:up', () => {
        const shown = [logoImage, backLogoImage].find((image) => image.visible);
        if (shown) canvas.setActiveObject(shown);
        canvas.requestRenderAll();
      });
      const start = clampPlacement(
        defaultPlacement(apparelSize, logoSize),
        apparelSize,
        logoSize,
        areaOf('front'),
      );
      draw(current, 'front', start);
      const initial = { front: start, back: null };
      setPlacements(initial);
      show(current, 'front', initial);

      // The container narrows and widens with the window (or a rotated tablet): so does the canvas.
      const fit = () => {
        const zoom = Math.min(maxCanvasSize, frame.clientWidth) / maxCanvasSize;
        canvas.setDimensions({
          width: Math.round(apparelSize.width * scale * zoom),
          height: Math.round(apparelSize.height * scale * zoom),
        });
        canvas.setZoom(zoom);
      };
      fit();
      if (typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(fit);
        observer.observe(frame);
      }
    })();
    return () => {
      disposed = true;
      observer?.disconnect();
      sceneRef.current = null;
      void scene?.canvas.dispose().finally(() => host?.replaceChildren());
    };
    // The scene is built once per apparel and logo; the area comes with the apparel.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [apparel.id, logo.id]);

  /** Places the logo of the side shown (null takes it off the back). */
  function apply(next: Placement | null) {
    const scene = sceneRef.current;
    if (!scene) return;
    if (next) draw(scene, side, next);
    const updated = { ...placements, [side]: next };
    setPlacements(updated);
    show(scene, side, updated);
  }

  function switchSide(which: Side) {
    setSide(which);
    if (sceneRef.current) show(sceneRef.current, which, placements);
  }

  const startingPlacement = (scene: Scene) =>
    clampPlacement(defaultPlacement(scene.apparel, scene.logoSize), scene.apparel, scene.logoSize, area);

  function onKeyDown(event: KeyboardEvent) {
    const scene = sceneRef.current;
    if (!scene || !placement) return;
    const step = event.shiftKey ? largeNudgeStep : nudgeStep;
    const grow = sizeSteps[event.key];
    if (grow) {
      event.preventDefault();
      apply(resizePlacement(placement, placement.width + grow * step, scene.apparel, scene.logoSize, area));
      return;
    }
    const steps = arrowSteps[event.key];
    if (!steps) return;
    event.preventDefault();
    apply(nudgePlacement(placement, steps, step, scene.apparel, scene.logoSize, area));
  }

  const scene = sceneRef.current;
  const vector = isVectorLogo(logo.contentType);
  const dpiOf = (which: Side) => {
    const placed = placements[which];
    return placed && scene ? printDpi(placed, scene.apparel, scene.logoSize, areaOf(which)) : null;
  };
  const dpi = dpiOf(side);
  const quality = dpi === null ? null : printQuality(dpi, vector);
  // Create waits for every side to print, not only the one shown.
  const blurriest = (['front', 'back'] as const)
    .map(dpiOf)
    .filter((value): value is number => value !== null && printQuality(value, vector) === 'tooLow')
    .sort((a, b) => a - b)[0];
  const dpiTooLow = blurriest === undefined ? '' : translate('app.merchandise.dpiTooLow', { dpi: blurriest });

  const pickedColours = apparel.colours.filter((colour) => chosenColours.includes(colour.id));
  const vanishesOn = pickedColours.filter((colour) => lowContrast(logoColours, colour.hex));
  const noColour = apparel.colours.length > 0 && pickedColours.length === 0;

  const priceValue = Number(price);
  const priceInvalid = !/^\d+(\.\d{1,2})?$/.test(price.trim());
  const belowBase = !priceInvalid && priceBelowBase(priceValue, apparel.price);
  const margin = priceInvalid ? 0 : marginPerItem(priceValue, apparel.price);
  // Allowed, since a school may sell at cost, but rarely meant: the studio opens at the base price.
  const noMargin = !priceInvalid && !belowBase && margin === 0;
  const priceError = priceInvalid
    ? translate('app.merchandise.priceFormat')
    : belowBase
      ? translate('app.merchandise.priceBelowBase', { price: formatCurrency(apparel.price) })
      : '';

  return (
    <Box
      data-testid="studio"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'flex-start', maxWidth: '100%' }}
    >
      <Box ref={frameRef} sx={{ flex: `1 1 ${maxCanvasSize}px`, maxWidth: maxCanvasSize, minWidth: 0 }}>
        {loadFailed && <Alert severity="error">{translate('app.merchandise.composeFailed')}</Alert>}
        <Tabs value={side} onChange={(_event, value: Side) => switchSide(value)} sx={{ mb: 1 }}>
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
          aria-label={translate('app.merchandise.canvasLabel', { title: apparel.title })}
          onKeyDown={onKeyDown}
          data-testid="studio-canvas"
          sx={{
            display: 'inline-block',
            touchAction: 'none',
            outline: 'none',
            '&:focus-visible': { boxShadow: (theme) => `0 0 0 3px ${theme.palette.primary.main}` },
          }}
        >
          <div ref={canvasHostRef} />
        </Box>
        {placement && (
          <Typography variant="caption" component="p" color="text.secondary" data-testid="placement">
            {`x ${percent(placement.x)} · y ${percent(placement.y)} · ${translate('app.merchandise.size')} ${percent(placement.width)} · ${Math.round(placement.rotation)}°`}
          </Typography>
        )}
        {dpi !== null && (
          <Typography variant="caption" component="p" color="text.secondary" data-testid="print-dpi">
            {vector
              ? translate('app.merchandise.vectorPrint')
              : translate('app.merchandise.printDpi', { dpi })}
          </Typography>
        )}
        {placements.front && scene && pickedColours.length > 0 && (
          <ColourPreviews
            colours={pickedColours}
            logoUrl={logo.fileUrl}
            placement={placements.front}
            apparel={scene.apparel}
            logoSize={scene.logoSize}
          />
        )}
        {quality === 'soft' && (
          <Alert severity="warning" data-testid="dpi-warning">
            {translate('app.merchandise.dpiWarning', { dpi })}
          </Alert>
        )}
        {quality === 'tooLow' && (
          <Alert severity="error" data-testid="dpi-too-low">
            {translate('app.merchandise.dpiTooLow', { dpi })}
          </Alert>
        )}
      </Box>
      <Box sx={{ flex: '1 1 280px', minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {apparel.title}
        </Typography>
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
                const chosen = chosenColours.includes(colour.id);
                return (
                  <Chip
                    key={colour.id}
                    label={colour.name}
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
                    onClick={() =>
                      setChosenColours((before) =>
                        chosen ? before.filter((id) => id !== colour.id) : [...before, colour.id],
                      )
                    }
                  />
                );
              })}
            </Box>
          </Box>
        )}
        {vanishesOn.map((colour) => (
          <Alert key={colour.id} severity="warning" data-testid="low-contrast">
            {translate('app.merchandise.lowContrast', { colour: colour.name })}
          </Alert>
        ))}
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
              const scene = sceneRef.current;
              if (!scene || !placement) return;
              apply(resizePlacement(placement, (value as number) / 100, scene.apparel, scene.logoSize, area));
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
              const scene = sceneRef.current;
              if (!scene || !placement) return;
              apply(rotatePlacement(placement, value as number, scene.apparel, scene.logoSize, area));
            }}
          />
        </Box>
        {side === 'back' && (
          <Box>
            <Button
              variant="outlined"
              disabled={!scene}
              onClick={() => scene && apply(placement ? null : startingPlacement(scene))}
            >
              {translate(placement ? 'app.merchandise.removeFromBack' : 'app.merchandise.addToBack')}
            </Button>
          </Box>
        )}
        <Box>
          <Button
            variant="outlined"
            disabled={!placement}
            onClick={() => {
              const scene = sceneRef.current;
              if (!scene) return;
              apply(startingPlacement(scene));
            }}
          >
            {translate('app.merchandise.resetPlacement')}
          </Button>
        </Box>
        <TextField
          label={translate('app.merchandise.productTitle')}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          required
        />
        <TextField
          label={translate('app.merchandise.description')}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          multiline
        />
        <TextField
          label={translate('app.merchandise.price')}
          value={price}
          onChange={(event) => setPrice(event.target.value)}
          error={Boolean(priceError)}
          helperText={priceError || `${translate('app.merchandise.margin')}: ${formatCurrency(margin)}`}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          required
        />
        {noMargin && (
          <Alert severity="warning" data-testid="zero-margin">
            {translate('app.merchandise.zeroMargin')}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Tooltip title={dpiTooLow || (noColour ? translate('app.merchandise.chooseColour') : '')}>
            {/* A disabled button fires no events, so the tooltip hangs on this wrapper. */}
            <span>
              <Button
                variant="contained"
                disabled={
                  !placements.front ||
                  busy ||
                  Boolean(priceError) ||
                  Boolean(dpiTooLow) ||
                  title.trim() === ''
                }
                onClick={() =>
                  placements.front &&
                  onCreate({
                    title: title.trim(),
                    description: description.trim(),
                    price: priceValue,
                    placement: placements.front,
                    layers: placements.back
                      ? [{ kind: 'logo', side: 'back', logoId: logo.id, placement: placements.back }]
                      : [],
                    colours: pickedColours,
                  })
                }
              >
                {translate(busy ? 'app.merchandise.composing' : 'app.merchandise.create')}
              </Button>
            </span>
          </Tooltip>
          <Button onClick={onCancel}>{translate('app.merchandise.back')}</Button>
        </Box>
      </Box>
    </Box>
  );
}
