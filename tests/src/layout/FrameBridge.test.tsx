import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { AdminContext } from 'react-admin';
import { NotificationContextProvider } from 'ra-core';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { useLocation, useSearch } from 'wouter';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminBridge } from '../../../src/layout/AdminBridge';
import { FrameBridge } from '../../../src/layout/FrameBridge';
import { PublicBridge } from '../../../src/layout/PublicBridge';
import { session } from '../../../src/providers';
import { adminUser, meHandler } from './renderAdmin';

const parentOrigin = 'https://shop.example.com';
let embeddingRequests = 0;
const server = setupServer(
  http.get('*/api/embedding', () => {
    embeddingRequests += 1;
    return HttpResponse.json({ result: { parentOrigins: [parentOrigin] } });
  }),
  meHandler(adminUser),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const parent = { postMessage: vi.fn() };
beforeEach(async () => {
  parent.postMessage.mockClear();
  Object.defineProperty(window, 'parent', { value: parent, configurable: true });
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  window.history.replaceState(null, '', '/admin/dashboard?frameInstance=f1');
  await session.refresh();
});
afterEach(() => {
  Object.defineProperty(window, 'parent', { value: window, configurable: true });
  vi.unstubAllGlobals();
  sessionStorage.clear();
  // Unmount before signing out, or the sign-out redraws the page outside act().
  cleanup();
  session.reset();
});

/** The browser's location, which both halves of the app change. */
function Where() {
  const [path] = useLocation();
  const search = useSearch();
  return <p data-testid="where">{search ? `${path}?${search}` : path}</p>;
}

/** The public half: wouter's navigation, its Bridge registered. */
const renderPublic = () =>
  render(
    <NotificationContextProvider>
      <FrameBridge />
      <PublicBridge />
      <Where />
    </NotificationContextProvider>,
  );

/** The admin half: react-admin in a browser data router, its Bridge registered. */
const renderAdminHalf = () =>
  render(
    <RouterProvider
      router={createBrowserRouter([
        {
          path: '*',
          element: (
            <AdminContext>
              <FrameBridge />
              <AdminBridge />
              <Where />
            </AdminContext>
          ),
        },
      ])}
    />,
  );

const fromParent = (origin: string, data: unknown) =>
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { origin, data }));
  });

describe('embedding as a child frame', () => {
  it('posts its state and height to the configured parent origin and its own origin only', async () => {
    renderAdminHalf();
    await waitFor(() =>
      expect(parent.postMessage).toHaveBeenCalledWith(
        {
          source: 'spirit-portal',
          frameInstance: 'f1',
          type: 'state',
          state: { path: '/admin/dashboard?frameInstance=f1', authenticated: true },
        },
        parentOrigin,
      ),
    );
    expect(parent.postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'height' }),
      parentOrigin,
    );
    for (const [, origin] of parent.postMessage.mock.calls) {
      expect([parentOrigin, window.location.origin]).toContain(origin);
    }
  });

  it("follows the parent's navigate and getState messages in the admin, and ignores other origins", async () => {
    renderAdminHalf();
    await waitFor(() => expect(parent.postMessage).toHaveBeenCalled());
    fromParent('https://evil.example', { frameInstance: 'f1', type: 'navigate', path: '/admin/users' });
    expect(screen.getByTestId('where')).toHaveTextContent('/admin/dashboard');

    fromParent(parentOrigin, { frameInstance: 'f1', type: 'navigate', path: '/admin/users' });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/admin\/users$/));

    parent.postMessage.mockClear();
    fromParent(parentOrigin, { frameInstance: 'f1', type: 'getState' });
    await waitFor(() =>
      expect(parent.postMessage).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'state', state: { path: '/admin/users', authenticated: true } }),
        parentOrigin,
      ),
    );
  });

  it('talks to the parent from the public pages too, and follows it there', async () => {
    window.history.replaceState(null, '', '/login?frameInstance=f1');
    renderPublic();
    await waitFor(() =>
      expect(parent.postMessage).toHaveBeenCalledWith(
        expect.objectContaining({
          type: 'state',
          state: expect.objectContaining({ path: '/login?frameInstance=f1' }),
        }),
        parentOrigin,
      ),
    );

    parent.postMessage.mockClear();
    fromParent(parentOrigin, { frameInstance: 'f1', type: 'navigate', path: '/forgot-password' });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/forgot-password$/));
    await waitFor(() =>
      expect(parent.postMessage).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'state', state: { path: '/forgot-password', authenticated: true } }),
        parentOrigin,
      ),
    );
  });

  it('stays silent when not framed', async () => {
    Object.defineProperty(window, 'parent', { value: window, configurable: true });
    const post = vi.spyOn(window, 'postMessage');
    embeddingRequests = 0;
    await act(async () => {
      render(<FrameBridge />);
    });
    expect(embeddingRequests).toBe(0);
    expect(post).not.toHaveBeenCalled();
  });
});
