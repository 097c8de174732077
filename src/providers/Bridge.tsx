import { useNotify } from 'ra-core';
import { useEffect } from 'react';
import { deliverToastsAfterNavigation, registerBridge } from '.';

/**
 * Lets the http client, which lives outside React, toast and navigate. Each half of the app
 * mounts one with its own router's `navigate` and current location.
 */
export function Bridge({ navigate, location }: { navigate: (to: string) => void; location: unknown }) {
  const notify = useNotify();
  useEffect(() => registerBridge((message, type) => notify(message, { type }), navigate), [notify, navigate]);
  // A newly mounted tree (the sign-in page after a 401) and a new location alike.
  useEffect(() => deliverToastsAfterNavigation(), [location, notify]);
  return null;
}
