/** Garment sizes, youth to adult, in the order a print shop counts them. */
export const garmentSizes = [
  'YXS',
  'YS',
  'YM',
  'YL',
  'YXL',
  'XS',
  'S',
  'M',
  'L',
  'XL',
  '2XL',
  '3XL',
  '4XL',
] as const;

/** What a garment of the catalogue is made in unless it says otherwise. */
export const defaultGarmentSizes = ['S', 'M', 'L', 'XL', '2XL'] as const;

/** Sizes in the shop's order; one it does not know goes last, alphabetically. */
export const bySize = (a: string, b: string) => {
  const rank = (size: string) => {
    const index = (garmentSizes as readonly string[]).indexOf(size);
    return index < 0 ? garmentSizes.length : index;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
};
