import { CircularProgress } from '@mui/material';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Route, RouterProvider, Routes } from 'react-router-dom';
import { lazyNamed } from './lib/lazyNamed';
import PublicApp from './PublicApp';

/** react-admin's admin bundle loads only when an `/admin` page is opened. */
const AdminApp = lazy(() => import('./admin/AdminApp'));

/** Talking to a parent page matters only inside a frame; elsewhere its code is never loaded. */
const framed = window.parent !== window;
const FrameBridge = lazyNamed(() => import('./layout/FrameBridge'), 'FrameBridge');

const Loading = () => (
  <div style={{ display: 'flex', justifyContent: 'center', padding: 32 }}>
    <CircularProgress aria-label="Loading" />
  </div>
);

function Root() {
  return (
    <>
      {framed && (
        <Suspense fallback={null}>
          <FrameBridge />
        </Suspense>
      )}
      <Routes>
        <Route
          path="/admin/*"
          element={
            <Suspense fallback={<Loading />}>
              <AdminApp />
            </Suspense>
          }
        />
        <Route path="*" element={<PublicApp />} />
      </Routes>
    </>
  );
}

/** A data router, so that a form with unsaved changes can hold the user back (react-admin's `warnWhenUnsavedChanges`). */
const router = createBrowserRouter([{ path: '*', element: <Root /> }]);

export function App() {
  return <RouterProvider router={router} />;
}
