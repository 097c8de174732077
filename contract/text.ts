/**
 * Text layers: one layout for the studio (fabric) and the server's print render (sharp), both
 * drawing the glyph outlines opentype.js reads from the same @fontsource font files, so the
 * letters, their bounds and the server's inside-the-area check agree.
 *
 * Lengths are in inches on the garment: a text's `size` is its font size (the em, as a word
 * processor's point size: 72 pt is 1 inch), its outline's `width` the ink beyond the letters'
 * edge. Only types come from opentype.js here, so the contract stays light for every page.
 */
import type { Font, PathCommand } from 'opentype.js';
import type { LogoLayer, PrintableArea, PrintArea, Side } from './composition';

/** The four bundled fonts: each the @fontsource package's latin woff, which both sides load. */
export const textFonts = {
  graduate: { family: 'Graduate', file: '@fontsource/graduate/files/graduate-latin-400-normal.woff' },
  'bebas-neue': {
    family: 'Bebas Neue',
    file: '@fontsource/bebas-neue/files/bebas-neue-latin-400-normal.woff',
  },
  oswald: { family: 'Oswald', file: '@fontsource/oswald/files/oswald-latin-700-normal.woff' },
  pacifico: { family: 'Pacifico', file: '@fontsource/pacifico/files/pacifico-latin-400-normal.woff' },
} as const;
export type TextFont = keyof typeof textFonts;
export const textFontIds = Object.keys(textFonts) as [TextFont, ...TextFont[]];

export const maxTextLength = 40;
/** Font sizes in inches: a quarter inch is the smallest a screen print holds; 12 fills a back. */
export const textSizeInches = { min: 0.25, max: 12, initial: 2 } as const;
export const maxOutlineInches = 0.5;
/** The most a baseline bends: the letters spread over this many degrees of a circle. */
export const maxArcDegrees = 180;

interface TextOutline {
  colour: string;
  width: number;
}

/**
 * Text on one side. `placement` is the centre of the letters' ink, in fractions of the garment
 * image like a logo's; `rotation` turns it clockwise about that centre; `arc` bends the
 * baseline over that many degrees of a circle (positive arches up, as on a varsity back; 0 is
 * straight).
 */
export interface TextLayer {
  kind: 'text';
  side: Side;
  text: string;
  font: TextFont;
  colour: string;
  outline?: TextOutline;
  size: number;
  rotation: number;
  arc: number;
  placement: { x: number; y: number };
}

/** Any artwork beyond the product's main front logo. */
export type Layer = LogoLayer | TextLayer;

/** How a failure names its layer: "Layer 2 (text on the back)". */
export const layerMessage = (index: number, layer: { kind: string; side: string }, message: string) =>
  `Layer ${index + 1} (${layer.kind} on the ${layer.side}): ${message}`;

/** The letters as outlines in inches, centred on their ink, before rotation. */
export interface TextShape {
  commands: PathCommand[];
  width: number;
  height: number;
}

type Point = { x: number; y: number };

const mapPoints = (commands: PathCommand[], move: (point: Point) => Point): PathCommand[] =>
  commands.map((command) => {
    if (command.type === 'Z') return command;
    const moved = { ...command, ...move(command) };
    if (command.type === 'Q' || command.type === 'C')
      Object.assign(moved, rename(move({ x: command.x1, y: command.y1 }), 1));
    if (command.type === 'C') Object.assign(moved, rename(move({ x: command.x2, y: command.y2 }), 2));
    return moved;
  });

const rename = (point: Point, index: 1 | 2) => ({ [`x${index}`]: point.x, [`y${index}`]: point.y });

const turn = (degrees: number) => {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  // Clockwise with y pointing down, as fabric's angle and sharp's rotate turn.
  return (point: Point) => ({ x: point.x * cos - point.y * sin, y: point.x * sin + point.y * cos });
};

/** Points on each segment, curves sampled: a glyph's extremes within a thousandth of its size. */
const curveSteps = 32;

/** The upright rectangle around the outlines, curves included. */
export function pathBounds(commands: PathCommand[]) {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  const add = (x: number, y: number) => {
    left = Math.min(left, x);
    right = Math.max(right, x);
    top = Math.min(top, y);
    bottom = Math.max(bottom, y);
  };
  let from: Point = { x: 0, y: 0 };
  for (const command of commands) {
    if (command.type === 'Z') continue;
    for (let step = 1; command.type !== 'M' && command.type !== 'L' && step < curveSteps; step += 1) {
      const t = step / curveSteps;
      const u = 1 - t;
      if (command.type === 'Q')
        add(
          u * u * from.x + 2 * u * t * command.x1 + t * t * command.x,
          u * u * from.y + 2 * u * t * command.y1 + t * t * command.y,
        );
      else
        add(
          u ** 3 * from.x + 3 * u * u * t * command.x1 + 3 * u * t * t * command.x2 + t ** 3 * command.x,
          u ** 3 * from.y + 3 * u * u * t * command.y1 + 3 * u * t * t * command.y2 + t ** 3 * command.y,
        );
    }
    add(command.x, command.y);
    from = command;
  }
  return left === Infinity ? { left: 0, top: 0, right: 0, bottom: 0 } : { left, top, right, bottom };
}

/** Characters the font cannot draw (it would print its empty box instead). */
export function missingCharacters(font: Font, text: string) {
  return [...new Set([...text].filter((character) => font.charToGlyph(character).index === 0))];
}

