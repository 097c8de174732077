import { compositeFabric, fabricMaps, type FabricMaps } from '../../../contract/fabric';
import { logoBox, type Placement, type PrintArea, type Size } from '../../../contract/composition';
import type { TextLayer } from '../../../contract/text';
import { addArtwork } from './compose';

/**
 * Decoded as stored: no colour management and no premultiplying, so a map's bytes reach the
 * compositing as the server read them.
 */
const exactly: ImageBitmapOptions = { colorSpaceConversion: 'none', premultiplyAlpha: 'none' };

async function fetchImage(url: string, signal?: AbortSignal) {
  const response = await fetch(url, { credentials: 'same-origin', signal });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return createImageBitmap(await response.blob(), exactly);
}

/** An image's RGBA pixels at `size` (a picture of another size is scaled to it, as drawn). */
function pixelsOf(image: CanvasImageSource, size: Size) {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('No 2D canvas to read an image with');
  context.drawImage(image, 0, 0, size.width, size.height);
  return context.getImageData(0, 0, size.width, size.height);
}

// A garment's maps and a colour's picture depend on nothing the director edits: fetched once.
const mapsOf = new Map<number, Promise<FabricMaps>>();
const garments = new Map<string, Promise<ImageData>>();
const logos = new Map<string, Promise<HTMLImageElement>>();

function remembered<K, V>(cache: Map<K, Promise<V>>, key: K, load: () => Promise<V>) {
  let value = cache.get(key);
  if (!value) {
    value = load();
    // A failure may be tried again.
    value.catch(() => cache.delete(key));
    cache.set(key, value);
  }
  return value;
}

/** The garment's shading as the product pictures use it, and the displacement derived from it. */
const garmentMaps = (apparelId: number) =>
  remembered(mapsOf, apparelId, async () => {
    const png = await fetchImage(`/api/merchandise/base-apparel/${apparelId}/fabric-shading`);
    const size = { width: png.width, height: png.height };
    const grey = pixelsOf(png, size).data;
    const shading = new Uint8Array(size.width * size.height);
    for (let at = 0; at < shading.length; at += 1) shading[at] = grey[at * 4];
    return fabricMaps(shading, size.width, size.height);
  });

const logoImage = (url: string) =>
  remembered(
    logos,
    url,
    () =>
      new Promise<HTMLImageElement>((resolve, reject) => {
        const image = new Image();
        image.onload = () => resolve(image);
        image.onerror = () => reject(new Error(`The logo ${url} did not load`));
        image.src = url;
      }),
  );

export interface FabricDesign {
  apparelId: number;
  /** The garment colour's picture, as the product's picture in that colour starts from. */
  garmentUrl: string;
  logoUrl: string;
  /** The front's logo, in fractions of the garment picture. */
  placement: Placement;
  text: TextLayer | null;
  printableArea: PrintArea;
}

/**
 * The front design on the garment as the product picture will show it: the artwork flattened
 * on a transparent canvas the size of the garment's maps, then bent, laid over the colour's
 * picture and shaded by the server's own function (contract/fabric.ts).
 */
export async function drawFabricPreview(design: FabricDesign): Promise<ImageData> {
  const [maps, logo] = await Promise.all([garmentMaps(design.apparelId), logoImage(design.logoUrl)]);
  const size = { width: maps.width, height: maps.height };
  const garment = await remembered(garments, `${design.garmentUrl} ${size.width}x${size.height}`, async () =>
    pixelsOf(await fetchImage(design.garmentUrl), size),
  );
  const { FabricImage, StaticCanvas } = await import('fabric');
  const canvas = new StaticCanvas(undefined, {
    ...size,
    enableRetinaScaling: false,
    renderOnAddRemove: false,
  });
  try {
    const image = new FabricImage(logo);
    await addArtwork(canvas, {
      logo: image,
      box: logoBox(design.placement, size, { width: image.width, height: image.height }),
      texts: design.text && design.text.text.trim() !== '' ? [design.text] : [],
      printableArea: design.printableArea,
      apparelSize: size,
    });
    canvas.renderAll();
    const art = canvas.getContext().getImageData(0, 0, size.width, size.height);
    const out = new ImageData(size.width, size.height);
    compositeFabric(garment.data, art.data, maps, out.data);
    return out;
  } finally {
    await canvas.dispose();
  }
}
