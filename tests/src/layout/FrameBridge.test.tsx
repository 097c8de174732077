import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FrameBridge } from '../../../src/layout/FrameBridge';
import { session } from '../../../src/providers';
import { adminUser, meHandler, renderAdmin } from './renderAdmin';

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

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

const fromParent = (origin: string, data: unknown) =>
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { origin, data }));
  });

describe('embedding as a child frame', () => {
  it('posts its state and height to the configured parent origin and its own origin only', async () => {
    renderAdmin(<FrameBridge />, { path: '/dashboard' });
    await waitFor(() =>
      expect(parent.postMessage).toHaveBeenCalledWith(
        {
          source: 'spirit-portal',
          frameInstance: 'f1',
          type: 'state',
          state: { path: '/dashboard', authenticated: true },
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

  it('follows navigate and getState messages from the parent, and ignores other origins', async () => {
    renderAdmin(
      <>
        <FrameBridge />
        <Where />
      </>,
      { path: '/dashboard' },
    );
    await waitFor(() => expect(parent.postMessage).toHaveBeenCalled());
    fromParent('https://evil.example', { frameInstance: 'f1', type: 'navigate', path: '/users' });
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard');

    fromParent(parentOrigin, { frameInstance: 'f1', type: 'navigate', path: '/users' });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/users'));

    parent.postMessage.mockClear();
    fromParent(parentOrigin, { frameInstance: 'f1', type: 'getState' });
    await waitFor(() =>
      expect(parent.postMessage).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'state', state: { path: '/users', authenticated: true } }),
        parentOrigin,
      ),
    );
  });

  it('talks to the parent from the public pages too, outside the admin', async () => {
    render(
      <MemoryRouter initialEntries={['/login']}>
        <FrameBridge />
      </MemoryRouter>,
    );
    await waitFor(() =>
      expect(parent.postMessage).toHaveBeenCalledWith(
        expect.objectContaining({ type: 'state', state: expect.objectContaining({ path: '/login' }) }),
        parentOrigin,
      ),
    );
  });

  it('stays silent when not framed', async () => {
    Object.defineProperty(window, 'parent', { value: window, configurable: true });
    const post = vi.spyOn(window, 'postMessage');
    embeddingRequests = 0;
    await act(async () => {
      renderAdmin(<FrameBridge />, { path: '/dashboard' });
    });
    expect(embeddingRequests).toBe(0);
    expect(post).not.toHaveBeenCalled();
  });
});
