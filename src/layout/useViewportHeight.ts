import { useEffect } from 'react';
import { watchViewportHeight } from '../lib/viewport';

/** Keeps `--vh` current while the admin layout is mounted. */
export function useViewportHeight() {
  useEffect(() => watchViewportHeight(window), []);
}
