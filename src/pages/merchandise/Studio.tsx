import {
  Alert,
  Box,
  Button,
  Chip,
  FormControlLabel,
  MenuItem,
  Slider,
  Switch,
  Tab,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import type { Canvas, FabricImage, Path, Rect } from 'fabric';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { hexDifference, lowContrast } from '../../../contract/colour';
import { type DesignLogo, isVectorLogo } from '../../../contract/design-logos';
import type { ApparelColour, BaseApparel } from '../../../contract/merchandise';
import {
  clampPlacement,
  defaultPlacement,
  largeNudgeStep,
  marginPerItem,
  normaliseRotation,
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
  logoBox,
  nudgeStep,
  sides,
} from '../../../contract/composition';
import {
  clampText,
  type Layer,
  maxArcDegrees,
  maxOutlineInches,
  maxTextLength,
  missingCharacters,
  type TextLayer,
  type TextShape,
  textFontIds,
  textFonts,
  textShape,
  textSizeInches,
} from '../../../contract/text';
import { formatCurrency } from '../../lib/currency';
import { ColourPreviews } from './ColourPreviews';
import { dominantColours } from './dominantColours';
import { loadTextFont, textPath } from './textArt';
import { useSeededName } from '../../i18n/locale';

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
  /** Each side's text as drawn, and its layout (for the clamp while it is dragged). */
  texts: Record<Side, { path: Path; shape: TextShape } | null>;
}

/** Keys that resize the logo: one step of the apparel width per press (Shift: ten). */
const sizeSteps: Record<string, number> = { '+': 1, '=': 1, '-': -1, _: -1 };

/** The inks a new text starts in: the one that stands out more on the garment. */
const textInks = ['#1f2a44', '#ffffff'] as const;

const percent = (value: number) => `${Math.round(value * 1000) / 10}%`;

type Placements = Record<Side, Placement | null>;
type Texts = Record<Side, TextLayer | null>;

/** The outline a text gets when one is switched on, in inches. */
const initialOutline = { colour: '#ffffff', width: 0.08 };

/**
 * The merchandise studio: the logo on the apparel in a fabric canvas, a tab per printed side,
 * dragged, resized by its corner handles (aspect kept), rotated by its top handle or the
 * slider, nudged with the arrow keys, always kept inside the side's print area (outlined).
 */
