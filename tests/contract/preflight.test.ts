import { describe, expect, it } from 'vitest';
import type { PrintAreas } from '../../contract/composition';
import {
  contrastRatio,
  logoArtwork,
  preflight,
  preflightFailure,
  type PreflightArtwork,
  type PreflightInput,
  quantiseColours,
  textArtwork,
} from '../../contract/preflight';
import type { TextLayer } from '../../contract/text';

/** A tee: its front area 12 x 15 inches over 0.4 x 0.5 of a 1000 x 1000 px image. */
const areas: PrintAreas = {
  front: { left: 0.3, top: 0.2, width: 0.4, height: 0.5, widthInches: 12, heightInches: 15 },
  back: null,
};
const apparel = { width: 1000, height: 1000 };
const white = { name: 'White', hex: '#ffffff' };
const navy = { name: 'Navy', hex: '#1f2a44' };

/** A flat red and blue vector crest in the middle of the front: nothing to say about it but its colours. */
const crest = (extra: Partial<PreflightArtwork> = {}): PreflightArtwork => ({
  ...logoArtwork(
    'PlacementWidth',
    'front',
    { x: 0.5, y: 0.45, width: 0.2, rotation: 0 },
    { apparel, logo: { width: 1000, height: 1000 } },
    areas.front,
    { vector: true, colours: ['#c8102e', '#003da5'], gradient: false },
  ),
  ...extra,
});
const run = (artwork: PreflightArtwork[], garments = [white]) =>
  preflight({ areas, garments, artwork } satisfies PreflightInput);
const rulesOf = (result: ReturnType<typeof preflight>, severity: string) =>
  result.issues.filter((issue) => issue.severity === severity).map((issue) => issue.rule);

