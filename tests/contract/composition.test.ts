import { describe, expect, it } from 'vitest';
import {
  boundingBox,
  clampPlacement,
  defaultPlacement,
  logoBox,
  marginPerItem,
  normaliseRotation,
  nudgePlacement,
  placementProblems,
  priceBelowBase,
  resizePlacement,
  rotatePlacement,
} from '../../contract/composition';

const square = { width: 1200, height: 1200 };
const area = { left: 0.3, top: 0.2, width: 0.4, height: 0.55 };

describe('the one-click placement', () => {
  it('draws the logo at a quarter of the apparel width, centred, its top one third down', () => {
    const placement = defaultPlacement(square, { width: 600, height: 600 });
    expect(placement).toEqual({ x: 0.5, y: 0.458333, width: 0.25, rotation: 0 });
    const box = logoBox(placement, square, { width: 600, height: 600 });
    expect(box.width).toBe(300);
    expect(box.centreX - box.width / 2).toBe(450);
    expect(box.centreY - box.height / 2).toBeCloseTo(400, 2);
    expect(box.scale).toBe(0.5);
  });

  it('keeps the logo’s aspect ratio on any apparel shape', () => {
    const apparel = { width: 2000, height: 2400 };
    const logo = { width: 400, height: 100 };
    const box = logoBox(defaultPlacement(apparel, logo), apparel, logo);
    expect(box.width).toBe(500);
    expect(box.height).toBe(125);
    expect(box.centreY - box.height / 2).toBeCloseTo(800, 2);
    expect(box.centreX - box.width / 2).toBe(750);
  });

  it('scales a small logo up as much as a large one down', () => {
    const apparel = { width: 1000, height: 1000 };
    expect(
      logoBox(defaultPlacement(apparel, { width: 50, height: 25 }), apparel, { width: 50, height: 25 }).scale,
    ).toBe(5);
    expect(
      logoBox(defaultPlacement(apparel, { width: 5000, height: 5000 }), apparel, {
        width: 5000,
        height: 5000,
      }).scale,
    ).toBe(0.05);
  });

  it('refuses images without a size', () => {
    expect(() => defaultPlacement({ width: 0, height: 100 }, { width: 10, height: 10 })).toThrow(RangeError);
    expect(() => defaultPlacement({ width: 100, height: 100 }, { width: 10, height: Number.NaN })).toThrow(
      RangeError,
    );
  });

  it('lies inside every seeded printable area for a square logo', () => {
    const placement = defaultPlacement(square, { width: 100, height: 100 });
    expect(placementProblems(placement, square, { width: 100, height: 100 }, area)).toEqual([]);
  });
});

describe('rotation', () => {
  it('normalises turns to (-180, 180]', () => {
    expect(normaliseRotation(0)).toBe(0);
    expect(normaliseRotation(360)).toBe(0);
    expect(normaliseRotation(270)).toBe(-90);
    expect(normaliseRotation(-180)).toBe(180);
    expect(normaliseRotation(-450)).toBe(-90);
  });

  it('a quarter turn swaps the bounding box’s width and height', () => {
    const logo = { width: 200, height: 100 };
    const upright = boundingBox({ x: 0.5, y: 0.5, width: 0.2, rotation: 0 }, square, logo);
    const turned = boundingBox({ x: 0.5, y: 0.5, width: 0.2, rotation: 90 }, square, logo);
    expect(upright.right - upright.left).toBeCloseTo(0.2, 9);
    expect(upright.bottom - upright.top).toBeCloseTo(0.1, 9);
    expect(turned.right - turned.left).toBeCloseTo(0.1, 9);
    expect(turned.bottom - turned.top).toBeCloseTo(0.2, 9);
  });

  it('an eighth turn of a square widens its box by the square root of two', () => {
    const box = boundingBox({ x: 0.5, y: 0.5, width: 0.2, rotation: 45 }, square, { width: 1, height: 1 });
    expect(box.right - box.left).toBeCloseTo(0.2 * Math.SQRT2, 9);
  });

  it('rotating near the edge shrinks the logo rather than letting a corner out', () => {
    const logo = { width: 100, height: 100 };
    const full = { x: 0.5, y: 0.475, width: 0.4, rotation: 0 };
    const turned = rotatePlacement(full, 45, square, logo, area);
    expect(turned.rotation).toBe(45);
    expect(turned.width).toBeCloseTo(0.4 / Math.SQRT2, 5);
    expect(placementProblems(turned, square, logo, area)).toEqual([]);
  });
});

