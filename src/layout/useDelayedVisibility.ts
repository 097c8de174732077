import { useEffect, useState } from 'react';

/** The loading toast of the spec (section 9): shown after 500 ms of loading, gone 1000 ms after it stops. */
export const loadingToastTimings = { showAfterMs: 500, hideAfterMs: 1000 } as const;

/**
 * Visible once `active` has lasted `showAfterMs`, hidden once it has been off for
 * `hideAfterMs`; short blips neither flash the toast nor cut it short.
 */
export function useDelayedVisibility(
  active: boolean,
  timings: { showAfterMs: number; hideAfterMs: number } = loadingToastTimings,
) {
  const [visible, setVisible] = useState(false);
  const { showAfterMs, hideAfterMs } = timings;
  useEffect(() => {
    if (active === visible) return undefined;
    const timer = setTimeout(() => setVisible(active), active ? showAfterMs : hideAfterMs);
    return () => clearTimeout(timer);
  }, [active, visible, showAfterMs, hideAfterMs]);
  return visible;
}
