import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLocale } from '../../../src/i18n/locale';
import { useSeededName } from '../../../src/i18n/seededName';

afterEach(() => act(() => applyLocale('en')));

describe('a base apparel name in the reader’s language', () => {
  it('names what the seed wrote in Spanish and keeps what an Admin typed as typed', async () => {
    await act(() => applyLocale('es'));
    const { result } = renderHook(() => useSeededName());
    expect(result.current('Navy')).toBe('Azul marino');
    expect(result.current('Classic Cotton Tee')).toBe('Camiseta clásica de algodón');
    expect(result.current('Teal Heather')).toBe('Teal Heather');
  });

  it('gives an English reader the names as stored', () => {
    const { result } = renderHook(() => useSeededName());
    expect(result.current('Navy')).toBe('Navy');
  });
});
