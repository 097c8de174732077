import type { FabricImage, StaticCanvas } from 'fabric';
import {
  clampPlacement,
  defaultPlacement,
  logoBox,
  type LogoBox,
  type Placement,
  type PrintArea,
  type Size,
} from '../../../contract/composition';
import { type TextLayer, textShape } from '../../../contract/text';
import { loadTextFont, textPath } from './textArt';

export interface CompositionSources {
  apparelUrl: string;
  logoUrl: string;
  printableArea: PrintArea;
  /** Where the studio put the logo; the one-click placement without it. */
  placement?: Placement;
  /** The studio's texts on the front, drawn over the logo as the print file has them. */
  texts?: TextLayer[];
}

export interface Composition {
  image: Blob;
  placement: Placement;
}

/**
 * Draws the logo on the apparel image with fabric (loaded here, on first use, so only the
 * create page pays for it) and exports a png the size of the apparel image. An image that
 * does not load is logged only, as the spec asks, and the answer is null.
 */
export async function composeProductImage({
  apparelUrl,
  logoUrl,
  printableArea,
  placement: chosen,
  texts = [],
}: CompositionSources): Promise<Composition | null> {
  const { FabricImage, StaticCanvas } = await import('fabric');
  let apparel: InstanceType<typeof FabricImage>;
  let logo: InstanceType<typeof FabricImage>;
  try {
    [apparel, logo] = await Promise.all([
      FabricImage.fromURL(apparelUrl, { crossOrigin: 'anonymous' }),
      FabricImage.fromURL(logoUrl, { crossOrigin: 'anonymous' }),
    ]);
  } catch (error) {
    console.error('An image could not be loaded for the composition', error);
    return null;
  }
  const apparelSize = { width: apparel.width, height: apparel.height };
  const logoSize = { width: logo.width, height: logo.height };
  let placement: Placement;
  let box;
  try {
    placement = clampPlacement(
      chosen ?? defaultPlacement(apparelSize, logoSize),
      apparelSize,
      logoSize,
      printableArea,
    );
    box = logoBox(placement, apparelSize, logoSize);
  } catch (error) {
    console.error('An image loaded without a size for the composition', error);
    return null;
  }
  const canvas = new StaticCanvas(undefined, {
    width: apparel.width,
    height: apparel.height,
    enableRetinaScaling: false,
    renderOnAddRemove: false,
  });
  try {
    // fabric 7 positions objects by their centre unless told otherwise.
    apparel.set({ left: 0, top: 0, originX: 'left', originY: 'top' });
    canvas.add(apparel);
    await addArtwork(canvas, { logo, box, texts, printableArea, apparelSize });
    canvas.renderAll();
    const image = await canvas.toBlob({ format: 'png', multiplier: 1, enableRetinaScaling: false });
    return image ? { image, placement } : null;
  } finally {
    await canvas.dispose();
  }
}

interface Artwork {
  logo: FabricImage;
  box: LogoBox;
  /** The front's texts, drawn over the logo as the print file has them. */
  texts: TextLayer[];
  printableArea: PrintArea;
  apparelSize: Size;
}

/** The logo at its box and each text at its placement, on a canvas the apparel image's size. */
export async function addArtwork(
  canvas: StaticCanvas,
  { logo, box, texts, printableArea, apparelSize }: Artwork,
) {
  logo.set({
    left: box.centreX,
    top: box.centreY,
    originX: 'center',
    originY: 'center',
    scaleX: box.scale,
    scaleY: box.scale,
    angle: box.rotation,
  });
  canvas.add(logo);
  // Inches become image pixels through the area: its width in the image is `widthInches` long.
  const pixelsPerInch = (printableArea.width * apparelSize.width) / printableArea.widthInches;
  for (const text of texts) {
    const shape = textShape(await loadTextFont(text.font), text.text, text.size, text.arc);
    canvas.add(
      await textPath(text, shape, pixelsPerInch, {
        x: text.placement.x * apparelSize.width,
        y: text.placement.y * apparelSize.height,
      }),
    );
  }
}
