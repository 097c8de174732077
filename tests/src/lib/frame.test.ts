import { describe, expect, it, vi } from 'vitest';
import {
  createFrameMessenger,
  frameInstanceFrom,
  normalizeOrigins,
  parseParentMessage,
  trustedParentOrigins,
} from '../../../src/lib/frame';

const trusted = ['https://shop.example.com'];

describe('frame messaging', () => {
  it('reads the frame instance from ?frameInstance=...', () => {
    expect(frameInstanceFrom('?frameInstance=abc-1')).toBe('abc-1');
    expect(frameInstanceFrom('?other=1')).toBeNull();
    expect(frameInstanceFrom('?frameInstance=')).toBeNull();
    expect(frameInstanceFrom(`?frameInstance=${'x'.repeat(101)}`)).toBeNull();
  });

  it('normalizes configured origins and drops malformed ones', () => {
    expect(
      normalizeOrigins(['https://shop.example.com/', 'http://localhost:8080', 'not a url', 'ftp://x']),
    ).toEqual(['https://shop.example.com', 'http://localhost:8080']);
  });

  it('always trusts its own origin as a parent, then the configured ones', () => {
    expect(trustedParentOrigins('https://portal.example', [])).toEqual(['https://portal.example']);
    expect(
      trustedParentOrigins('https://portal.example', ['https://shop.example.com/', 'https://portal.example']),
    ).toEqual(['https://portal.example', 'https://shop.example.com']);
  });

  it('accepts parent messages only from a trusted origin and for this frame instance', () => {
    const data = { frameInstance: 'f1', type: 'getState' };
    expect(parseParentMessage({ origin: 'https://shop.example.com', data }, trusted, 'f1')).toEqual(data);
    expect(parseParentMessage({ origin: 'https://evil.example', data }, trusted, 'f1')).toBeNull();
    expect(parseParentMessage({ origin: 'https://shop.example.com', data }, trusted, 'f2')).toBeNull();
    expect(
      parseParentMessage({ origin: 'https://shop.example.com', data: 'getState' }, trusted, 'f1'),
    ).toBeNull();
    expect(
      parseParentMessage(
        { origin: 'https://shop.example.com', data: { frameInstance: 'f1', type: 'eval' } },
        trusted,
        'f1',
      ),
    ).toBeNull();
  });

  it('keeps a navigate request inside the app', () => {
    const navigate = (path: string) =>
      parseParentMessage(
        { origin: trusted[0], data: { frameInstance: 'f1', type: 'navigate', path } },
        trusted,
        'f1',
      );
    expect(navigate('/admin/orders')).toEqual({
      frameInstance: 'f1',
      type: 'navigate',
      path: '/admin/orders',
    });
    expect(navigate('https://evil.example/')).toEqual({
      frameInstance: 'f1',
      type: 'navigate',
      path: '/admin',
    });
    expect(navigate('/api/account/logout')).toEqual({
      frameInstance: 'f1',
      type: 'navigate',
      path: '/admin',
    });
    expect(navigate('/api/account/ExternalLogin')).toBeNull();
  });

  it('posts state and changed heights to each trusted origin only', () => {
    const parent = { postMessage: vi.fn() };
    const messenger = createFrameMessenger(parent, ['https://a.example', 'https://b.example'], 'f1');
    messenger.postState({ path: '/admin/dashboard', authenticated: true });
    expect(parent.postMessage).toHaveBeenCalledWith(
      {
        source: 'spirit-portal',
        frameInstance: 'f1',
        type: 'state',
        state: { path: '/admin/dashboard', authenticated: true },
      },
      'https://a.example',
    );
    expect(parent.postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'state' }),
      'https://b.example',
    );
    parent.postMessage.mockClear();
    messenger.postHeight(300.2);
    messenger.postHeight(301);
    expect(parent.postMessage).toHaveBeenCalledTimes(2);
    expect(parent.postMessage).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'height', height: 301 }),
      'https://a.example',
    );
    parent.postMessage.mockClear();
    messenger.postHeight(400);
    createFrameMessenger(parent, [], 'f1').postHeight(500);
    expect(parent.postMessage.mock.calls.map((call) => call[0].height)).toEqual([400, 400]);
  });
});
