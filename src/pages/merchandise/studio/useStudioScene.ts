import type { Canvas, FabricImage, Path, Rect } from 'fabric';
import { type Dispatch, useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import {
  clampPlacement,
  defaultPlacement,
  normaliseRotation,
  type Placement,
  type Side,
  type Size,
  sides,
} from '../../../../contract/composition';
import type { DesignLogo } from '../../../../contract/design-logos';
import type { BaseApparel } from '../../../../contract/merchandise';
import {
  clampText,
  maxTextLength,
  missingCharacters,
  type TextLayer,
  type TextShape,
  textFonts,
  textShape,
} from '../../../../contract/text';
import { dominantColours, logoInk } from '../dominantColours';
import { loadTextFont, textPath } from '../textArt';
import { areaOf, type Placements, type StudioAction, type StudioState } from './studioState';

/**
 * The largest the canvas is drawn. The scene is laid out at this size once; a narrower
 * container zooms it out, so the placement (fractions of the apparel) never changes on a resize.
 */
export const maxCanvasSize = 560;

export interface Scene {
  canvas: Canvas;
  /** The logo on each side: the product's main logo on the front, its copy on the back. */
  logos: Record<Side, FabricImage>;
  area: Rect;
  apparel: Size;
  logoSize: Size;
  /** Scene units per apparel pixel (the canvas's zoom then fits the scene to its container). */
  scale: number;
  /**
   * Each side's text as drawn: its layout (for the clamp while it is dragged) and the layer it
   * was last placed at, which fabric's handlers, bound once, read rather than a stale render's.
   */
  texts: Record<Side, { path: Path; shape: TextShape; layer: TextLayer } | null>;
}

/** Puts a side's logo object where a placement says. */
function drawLogo(scene: Scene, which: Side, next: Placement) {
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

/**
 * The studio's fabric canvas: the apparel, the side's print area outlined, the logo on each side
 * and each side's text. It draws what the state says and reports drags and turns back to it.
 */
export function useStudioScene(
  apparel: BaseApparel,
  logo: DesignLogo,
  state: StudioState,
  dispatch: Dispatch<StudioAction>,
) {
  const translate = useTranslate();
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasHostRef = useRef<HTMLDivElement>(null);
  const sceneRef = useRef<Scene | null>(null);
  const textDraws = useRef<Record<Side, number>>({ front: 0, back: 0 });
  // Read after a font loads, when the side shown may have changed since the text was asked for.
  const sideRef = useRef<Side>(state.side);
  const areaFor = (which: Side) => areaOf(apparel, which);

  /** Shows one side: its print area outlined, its logo (if it has one) the one to move. */
  function show(scene: Scene, which: Side, current: Placements) {
    const shown = areaFor(which);
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
        dispatch({ type: 'loadFailed' });
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
        const next = clampPlacement(fromObject(current.logos[which]), apparelSize, logoSize, areaFor(which));
        drawLogo(current, which, next);
        dispatch({ type: 'place', side: which, placement: next });
      };
      const textSideOf = (target: unknown) => sides.find((which) => current.texts[which]?.path === target);
      /** A dragged or turned text, kept inside its area; a turn that cannot fit is undone. */
      const followText = (which: Side) => {
        const drawn = current.texts[which];
        if (!drawn) return;
        const width = current.apparel.width * current.scale;
        const height = current.apparel.height * current.scale;
        const moved = {
          ...drawn.layer,
          rotation: normaliseRotation(drawn.path.angle ?? 0),
          placement: { x: (drawn.path.left ?? 0) / width, y: (drawn.path.top ?? 0) / height },
        };
        const next = clampText(drawn.shape, moved, areaFor(which)) ?? drawn.layer;
        drawn.path.set({
          left: next.placement.x * width,
          top: next.placement.y * height,
          angle: next.rotation,
        });
        drawn.path.setCoords();
        drawn.layer = next;
        dispatch({ type: 'moveText', side: which, placement: next.placement, rotation: next.rotation });
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
        areaFor('front'),
      );
      drawLogo(current, 'front', start);
      dispatch({
        type: 'loaded',
        placement: start,
        logoColours: dominantColours(logoImage.getElement()),
        logoInk: logoInk(logoImage.getElement(), logoSize),
      });
      show(current, 'front', { front: start, back: null });

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

  /**
   * Draws a side's text from its font's outlines (loaded on first use), moved inside the area
   * when it fits; says what keeps it from printing otherwise. A newer call wins over a slower
   * older one still loading its font.
   */
  async function drawText(which: Side, layer: TextLayer | null) {
    const scene = sceneRef.current;
    if (!scene) return;
    const draw = ++textDraws.current[which];
    const issue = (message: string) => dispatch({ type: 'textIssue', side: which, message });
    const font = layer ? await loadTextFont(layer.font) : null;
    if (draw !== textDraws.current[which] || sceneRef.current !== scene) return;
    const old = scene.texts[which];
    if (old) scene.canvas.remove(old.path);
    scene.texts[which] = null;
    if (!layer || !font || layer.text.trim() === '') {
      dispatch({ type: 'textShape', side: which, shape: null });
      issue(layer ? translate('app.merchandise.text.empty') : '');
      scene.canvas.requestRenderAll();
      return;
    }
    const missing = missingCharacters(font, layer.text);
    const shape = textShape(font, layer.text, layer.size, layer.arc);
    const shown = areaFor(which);
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
    scene.texts[which] = { path, shape, layer: placed };
    if (sideRef.current === which) scene.canvas.setActiveObject(path);
    scene.canvas.requestRenderAll();
    dispatch({ type: 'textShape', side: which, shape });
    dispatch({ type: 'moveText', side: which, placement: placed.placement, rotation: placed.rotation });
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

  const scene = sceneRef.current;
  return {
    frameRef,
    canvasHostRef,
    /** The scene once its images have loaded (the state's first placement re-renders with it). */
    scene,
    /** Places the logo of the side shown (null takes it off the back). */
    place(next: Placement | null) {
      if (!scene) return;
      if (next) drawLogo(scene, state.side, next);
      dispatch({ type: 'place', side: state.side, placement: next });
      show(scene, state.side, { ...state.placements, [state.side]: next });
    },
    /** The one-click placement on the side shown, kept inside its area. */
    startingPlacement: () =>
      scene &&
      clampPlacement(
        defaultPlacement(scene.apparel, scene.logoSize),
        scene.apparel,
        scene.logoSize,
        areaFor(state.side),
      ),
    switchSide(which: Side) {
      sideRef.current = which;
      dispatch({ type: 'showSide', side: which });
      if (scene) show(scene, which, state.placements);
    },
    /** Changes the shown side's text (null removes it) and draws it anew. */
    changeText(next: TextLayer | null) {
      dispatch({ type: 'setText', side: state.side, text: next });
      void drawText(state.side, next);
    },
  };
}

export type StudioScene = ReturnType<typeof useStudioScene>;
