import { useCallback, useState } from 'react';

/** The spec's browser storage key for apparel a user has hidden. */
export const hiddenApparelKey = 'hidden-apparel';

function readHidden(): number[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(hiddenApparelKey) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/** Apparel ids hidden on this browser, kept in local storage under 'hidden-apparel'. */
export function useHiddenApparel() {
  const [hidden, setHidden] = useState<number[]>(readHidden);
  const save = useCallback((ids: number[]) => {
    localStorage.setItem(hiddenApparelKey, JSON.stringify(ids));
    setHidden(ids);
  }, []);
  const hide = useCallback((id: number) => save([...new Set([...readHidden(), id])]), [save]);
  const unhideAll = useCallback(() => save([]), [save]);
  return { hidden, hide, unhideAll };
}
