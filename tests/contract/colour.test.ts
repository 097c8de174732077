import { describe, expect, it } from 'vitest';
import { ciede2000, hexDifference, lowContrast, parseHex, rgbToLab } from '../../contract/colour';

describe('CIEDE2000', () => {
  // Pairs from Sharma, Wu and Dalal's test data (2005), to four decimals.
  it.each([
    [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
    [[50, 3.1571, -77.2803], [50, 0, -82.7485], 2.8615],
    [[50, 0, 0], [50, -1, 2], 2.3669],
    [[50, 2.5, 0], [73, 25, -18], 27.1492],
    [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
    [[2.0776, 0.0795, -1.135], [0.9033, -0.0636, -0.5514], 0.9082],
    [[50, 2.49, -0.001], [50, -2.49, 0.0011], 7.2195],
  ])('%j against %j is %f', (first, second, expected) => {
    const [l1, a1, b1] = first;
    const [l2, a2, b2] = second;
    expect(ciede2000({ l: l1, a: a1, b: b1 }, { l: l2, a: a2, b: b2 })).toBeCloseTo(expected, 4);
  });

  it('converts sRGB to CIELAB under D65', () => {
    const white = rgbToLab([255, 255, 255]);
    expect(white.l).toBeCloseTo(100, 2);
    expect(white.a).toBeCloseTo(0, 2);
    const red = rgbToLab(parseHex('#ff0000'));
    expect([red.l, red.a, red.b].map((v) => Math.round(v * 10) / 10)).toEqual([53.2, 80.1, 67.2]);
  });

  it('reads #rgb and #rrggbb and refuses anything else', () => {
    expect(parseHex('#fd0')).toEqual([255, 221, 0]);
    expect(parseHex('1f2a44')).toEqual([31, 42, 68]);
    expect(() => parseHex('navy')).toThrow(RangeError);
  });
});

describe('the low contrast warning', () => {
  it('warns for a navy logo on a navy garment, not for gold on navy or navy on white', () => {
    expect(hexDifference('#1f2a44', '#1f2a44')).toBe(0);
    expect(lowContrast(['#22304a'], '#1f2a44')).toBe(true);
    expect(lowContrast(['#ffd100'], '#1f2a44')).toBe(false);
    expect(lowContrast(['#1f2a44'], '#f5f5f5')).toBe(false);
  });

  it('warns when any one of the logo’s dominant colours would vanish', () => {
    expect(lowContrast(['#ffd100', '#111111'], '#1a1a1a')).toBe(true);
  });
});
