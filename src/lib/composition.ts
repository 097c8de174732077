/** Where the logo goes on a base apparel image (spec section 9), in apparel pixels. */
export interface LogoPlacement {
  left: number;
  top: number;
  width: number;
  height: number;
  /** The factor the logo image is scaled by, the same on both axes. */
  scale: number;
}

/** Share of the apparel width the logo takes. */
export const logoWidthShare = 1 / 4;
/** Share of the apparel height above the logo's top edge. */
export const logoTopShare = 1 / 3;

const positive = (value: number, name: string) => {
  if (!Number.isFinite(value) || value <= 0)
    throw new RangeError(`${name} must be a positive number, got ${value}`);
};

/**
 * The logo is drawn at a quarter of the apparel width, horizontally centred, its top one
 * third of the way down, keeping its aspect ratio.
 */
export function logoPlacement(
  apparel: { width: number; height: number },
  logo: { width: number; height: number },
): LogoPlacement {
  positive(apparel.width, 'apparel width');
  positive(apparel.height, 'apparel height');
  positive(logo.width, 'logo width');
  positive(logo.height, 'logo height');
  const width = apparel.width * logoWidthShare;
  const scale = width / logo.width;
  return {
    left: (apparel.width - width) / 2,
    top: apparel.height * logoTopShare,
    width,
    height: logo.height * scale,
    scale,
  };
}
