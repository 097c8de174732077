import { Alert, Box, Button, Slider, TextField, Tooltip, Typography } from '@mui/material';
import type { Canvas, FabricImage, Rect } from 'fabric';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { type DesignLogo, isVectorLogo } from '../../../contract/design-logos';
import type { BaseApparel } from '../../../contract/merchandise';
import {
  clampPlacement,
  defaultPlacement,
  largeNudgeStep,
  marginPerItem,
  nudgePlacement,
  type Placement,
  priceBelowBase,
  printDpi,
  printQuality,
  resizePlacement,
  rotatePlacement,
  type Size,
  nudgeStep,
} from '../../../contract/composition';
import { formatCurrency } from '../../lib/currency';

export interface StudioProduct {
  title: string;
  description: string;
  price: number;
  placement: Placement;
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
  logo: FabricImage;
  area: Rect;
  apparel: Size;
  logoSize: Size;
  /** Scene units per apparel pixel (the canvas's zoom then fits the scene to its container). */
  scale: number;
}

/** Keys that resize the logo: one step of the apparel width per press (Shift: ten). */
const sizeSteps: Record<string, number> = { '+': 1, '=': 1, '-': -1, _: -1 };

const percent = (value: number) => `${Math.round(value * 1000) / 10}%`;

/**
 * The merchandise studio: the logo on the apparel in a fabric canvas, dragged, resized by
 * its corner handles (aspect kept), rotated by its top handle or the slider, nudged with
 * the arrow keys, always kept inside the apparel's printable area.
 */
export function Studio({ apparel, logo, busy, onCreate, onCancel }: StudioProps) {
  const translate = useTranslate();
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasHostRef = useRef<HTMLDivElement>(null);
  const sceneRef = useRef<Scene | null>(null);
  const [placement, setPlacement] = useState<Placement | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [title, setTitle] = useState(apparel.title);
  const [description, setDescription] = useState(apparel.description);
  const [price, setPrice] = useState(apparel.price.toFixed(2));
  const area = apparel.printAreas.front;

  /** Puts the logo object where a placement says. */
  function draw(scene: Scene, next: Placement) {
    const width = scene.apparel.width * scene.scale;
    const height = scene.apparel.height * scene.scale;
    scene.logo.set({
      left: next.x * width,
      top: next.y * height,
      angle: next.rotation,
      scaleX: (next.width * width) / scene.logoSize.width,
      scaleY: (next.width * width) / scene.logoSize.width,
    });
    scene.logo.setCoords();
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
      try {
        [apparelImage, logoImage] = await Promise.all([
          fabric.FabricImage.fromURL(apparel.media[0].imageUrl, { crossOrigin: 'anonymous' }),
          fabric.FabricImage.fromURL(logo.fileUrl, { crossOrigin: 'anonymous' }),
        ]);
      } catch (error) {
        console.error('An image could not be loaded for the studio', error);
        setLoadFailed(true);
        return;
      }
      if (disposed || !host || !frameRef.current) return;
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
        left: area.left * apparelSize.width * scale,
        top: area.top * apparelSize.height * scale,
        width: area.width * apparelSize.width * scale,
        height: area.height * apparelSize.height * scale,
        originX: 'left',
        originY: 'top',
        fill: 'rgba(25, 118, 210, 0.08)',
        stroke: '#1976d2',
        strokeDashArray: [6, 4],
        strokeWidth: 1,
        selectable: false,
        evented: false,
        visible: false,
      });
      logoImage.set({
        originX: 'center',
        originY: 'center',
        lockScalingFlip: true,
        cornerSize: 16,
        touchCornerSize: 32,
        transparentCorners: false,
      });
      // Only the corners resize, and they keep the aspect ratio.
      logoImage.setControlsVisibility({ mt: false, mb: false, ml: false, mr: false });
      canvas.add(apparelImage, areaRect, logoImage);
      canvas.setActiveObject(logoImage);
      scene = { canvas, logo: logoImage, area: areaRect, apparel: apparelSize, logoSize, scale };
      sceneRef.current = scene;

      const current = scene;
      const fromObject = (): Placement => {
        const width = current.apparel.width * current.scale;
        const height = current.apparel.height * current.scale;
        return {
          x: (logoImage.left ?? 0) / width,
          y: (logoImage.top ?? 0) / height,
          width: (logoImage.getScaledWidth() ?? 0) / width,
          rotation: logoImage.angle ?? 0,
        };
      };
      const follow = () => {
        areaRect.set({ visible: true });
        const next = clampPlacement(fromObject(), apparelSize, logoSize, area);
        draw(current, next);
        setPlacement(next);
      };
      canvas.on('object:moving', follow);
      canvas.on('object:scaling', follow);
      canvas.on('object:rotating', follow);
      canvas.on('mouse:up', () => {
        areaRect.set({ visible: false });
        canvas.setActiveObject(logoImage);
        canvas.requestRenderAll();
      });
      const start = clampPlacement(defaultPlacement(apparelSize, logoSize), apparelSize, logoSize, area);
      draw(current, start);
      setPlacement(start);

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

  function apply(next: Placement) {
    const scene = sceneRef.current;
    if (!scene) return;
    draw(scene, next);
    setPlacement(next);
  }

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
  const dpi = placement && scene ? printDpi(placement, scene.apparel, scene.logoSize, area) : null;
  const quality = dpi === null ? null : printQuality(dpi, vector);
  const dpiTooLow = quality === 'tooLow' ? translate('app.merchandise.dpiTooLow', { dpi }) : '';

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
        {quality === 'soft' && (
          <Alert severity="warning" data-testid="dpi-warning">
            {translate('app.merchandise.dpiWarning', { dpi })}
          </Alert>
        )}
        {dpiTooLow && (
          <Alert severity="error" data-testid="dpi-too-low">
            {dpiTooLow}
          </Alert>
        )}
      </Box>
      <Box sx={{ flex: '1 1 280px', minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {apparel.title}
        </Typography>
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
        <Box>
          <Button
            variant="outlined"
            disabled={!placement}
            onClick={() => {
              const scene = sceneRef.current;
              if (!scene) return;
              apply(
                clampPlacement(
                  defaultPlacement(scene.apparel, scene.logoSize),
                  scene.apparel,
                  scene.logoSize,
                  area,
                ),
              );
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
          <Tooltip title={dpiTooLow}>
            {/* A disabled button fires no events, so the tooltip hangs on this wrapper. */}
            <span>
              <Button
                variant="contained"
                disabled={
                  !placement || busy || Boolean(priceError) || Boolean(dpiTooLow) || title.trim() === ''
                }
                onClick={() =>
                  placement &&
                  onCreate({
                    title: title.trim(),
                    description: description.trim(),
                    price: priceValue,
                    placement,
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
