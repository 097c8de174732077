import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import opentype from 'opentype.js';
import { describe, expect, it } from 'vitest';
import { missingCharacters, pathBounds, textFonts, textShape, turnedCommands } from '../../contract/text';

const require = createRequire(import.meta.url);
const fonts = Object.fromEntries(
  Object.entries(textFonts).map(([id, { file }]) => {
    const bytes = readFileSync(require.resolve(file));
    return [id, opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))];
  }),
);

describe('text layout', () => {
  it('sets every bundled font at its size: capitals about three quarters of the em, centred on the ink', () => {
    for (const font of Object.values(fonts)) {
      const shape = textShape(font, 'HI', 2, 0);
      expect(shape.height).toBeGreaterThan(1.2);
      expect(shape.height).toBeLessThan(2);
      const ink = pathBounds(shape.commands);
      expect(ink.left + ink.right).toBeCloseTo(0, 6);
      expect(ink.top + ink.bottom).toBeCloseTo(0, 6);
    }
  });

  it('bends the baseline over the arc: taller and narrower, up or down', () => {
    const font = fonts.graduate;
    const straight = textShape(font, 'LINCOLN LIONS', 1, 0);
    const up = textShape(font, 'LINCOLN LIONS', 1, 120);
    const down = textShape(font, 'LINCOLN LIONS', 1, -120);
    expect(up.height).toBeGreaterThan(straight.height * 2);
    expect(up.width).toBeLessThan(straight.width);
    // Arched down the letters stand inside the circle, their tops drawn together.
    expect(down.height).toBeGreaterThan(straight.height * 2);
    expect(down.width).toBeLessThan(up.width);
    // Arched up, the middle letter stands above the ends; arched down, below.
    const firstY = (shape: typeof up) => shape.commands.find((command) => command.type === 'M')!.y;
    expect(firstY(up)).toBeGreaterThan(firstY(down));
  });

  it('turns the outlines about the centre: a quarter turn swaps width and height', () => {
    const shape = textShape(fonts.oswald, 'GO LIONS', 1, 0);
    const turned = pathBounds(turnedCommands(shape, 90));
    expect(turned.right - turned.left).toBeCloseTo(shape.height, 3);
    expect(turned.bottom - turned.top).toBeCloseTo(shape.width, 3);
  });

  it('names the characters a font cannot draw', () => {
    expect(missingCharacters(fonts.pacifico, 'Año ★ ☃ ★')).toEqual(['★', '☃']);
  });
});
