import { useNotificationContext } from 'ra-core';
import { lazy, Suspense, useState } from 'react';

const Notification = lazy(() =>
  import('./Notification').then((module) => ({ default: module.Notification })),
);

/**
 * react-admin's toast for the public pages, loaded with the first notification: most visits
 * have none, and `/login` would otherwise download the Snackbar and its transitions. It stays
 * mounted once loaded, as it takes each notification off the queue while showing it.
 */
export function LazyNotification() {
  const { notifications } = useNotificationContext();
  const [needed, setNeeded] = useState(false);
  if (notifications.length > 0 && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Notification />
    </Suspense>
  ) : null;
}
