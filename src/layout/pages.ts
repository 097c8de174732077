/** The admin's own pages (no resource's), by their path under /admin: their names' keys in the catalogue. */
export const pageLabels: Record<string, string> = {
  dashboard: 'app.layout.dashboard',
  'design-logos': 'app.layout.designLogos',
  merchandise: 'app.layout.merchandise',
  'base-apparel': 'app.layout.baseApparel',
  reviews: 'app.layout.reviews',
};