export function Studio({ apparel, logo, busy, onCreate, onCancel }: StudioProps) {
  const translate = useTranslate();
  const seeded = useSeededName();
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasHostRef = useRef<HTMLDivElement>(null);
  const sceneRef = useRef<Scene | null>(null);
  const [placements, setPlacements] = useState<Placements>({ front: null, back: null });
  const [side, setSide] = useState<Side>('front');
  const [chosenColours, setChosenColours] = useState<number[]>(apparel.colours.slice(0, 1).map((c) => c.id));
  const [logoColours, setLogoColours] = useState<string[]>([]);
  const placement = placements[side];
  const [loadFailed, setLoadFailed] = useState(false);
  // The texts live in a ref too: fabric's drag handlers, bound once, read the latest.
  const [texts, setTextState] = useState<Texts>({ front: null, back: null });
  const textsRef = useRef<Texts>(texts);
  const [textIssues, setTextIssues] = useState<Record<Side, string>>({ front: '', back: '' });
  const textDraws = useRef<Record<Side, number>>({ front: 0, back: 0 });
  const sideRef = useRef<Side>('front');
  // Add text replaces itself with the text's fields and Remove text the other way round: the
  // control that appears takes the focus the pressed one had, which would otherwise drop.
  const focusNext = useRef<'text' | 'add' | null>(null);
  const takesFocus = (which: 'text' | 'add') => (element: HTMLElement | null) => {
    if (!element || focusNext.current !== which) return;
    focusNext.current = null;
    element.focus();
  };
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
    for (const textSide of sides) scene.texts[textSide]?.path.set({ visible: textSide === which });
    const active = current[which] ? scene.logos[which] : scene.texts[which]?.path;
    if (active) scene.canvas.setActiveObject(active);
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
        texts: { front: null, back: null },
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
      const textSideOf = (target: unknown) => sides.find((which) => current.texts[which]?.path === target);
      /** A dragged or turned text, kept inside its area; a turn that cannot fit is undone. */
      const followText = (which: Side) => {
        const drawn = current.texts[which];
        const before = textsRef.current[which];
        if (!drawn || !before) return;
        const width = current.apparel.width * current.scale;
        const height = current.apparel.height * current.scale;
        const moved = {
          ...before,
          rotation: normaliseRotation(drawn.path.angle ?? 0),
          placement: { x: (drawn.path.left ?? 0) / width, y: (drawn.path.top ?? 0) / height },
        };
        const next = clampText(drawn.shape, moved, areaOf(which)) ?? before;
        drawn.path.set({
          left: next.placement.x * width,
          top: next.placement.y * height,
          angle: next.rotation,
        });
        drawn.path.setCoords();
        setTexts({ ...textsRef.current, [which]: next });
      };
      const onChange = ({ target }: { target: unknown }) => {
        const textSide = textSideOf(target);
        if (textSide) followText(textSide);
        else follow({ target });
      };
      canvas.on('object:moving', onChange);
      canvas.on('object:scaling', onChange);
      canvas.on('object:rotating', onChange);
      // A click beside the artwork would deselect it and hide its handles: the side's stays active.
      canvas.on('mouse:up', ({ target }) => {
        const shown = [logoImage, backLogoImage, current.texts.front?.path, current.texts.back?.path].filter(
          (object): object is FabricImage | Path => Boolean(object?.visible),
        );
        const keep = shown.find((object) => object === target) ?? shown[0];
        if (keep) canvas.setActiveObject(keep);
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

  function setTexts(next: Texts) {
    textsRef.current = next;
    setTextState(next);
  }

  /**
   * Draws a side's text from its font's outlines (loaded on first use), moved inside the area
   * when it fits; says what keeps it from printing otherwise. A newer call wins over a slower
   * older one still loading its font.
   */
  async function drawText(which: Side, layer: TextLayer | null) {
    const scene = sceneRef.current;
    if (!scene) return;
    const draw = ++textDraws.current[which];
    const issue = (message: string) => setTextIssues((before) => ({ ...before, [which]: message }));
    const font = layer ? await loadTextFont(layer.font) : null;
    if (draw !== textDraws.current[which] || sceneRef.current !== scene) return;
    const old = scene.texts[which];
    if (old) scene.canvas.remove(old.path);
    scene.texts[which] = null;
    if (!layer || !font || layer.text.trim() === '') {
      issue(layer ? translate('app.merchandise.text.empty') : '');
      scene.canvas.requestRenderAll();
      return;
    }
    const missing = missingCharacters(font, layer.text);
    const shape = textShape(font, layer.text, layer.size, layer.arc);
    const shown = areaOf(which);
    const fitted = clampText(shape, layer, shown);
    const placed = fitted ?? layer;
    const width = scene.apparel.width * scene.scale;
    const height = scene.apparel.height * scene.scale;
    const path = await textPath(placed, shape, (shown.width * width) / shown.widthInches, {
      x: placed.placement.x * width,
      y: placed.placement.y * height,
    });
    if (draw !== textDraws.current[which] || sceneRef.current !== scene) return;
    path.set({
      visible: sideRef.current === which,
      lockScalingX: true,
      lockScalingY: true,
      cornerSize: 16,
      touchCornerSize: 32,
      transparentCorners: false,
    });
    // A text is sized by its letter size, so only the rotation handle is offered.
    path.setControlsVisibility({
      tl: false,
      tr: false,
      bl: false,
      br: false,
      mt: false,
      mb: false,
      ml: false,
      mr: false,
    });
    scene.canvas.add(path);
    scene.texts[which] = { path, shape };
    if (sideRef.current === which) scene.canvas.setActiveObject(path);
    scene.canvas.requestRenderAll();
    setTexts({ ...textsRef.current, [which]: placed });
    issue(
      [...layer.text].length > maxTextLength
        ? translate('app.merchandise.text.tooLong', { max: maxTextLength })
        : missing.length > 0
          ? translate('app.merchandise.text.missing', {
              font: textFonts[layer.font].family,
              characters: missing.join(' '),
            })
          : fitted
            ? ''
            : translate(`app.merchandise.text.tooLarge.${which}`),
    );
  }

  /** Changes the shown side's text (null removes it) and draws it anew. */
  function changeText(next: TextLayer | null) {
    setTexts({ ...textsRef.current, [side]: next });
    void drawText(side, next);
  }

  const editText = (patch: Partial<TextLayer>) => {
    const current = textsRef.current[side];
    if (current) changeText({ ...current, ...patch });
  };

  /**
   * A new text starts under the side's logo rather than on it (the area keeps it inside), in navy
   * or white, whichever stands out more on the first colour chosen.
   */
  function addText() {
    focusNext.current = 'text';
    const scene = sceneRef.current;
    const logoOnSide = placements[side];
    let y = area.top + area.height * 0.3;
    if (scene && logoOnSide) {
      const box = logoBox(logoOnSide, scene.apparel, scene.logoSize);
      const inch = area.height / area.heightInches;
      y = (box.centreY + box.height / 2) / scene.apparel.height + inch * (textSizeInches.initial / 2 + 0.5);
    }
    const garment = pickedColours[0]?.hex;
    const [navy, white] = textInks;
    const colour = garment && hexDifference(white, garment) > hexDifference(navy, garment) ? white : navy;
    changeText({
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

  function switchSide(which: Side) {
    sideRef.current = which;
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

  const textIssue = sides.map((which) => textIssues[which]).find(Boolean) ?? '';
  const sideText = texts[side];

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
          aria-label={translate('app.merchandise.canvasLabel', { title: seeded(apparel.title) })}
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
            text={texts.front}
            inchesAcross={areaOf('front').widthInches / areaOf('front').width}
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
          {seeded(apparel.title)}
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
            {translate('app.merchandise.lowContrast', { colour: seeded(colour.name) })}
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
                        sideText.outline &&
                        editText({ outline: { ...sideText.outline, width: value as number } })
                      }
                    />
                  </Box>
                </>
              )}
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
                    changeText(null);
                  }}
                >
                  {translate('app.merchandise.removeText')}
                </Button>
              </Box>
            </>
          ) : (
            <Box>
              <Button variant="outlined" disabled={!scene} onClick={addText} ref={takesFocus('add')}>
                {translate('app.merchandise.addText')}
              </Button>
            </Box>
          )}
          {textIssues[side] && (
            <Alert severity="error" data-testid="text-issue">
              {textIssues[side]}
            </Alert>
          )}
        </Box>
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
          <Tooltip
            title={dpiTooLow || textIssue || (noColour ? translate('app.merchandise.chooseColour') : '')}
          >
            {/* A disabled button fires no events, so the tooltip hangs on this wrapper. */}
            <span>
              <Button
                variant="contained"
                disabled={
                  !placements.front ||
                  busy ||
                  Boolean(priceError) ||
                  Boolean(dpiTooLow) ||
                  Boolean(textIssue) ||
                  title.trim() === ''
                }
                onClick={() =>
                  placements.front &&
                  onCreate({
                    title: title.trim(),
                    description: description.trim(),
                    price: priceValue,
                    placement: placements.front,
                    layers: [
                      ...(placements.back
                        ? [
                            {
                              kind: 'logo' as const,
                              side: 'back' as const,
                              logoId: logo.id,
                              placement: placements.back,
                            },
                          ]
                        : []),
                      ...sides.flatMap((which) => texts[which] ?? []),
                    ],
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
