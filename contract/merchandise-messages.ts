import { minPrintDpi, recommendedPrintDpi } from './composition';

/*
 * The merchandise messages the server sends and the app translates, apart from the schemas in
 * `merchandise.ts`: the English catalogue imports these, and every page (the sign-in page first)
 * loads that catalogue, which would otherwise bring zod and every merchandise schema with it.
 */

export const apparelColourExists = (name: string) => `This apparel already comes in ${name}`;

/** A purge refused (on `ids`) because orders refer to the product. */
export const productHasOrdersMessage = (title: string) =>
  `${title} has orders, so it stays in the trash for them and cannot be deleted forever`;

/** Shown while placing and as the server's 400; `dpi` is a number, or a placeholder for i18n. */
export const printDpiWarning = (dpi: number | string) =>
  `Prints at ${dpi} DPI; ${recommendedPrintDpi} or more recommended`;
export const printDpiTooLow = (dpi: number | string) =>
  `Prints at ${dpi} DPI; a print needs at least ${minPrintDpi}`;

export const combinationExistsMessage = 'Merchandise featuring this combination already exists';
