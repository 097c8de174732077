import { logoPlacement } from '../../lib/composition';

export interface CompositionSources {
  apparelUrl: string;
  logoUrl: string;
}

/**
 * Draws the logo on the apparel image with fabric (loaded here, on first use, so only the
 * create page pays for it) and exports a png the size of the apparel image. An image that
 * does not load is logged only, as the spec asks, and the answer is null.
 */
export async function composeProductImage({ apparelUrl, logoUrl }: CompositionSources): Promise<Blob | null> {
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
  let placement;
  try {
    placement = logoPlacement(
      { width: apparel.width, height: apparel.height },
      { width: logo.width, height: logo.height },
    );
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
    logo.set({
      left: placement.left,
      top: placement.top,
      originX: 'left',
      originY: 'top',
      scaleX: placement.scale,
      scaleY: placement.scale,
    });
    canvas.add(apparel, logo);
    canvas.renderAll();
    return await canvas.toBlob({ format: 'png', multiplier: 1, enableRetinaScaling: false });
  } finally {
    await canvas.dispose();
  }
}
