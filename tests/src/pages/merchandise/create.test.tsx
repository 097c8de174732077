import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { minPrintDpi } from '../../../../contract/composition';
import type { DesignLogo } from '../../../../contract/design-logos';
import type { BaseApparel } from '../../../../contract/merchandise';
import { createBlockedReason } from '../../../../src/pages/merchandise/CreateMerchandisePage';
import { hiddenApparelKey, useHiddenApparel } from '../../../../src/pages/merchandise/hiddenApparel';

const logo: DesignLogo = {
  id: 7,
  organizationId: 1,
  fileName: 'crest.png',
  fileUrl: '/api/design-logos/7/file',
  contentType: 'image/png',
};
const apparel = (usedLogoIds: number[]): BaseApparel => ({
  id: 3,
  title: 'Classic Cotton Tee',
  description: 'Cotton',
  price: 14.5,
  brand: 'Gildan',
  media: [{ imageUrl: '/tee.png', thumbnailUrl: null }],
  usedLogoIds,
  fabric: false,
  printAreas: {
    front: { left: 0.3, top: 0.2, width: 0.4, height: 0.55, widthInches: 12, heightInches: 16.5 },
    back: null,
  },
  colours: [],
});
const square = { width: 1200, height: 1200 };

describe('the Create button', () => {
  it("is disabled with 'No logo selected' until a logo is chosen", () => {
    expect(createBlockedReason(null, apparel([]))).toEqual({ key: 'noLogo' });
  });

  it("is disabled with 'Merchandise featuring this combination already exists' for a used pair", () => {
    expect(createBlockedReason(logo, apparel([2, 7]))).toEqual({ key: 'exists' });
  });

  it('is enabled for a new pair', () => {
    expect(createBlockedReason(logo, apparel([2]))).toBeNull();
  });

  it(`is disabled when the logo would print under ${minPrintDpi} DPI at the one-click size, and says at what`, () => {
    // A quarter of a 1200 px tee whose 0.4 wide front prints 12 inches: 7.5 inches wide.
    expect(
      createBlockedReason(logo, apparel([]), { apparel: square, logo: { width: 60, height: 60 } }),
    ).toEqual({
      key: 'dpiTooLow',
      dpi: 8,
    });
    expect(
      createBlockedReason(logo, apparel([]), { apparel: square, logo: { width: 1125, height: 1125 } }),
    ).toBeNull();
    // 1000 px over 7.5 inches: over the spec's old 72, under the print shop's minimum.
    expect(
      createBlockedReason(logo, apparel([]), { apparel: square, logo: { width: 1000, height: 1000 } }),
    ).toEqual({ key: 'dpiTooLow', dpi: 133 });
  });

  it('lets an SVG logo print at any size', () => {
    const svg = { ...logo, contentType: 'image/svg+xml' as const };
    expect(
      createBlockedReason(svg, apparel([]), { apparel: square, logo: { width: 60, height: 60 } }),
    ).toBeNull();
  });
});

describe("hidden apparel (local storage 'hidden-apparel')", () => {
  it('keeps hidden ids in local storage, so they survive a reload, and unhides them all', () => {
    const first = renderHook(() => useHiddenApparel());
    act(() => first.result.current.hide(3));
    act(() => first.result.current.hide(5));
    expect(JSON.parse(localStorage.getItem(hiddenApparelKey) ?? '')).toEqual([3, 5]);

    const afterReload = renderHook(() => useHiddenApparel());
    expect(afterReload.result.current.hidden).toEqual([3, 5]);
    act(() => afterReload.result.current.unhideAll());
    expect(afterReload.result.current.hidden).toEqual([]);
    expect(JSON.parse(localStorage.getItem(hiddenApparelKey) ?? '')).toEqual([]);
  });

  it('ignores a damaged stored value', () => {
    localStorage.setItem(hiddenApparelKey, '{not json');
    expect(renderHook(() => useHiddenApparel()).result.current.hidden).toEqual([]);
  });
});
