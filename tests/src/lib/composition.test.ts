import { describe, expect, it } from 'vitest';
import { logoPlacement } from '../../../src/lib/composition';

describe('logo placement on apparel', () => {
  it('draws the logo at a quarter of the apparel width, centred, its top one third down', () => {
    expect(logoPlacement({ width: 1200, height: 1200 }, { width: 600, height: 600 })).toEqual({
      left: 450,
      top: 400,
      width: 300,
      height: 300,
      scale: 0.5,
    });
  });

  it('keeps the logo’s aspect ratio', () => {
    const placement = logoPlacement({ width: 2000, height: 2400 }, { width: 400, height: 100 });
    expect(placement.width).toBe(500);
    expect(placement.height).toBe(125);
    expect(placement.width / placement.height).toBe(4);
    expect(placement.top).toBe(800);
    expect(placement.left).toBe(750);
  });

  it('scales a small logo up as much as a large one down', () => {
    expect(logoPlacement({ width: 1000, height: 1000 }, { width: 50, height: 25 }).scale).toBe(5);
    expect(logoPlacement({ width: 1000, height: 1000 }, { width: 5000, height: 5000 }).scale).toBe(0.05);
  });

  it('centres horizontally whatever the logo’s shape', () => {
    const { left, width } = logoPlacement({ width: 999, height: 500 }, { width: 30, height: 300 });
    expect(left + width / 2).toBeCloseTo(999 / 2);
  });

  it('refuses images without a size (a failed load) instead of placing at NaN', () => {
    expect(() => logoPlacement({ width: 1000, height: 1000 }, { width: 0, height: 10 })).toThrow(RangeError);
    expect(() => logoPlacement({ width: Number.NaN, height: 1000 }, { width: 10, height: 10 })).toThrow(
      RangeError,
    );
  });
});
