/** Blob key prefixes whose files anyone may fetch: they are what shoppers see. */
export const publicMediaPrefixes = [
  'base-apparel',
  'merchandise-images',
  'merchandise-thumbnails',
  'storefront-uploads',
];

/** The portal's own URL of a public blob. */
export const mediaUrl = (key: string) => `/api/merchandise/media/${key}`;
