import { cleanup, render, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FrameBridge } from '../../../src/layout/FrameBridge';
import { session } from '../../../src/providers';
import { adminUser, meHandler } from './renderAdmin';

/** Its own file: the app asks the server for the trusted origins once per page load. */
const server = setupServer(
  http.get('*/api/embedding', () => HttpResponse.json({ result: { parentOrigins: [] } })),
  meHandler(adminUser),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const parent = { postMessage: vi.fn() };
beforeEach(async () => {
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

describe('embedding with FRAME_PARENT_ORIGINS unset', () => {
  it('tells a parent page of its own origin its state and height, and no other origin', async () => {
    render(<FrameBridge />);
    await waitFor(() =>
      expect(parent.postMessage).toHaveBeenCalledWith(
        {
          source: 'spirit-portal',
          frameInstance: 'f1',
          type: 'state',
          state: { path: '/admin/dashboard?frameInstance=f1', authenticated: true },
        },
        window.location.origin,
      ),
    );
    expect(parent.postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'height' }),
      window.location.origin,
    );
    for (const [, origin] of parent.postMessage.mock.calls) expect(origin).toBe(window.location.origin);
  });
});
