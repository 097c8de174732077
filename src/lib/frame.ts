import { needsFullNavigation, safeReturnUrl } from '../../contract/returnUrl';

/** Embedding (spec section 2): `?frameInstance=...` names this frame to its parent page. */
const frameInstanceParam = 'frameInstance';
const maxInstanceLength = 100;

export function frameInstanceFrom(search: string): string | null {
  const value = new URLSearchParams(search).get(frameInstanceParam)?.trim();
  if (!value || value.length > maxInstanceLength) return null;
  return value;
}

interface FrameState {
  path: string;
  authenticated: boolean;
}

/** Messages this app posts to its parent. */
type ChildMessage =
  | { source: 'spirit-portal'; frameInstance: string; type: 'state'; state: FrameState }
  | { source: 'spirit-portal'; frameInstance: string; type: 'height'; height: number };

/** Messages the parent may send: ask for the state, or open a page of the app. */
export type ParentMessage =
  { frameInstance: string; type: 'getState' } | { frameInstance: string; type: 'navigate'; path: string };

/** Origins as the browser reports them (`https://host[:port]`), without trailing slashes. */
export function normalizeOrigins(origins: readonly string[]): string[] {
  const result: string[] = [];
  for (const origin of origins) {
    try {
      const url = new URL(origin);
      if (url.protocol === 'https:' || url.protocol === 'http:') result.push(url.origin);
    } catch {
      // A malformed entry trusts nothing.
    }
  }
  return result;
}

/**
 * The parents the app talks to: its own origin, which may always frame it (the CSP's
 * frame-ancestors 'self', as the README says of an unset FRAME_PARENT_ORIGINS), then the
 * configured ones.
 */
export function trustedParentOrigins(ownOrigin: string, configured: readonly string[]): string[] {
  return [...new Set(normalizeOrigins([ownOrigin, ...configured]))];
}

/**
 * A message from the parent, accepted only from a trusted origin, for this frame instance
 * and of a known shape; a navigate target is kept to the app's own pages.
 */
export function parseParentMessage(
  event: { origin: string; data: unknown },
  trustedOrigins: readonly string[],
  frameInstance: string,
): ParentMessage | null {
  if (!trustedOrigins.includes(event.origin)) return null;
  const data = event.data as Partial<Record<string, unknown>> | null;
  if (!data || typeof data !== 'object' || data.frameInstance !== frameInstance) return null;
  if (data.type === 'getState') return { frameInstance, type: 'getState' };
  if (data.type === 'navigate' && typeof data.path === 'string') {
    // An unsafe target becomes the app's home, never another site or an API call.
    const path = safeReturnUrl(data.path);
    return needsFullNavigation(path) ? null : { frameInstance, type: 'navigate', path };
  }
  return null;
}

export interface FrameMessenger {
  postState(state: FrameState): void;
  postHeight(height: number): void;
}

/**
 * Posts to the parent once per trusted origin: the browser delivers only to the one that
 * matches the parent, so nothing ever reaches an untrusted page.
 */
export function createFrameMessenger(
  parent: Pick<Window, 'postMessage'>,
  trustedOrigins: readonly string[],
  frameInstance: string,
): FrameMessenger {
  const post = (message: ChildMessage) => {
    for (const origin of trustedOrigins) parent.postMessage(message, origin);
  };
  let lastHeight = -1;
  return {
    postState: (state) => post({ source: 'spirit-portal', frameInstance, type: 'state', state }),
    postHeight(height) {
      const rounded = Math.ceil(height);
      if (rounded === lastHeight) return;
      lastHeight = rounded;
      post({ source: 'spirit-portal', frameInstance, type: 'height', height: rounded });
    },
  };
}