describe('clamping to the printable area', () => {
  const logo = { width: 100, height: 100 };

  it('leaves a placement inside the area as it is', () => {
    const inside = { x: 0.5, y: 0.5, width: 0.2, rotation: 10 };
    expect(clampPlacement(inside, square, logo, area)).toEqual(inside);
  });

  it('moves a logo dragged past an edge back so its edge touches the area’s', () => {
    const clamped = clampPlacement({ x: 0.95, y: 0.05, width: 0.1, rotation: 0 }, square, logo, area);
    expect(clamped.x).toBeCloseTo(0.65, 6);
    expect(clamped.y).toBeCloseTo(0.25, 6);
  });

  it('shrinks a logo larger than the area, keeping its aspect ratio', () => {
    const wide = { width: 400, height: 100 };
    const clamped = clampPlacement({ x: 0.5, y: 0.5, width: 0.9, rotation: 0 }, square, wide, area);
    expect(clamped.width).toBeCloseTo(0.4, 6);
    expect(placementProblems(clamped, square, wide, area)).toEqual([]);
  });

  it('never lets a logo shrink below the minimum width', () => {
    expect(clampPlacement({ x: 0.5, y: 0.5, width: 0, rotation: 0 }, square, logo, area).width).toBe(0.02);
  });

  it('names the field that is out: x, y or width', () => {
    expect(placementProblems({ x: 0.2, y: 0.5, width: 0.1, rotation: 0 }, square, logo, area)).toEqual([
      { field: 'x', message: 'The logo must lie inside the printable area' },
    ]);
    expect(placementProblems({ x: 0.5, y: 0.9, width: 0.1, rotation: 0 }, square, logo, area)).toEqual([
      { field: 'y', message: 'The logo must lie inside the printable area' },
    ]);
    expect(placementProblems({ x: 0.5, y: 0.5, width: 0.6, rotation: 0 }, square, logo, area)[0].field).toBe(
      'width',
    );
  });
});

describe('keyboard nudging and resizing', () => {
  const logo = { width: 100, height: 50 };
  const start = { x: 0.5, y: 0.5, width: 0.2, rotation: 0 };

  it('moves one step of the width per arrow press, on both axes alike', () => {
    const tall = { width: 1000, height: 2000 };
    const moved = nudgePlacement(start, { x: 1, y: 1 }, 0.01, tall, logo);
    expect(moved.x).toBeCloseTo(0.51, 9);
    // 1% of a 1000 px width is 10 px, which is half a percent of a 2000 px height.
    expect(moved.y).toBeCloseTo(0.505, 9);
  });

  it('stops at the area’s edge however far it is pushed', () => {
    const moved = nudgePlacement(start, { x: -100, y: 0 }, 0.1, square, logo, area);
    expect(moved.x).toBeCloseTo(0.4, 6);
  });

  it('resizes about the centre, clamped to the area', () => {
    const resized = resizePlacement(start, 0.3, square, logo, area);
    expect(resized).toEqual({ ...start, width: 0.3 });
    expect(resizePlacement(start, 2, square, logo, area).width).toBeCloseTo(0.4, 6);
  });
});

describe('price rules', () => {
  it('is the price above the apparel’s base price, to the cent', () => {
    expect(marginPerItem(24.99, 14.5)).toBe(10.49);
    expect(marginPerItem(14.5, 14.5)).toBe(0);
  });

  it('refuses a price below the base price, not one equal to it', () => {
    expect(priceBelowBase(14.49, 14.5)).toBe(true);
    expect(priceBelowBase(14.5, 14.5)).toBe(false);
    expect(priceBelowBase(0.1 + 0.2, 0.3)).toBe(false);
  });
});