describe('preflight', () => {
  it('passes a sharp two-colour crest inside the safe zone on a white tee, advising screen printing', () => {
    const result = run([crest()]);
    expect(result.passes).toBe(true);
    expect(rulesOf(result, 'error')).toEqual([]);
    expect(rulesOf(result, 'warning')).toEqual([]);
    expect(result.sides).toEqual([
      {
        side: 'front',
        colours: ['#c8102e', '#003da5'],
        gradient: false,
        underbaseOn: [],
        screenColours: 2,
        method: 'screen',
      },
    ]);
    expect(result.issues).toEqual([
      expect.objectContaining({
        rule: 'colours',
        severity: 'note',
        message: '2 colours and no gradients: fits screen printing',
      }),
    ]);
  });

  it('refuses a logo under 150 DPI at its printed size and warns under 300', () => {
    // 3 inches square (0.1 of the image, where 0.4 of it is 12 inches): 300 px is 100 DPI.
    const placement = { x: 0.5, y: 0.45, width: 0.1, rotation: 0 };
    const raster = (pixels: number) =>
      logoArtwork(
        'PlacementWidth',
        'front',
        placement,
        { apparel, logo: { width: pixels, height: pixels } },
        areas.front,
        {
          vector: false,
          colours: ['#c8102e'],
          gradient: false,
        },
      );
    const blocky = run([raster(300)]);
    expect(blocky.passes).toBe(false);
    expect(blocky.issues[0]).toMatchObject({
      rule: 'resolution',
      severity: 'error',
      field: 'PlacementWidth',
      values: { dpi: 100 },
    });
    expect(preflightFailure(blocky.issues[0])).toBe(
      'Preflight (resolution): Prints at 100 DPI; a print needs at least 150',
    );
    const soft = run([raster(600)]);
    expect(soft.passes).toBe(true);
    expect(soft.issues[0]).toMatchObject({ rule: 'resolution', severity: 'warning', values: { dpi: 200 } });
    expect(rulesOf(run([raster(900)]), 'warning')).toEqual([]);
  });

  it('refuses artwork outside the print area, or on a side without one', () => {
    const over = run([crest({ bounds: { left: 0.25, top: 0.3, right: 0.45, bottom: 0.5 } })]);
    expect(over.passes).toBe(false);
    expect(over.issues[0]).toMatchObject({
      rule: 'printArea',
      severity: 'error',
      message: 'It lies outside the front print area',
    });
    expect(rulesOf(run([crest({ side: 'back' })]), 'error')).toEqual(['printArea']);
  });

  it('warns of artwork inside the area but within a quarter inch of its edge', () => {
    // A quarter inch is 0.25 / 12 * 0.4 = 0.0083 of the image across.
    const edge = run([crest({ bounds: { left: 0.305, top: 0.3, right: 0.5, bottom: 0.5 } })]);
    expect(edge.passes).toBe(true);
    expect(rulesOf(edge, 'warning')).toEqual(['safeZone']);
    expect(
      rulesOf(run([crest({ bounds: { left: 0.31, top: 0.3, right: 0.5, bottom: 0.5 } })]), 'warning'),
    ).toEqual([]);
  });

  it('counts spot colours, and advises direct-to-garment past four or with a gradient', () => {
    const five = run([crest({ colours: ['#c8102e', '#003da5', '#ffd100', '#00843d', '#000000'] })]);
    expect(five.sides[0]).toMatchObject({ screenColours: 5, method: 'dtg' });
    expect(five.issues.find((issue) => issue.rule === 'colours')?.message).toBe(
      '5 colours or a gradient: print direct-to-garment (screen printing takes at most 4 flat colours)',
    );
    expect(run([crest({ gradient: true })]).sides[0].method).toBe('dtg');
    // Two pieces sharing a colour take one screen for it.
    const shared = run([crest(), crest({ field: 'Layers[0]', colours: ['#c8102e'] })]);
    expect(shared.sides[0].screenColours).toBe(2);
  });

  it('says a dark garment takes a white underbase, counted as a colour', () => {
    const result = run([crest({ colours: ['#c8102e', '#003da5', '#ffd100', '#ffffff'] })], [white, navy]);
    expect(result.sides[0]).toMatchObject({ underbaseOn: ['Navy'], screenColours: 5, method: 'dtg' });
    expect(result.issues).toContainEqual(
      expect.objectContaining({ rule: 'underbase', severity: 'note', values: { garments: 'Navy' } }),
    );
    expect(run([crest()], [white]).sides[0].underbaseOn).toEqual([]);
  });

  it('warns of text under 7 pt and lines under 0.5 pt at print size', () => {
    const layer: TextLayer = {
      kind: 'text',
      side: 'front',
      text: 'Go',
      font: 'oswald',
      colour: '#000000',
      outline: { colour: '#c8102e', width: 0.005 },
      size: 0.09,
      rotation: 0,
      arc: 0,
      placement: { x: 0.5, y: 0.45 },
    };
    const shape = {
      commands: [
        { type: 'M' as const, x: -0.1, y: -0.05 },
        { type: 'L' as const, x: 0.1, y: 0.05 },
      ],
      width: 0.2,
      height: 0.1,
    };
    const small = run([textArtwork('Layers[0]', layer, shape, areas.front)]);
    expect(small.issues.filter((issue) => issue.severity === 'warning')).toEqual([
      expect.objectContaining({ rule: 'textSize', values: { points: 6.5 } }),
      expect.objectContaining({ rule: 'lineWidth', values: { points: 0.4 } }),
    ]);
    const fine = textArtwork(
      'Layers[0]',
      { ...layer, size: 0.1, outline: { colour: '#c8102e', width: 0.01 } },
      shape,
      areas.front,
    );
    expect(rulesOf(run([fine]), 'warning')).toEqual([]);
  });

  it('warns where no colour of a piece contrasts 3:1 with a garment colour', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21);
    const navyOnNavy = run([crest({ colours: ['#22304a', '#003da5'] })], [white, navy]);
    expect(navyOnNavy.issues.filter((issue) => issue.severity === 'warning')).toEqual([
      expect.objectContaining({ rule: 'contrast', values: { garment: 'Navy', ratio: expect.any(Number) } }),
    ]);
    // A gold outline keeps it standing out.
    expect(rulesOf(run([crest({ colours: ['#22304a', '#ffd100'] })], [navy]), 'warning')).toEqual([]);
  });
});

describe('quantiseColours', () => {
  const pixels = (colours: [number, number, number, number][], each = 100) =>
    Uint8Array.from(colours.flatMap((colour) => Array.from({ length: each }, () => colour).flat()));

  it('finds the flat colours of a design, largest first, ignoring transparent pixels and edge shades', () => {
    const image = pixels([
      [200, 16, 46, 255],
      [200, 16, 46, 255],
      [0, 61, 165, 255],
      [0, 0, 0, 0],
    ]);
    const edge = pixels([[120, 40, 100, 255]], 1);
    expect(quantiseColours(Uint8Array.from([...image, ...edge]))).toEqual({
      colours: ['#c8102e', '#003da5'],
      gradient: false,
    });
  });

  it('calls a ramp of shades a gradient', () => {
    const ramp = Array.from(
      { length: 256 },
      (_, at) => [at, at, at, 255] as [number, number, number, number],
    );
    expect(quantiseColours(pixels(ramp, 4)).gradient).toBe(true);
  });
});