/**
 * The letters laid out in inches: advance widths and kerning from the font, each glyph set on
 * the baseline, or on an arc of a circle turned to follow it, then centred on the ink.
 */
export function textShape(font: Font, text: string, size: number, arc: number): TextShape {
  const scale = size / font.unitsPerEm;
  const glyphs = font.stringToGlyphs(text);
  const advances = glyphs.map(
    (glyph, index) =>
      (glyph.advanceWidth ?? 0) * scale +
      (index < glyphs.length - 1 ? font.getKerningValue(glyph, glyphs[index + 1]) * scale : 0),
  );
  const total = advances.reduce((sum, advance) => sum + advance, 0);
  // Signed: a negative radius bends the ends up instead of down.
  const radius = arc === 0 || total === 0 ? null : total / ((arc * Math.PI) / 180);
  const commands: PathCommand[] = [];
  let start = 0;
  for (const [index, glyph] of glyphs.entries()) {
    const middle = start + advances[index] / 2 - total / 2;
    const own = glyph.getPath(-advances[index] / 2, 0, size).commands;
    if (radius === null) {
      commands.push(...mapPoints(own, (point) => ({ x: point.x + middle, y: point.y })));
    } else {
      const angle = middle / radius;
      const along = turn((angle * 180) / Math.PI);
      const origin = { x: radius * Math.sin(angle), y: radius * (1 - Math.cos(angle)) };
      commands.push(
        ...mapPoints(own, (point) => {
          const turned = along(point);
          return { x: turned.x + origin.x, y: turned.y + origin.y };
        }),
      );
    }
    start += advances[index];
  }
  const ink = pathBounds(commands);
  const centre = { x: (ink.left + ink.right) / 2, y: (ink.top + ink.bottom) / 2 };
  return {
    commands: mapPoints(commands, (point) => ({ x: point.x - centre.x, y: point.y - centre.y })),
    width: ink.right - ink.left,
    height: ink.bottom - ink.top,
  };
}

/** The outlines turned by the layer's rotation, still about the centre, in inches. */
export const turnedCommands = (shape: TextShape, rotation: number) =>
  mapPoints(shape.commands, turn(rotation));

/**
 * The inked rectangle of a placed text, outline included, in fractions of the garment image.
 * Inches become image fractions through the area: its width in the image is `widthInches`
 * long on the garment. A round-joined outline adds exactly its width on every side.
 */
export function textBounds(
  shape: TextShape,
  layer: Pick<TextLayer, 'rotation' | 'outline' | 'placement'>,
  area: PrintArea,
) {
  const ink = pathBounds(turnedCommands(shape, layer.rotation));
  const outline = layer.outline?.width ?? 0;
  const across = area.width / area.widthInches;
  const down = area.height / area.heightInches;
  return {
    left: layer.placement.x + (ink.left - outline) * across,
    right: layer.placement.x + (ink.right + outline) * across,
    top: layer.placement.y + (ink.top - outline) * down,
    bottom: layer.placement.y + (ink.bottom + outline) * down,
  };
}

/** What the server forgives at the area's edge: rounding, not a real overflow. */
const edgeTolerance = 1e-4;

export function textInside(bounds: ReturnType<typeof textBounds>, area: PrintableArea) {
  return (
    bounds.left >= area.left - edgeTolerance &&
    bounds.top >= area.top - edgeTolerance &&
    bounds.right <= area.left + area.width + edgeTolerance &&
    bounds.bottom <= area.top + area.height + edgeTolerance
  );
}

/**
 * The studio's clamp: the text moved the least so its ink lies inside the area, or null when
 * it is too large to fit anywhere (the studio says so rather than shrinking what was typed).
 */
export function clampText<T extends Pick<TextLayer, 'rotation' | 'outline' | 'placement'>>(
  shape: TextShape,
  layer: T,
  area: PrintArea,
): T | null {
  const bounds = textBounds(shape, layer, area);
  if (bounds.right - bounds.left > area.width || bounds.bottom - bounds.top > area.height) return null;
  const shift = (low: number, high: number, start: number, end: number) =>
    Math.max(0, start - low) + Math.min(0, end - high);
  return {
    ...layer,
    placement: {
      x: layer.placement.x + shift(bounds.left, bounds.right, area.left, area.left + area.width),
      y: layer.placement.y + shift(bounds.top, bounds.bottom, area.top, area.top + area.height),
    },
  };
}

/** SVG path data of outlines, scaled (inches to pixels) and moved; fabric and librsvg read it alike. */
export function svgPathData(commands: PathCommand[], scale = 1, dx = 0, dy = 0) {
  const n = (value: number, offset: number) => +(value * scale + offset).toFixed(3);
  return commands
    .map((command) => {
      switch (command.type) {
        case 'M':
        case 'L':
          return `${command.type}${n(command.x, dx)} ${n(command.y, dy)}`;
        case 'Q':
          return `Q${n(command.x1, dx)} ${n(command.y1, dy)} ${n(command.x, dx)} ${n(command.y, dy)}`;
        case 'C':
          return `C${n(command.x1, dx)} ${n(command.y1, dy)} ${n(command.x2, dx)} ${n(command.y2, dy)} ${n(command.x, dx)} ${n(command.y, dy)}`;
        default:
          return 'Z';
      }
    })
    .join('');
}
