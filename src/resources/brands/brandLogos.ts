/**
 * Brand marks drawn as styled monograms: trademarked artwork is not ours to ship, and a
 * monogram in the brand's colours is recognisable in a table row. Slugs are the seeded ones.
 */
export interface BrandMark {
  letters: string;
  background: string;
  color: string;
}

export const brandMarks: Record<string, BrandMark> = {
  adidas: { letters: 'a', background: '#000000', color: '#ffffff' },
  augusta_sportswear: { letters: 'AS', background: '#002f6c', color: '#ffffff' },
  badger: { letters: 'B', background: '#c8102e', color: '#ffffff' },
  bella_canvas: { letters: 'B+C', background: '#ffffff', color: '#000000' },
  champion: { letters: 'C', background: '#1d3c87', color: '#e4002b' },
  comfort_colors: { letters: 'CC', background: '#e9dcc9', color: '#5b3a29' },
  district: { letters: 'D', background: '#2b2b2b', color: '#f2c14e' },
  gildan: { letters: 'G', background: '#003087', color: '#ffffff' },
  hanes: { letters: 'H', background: '#e31837', color: '#ffffff' },
  holloway: { letters: 'HW', background: '#0c2340', color: '#a2aaad' },
  jerzees: { letters: 'J', background: '#00205b', color: '#ffffff' },
  new_era: { letters: 'NE', background: '#000000', color: '#ffffff' },
  next_level: { letters: 'NL', background: '#231f20', color: '#ffffff' },
  nike: { letters: 'N', background: '#111111', color: '#ffffff' },
  port_authority: { letters: 'PA', background: '#1f3a5f', color: '#ffffff' },
  richardson: { letters: 'R', background: '#8b0000', color: '#ffffff' },
  russell_athletic: { letters: 'RA', background: '#c8102e', color: '#ffffff' },
  sport_tek: { letters: 'ST', background: '#005eb8', color: '#ffffff' },
  under_armour: { letters: 'UA', background: '#1d1d1d', color: '#ffffff' },
};

export const brandMarkOf = (slug: string | null | undefined): BrandMark | undefined =>
  slug ? brandMarks[slug] : undefined;
