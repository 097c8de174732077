import { CircularProgress } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useLocationProperty } from 'wouter/use-browser-location';
import { loadAppMessages, useShellMessages } from './i18n/locale';
import { lazyNamed } from './lib/lazyNamed';
import PublicApp from './PublicApp';
import { useUserLocale } from './providers/locale';

/**
 * react-admin's admin, with its router, loads only when an `/admin` page is opened; the
 * language's whole catalogue beside it, as every page past the sign-in page's (`lazyNamed`).
 */
const AdminApp = lazy(() =>
  Promise.all([import('./admin/AdminApp'), loadAppMessages()]).then(([module]) => module),
);

/** Talking to a parent page matters only inside a frame; elsewhere its code is never loaded. */
const framed = window.parent !== window;
const FrameBridge = lazyNamed(() => import('./layout/FrameBridge'), 'FrameBridge');

const Loading = () => (
  <div style={{ display: 'flex', justifyContent: 'center', padding: 32 }}>
    <CircularProgress aria-label={useShellMessages().layout.loading} />
  </div>
);

/** Case-insensitive, as the admin's own router matches its paths. */
const inAdmin = () => /^\/admin(\/|$)/i.test(window.location.pathname);

/**
 * Two routers, one per half (docs/decisions.md): wouter for the public pages and this switch,
 * react-router's data router inside the admin. wouter hears every history change, the admin
 * router's included, so a logout or a 401 in the admin swaps to the public half, and a link
 * or the back button to `/admin/...` swaps to the admin, whose router starts from the URL.
 */
export function App() {
  const admin = useLocationProperty(inAdmin);
  useUserLocale();
  return (
    <>
      {framed && (
        <Suspense fallback={null}>
          <FrameBridge />
        </Suspense>
      )}
      {admin ? (
        <Suspense fallback={<Loading />}>
          <AdminApp />
        </Suspense>
      ) : (
        <PublicApp />
      )}
    </>
  );
}
