import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DesignLogo } from '../../../../contract/design-logos';
import type { BaseApparel } from '../../../../contract/merchandise';
import { createBlockedReason } from '../../../../src/pages/merchandise/CreateMerchandisePage';
import { hiddenApparelKey, useHiddenApparel } from '../../../../src/pages/merchandise/hiddenApparel';

const logo: DesignLogo = {
  id: 7,
  organizationId: 1,
  fileName: 'crest.png',
  fileUrl: '/api/design-logos/7/file',
};
const apparel = (usedLogoIds: number[]): BaseApparel => ({
  id: 3,
  title: 'Classic Cotton Tee',
  description: 'Cotton',
  price: 14.5,
  brand: 'Gildan',
  media: [{ imageUrl: '/tee.png', thumbnailUrl: null }],
  usedLogoIds,
  printableArea: { left: 0.3, top: 0.2, width: 0.4, height: 0.55 },
});

describe('the Create button', () => {
  it("is disabled with 'No logo selected' until a logo is chosen", () => {
    expect(createBlockedReason(null, apparel([]))).toBe('noLogo');
  });

  it("is disabled with 'Merchandise featuring this combination already exists' for a used pair", () => {
    expect(createBlockedReason(logo, apparel([2, 7]))).toBe('exists');
  });

  it('is enabled for a new pair', () => {
    expect(createBlockedReason(logo, apparel([2]))).toBeNull();
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
