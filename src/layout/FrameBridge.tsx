import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  createFrameMessenger,
  type FrameMessenger,
  frameInstanceFrom,
  parseParentMessage,
  trustedParentOrigins,
} from '../lib/frame';
import { http, navigate, session } from '../providers';
import { useAuthState } from '../providers/session';

const storageKey = 'spirit-portal.frameInstance';

/** The instance named at first load; kept for the tab so navigation inside the frame keeps it. */
function initialFrameInstance() {
  const fromUrl = frameInstanceFrom(window.location.search);
  try {
    if (fromUrl) sessionStorage.setItem(storageKey, fromUrl);
    return fromUrl ?? sessionStorage.getItem(storageKey);
  } catch {
    return fromUrl;
  }
}

/** The parent origins the server trusts besides the portal itself, asked once per page load. */
let trustedOrigins: Promise<string[]> | undefined;
const loadTrustedOrigins = () =>
  (trustedOrigins ??= http<{ result: { parentOrigins: string[] } }>('/api/embedding', { silent: true }).then(
    (body) => trustedParentOrigins(window.location.origin, body.result.parentOrigins),
    (error: unknown) => {
      trustedOrigins = undefined;
      throw error;
    },
  ));

/**
 * Embedded as a child frame (`?frameInstance=...`), the app tells its parent page its
 * state and height and obeys its messages; only origins the server trusts take part.
 * Mounted once above both halves of the app; the parent's navigation goes through the router
 * of the half on screen.
 */
export function FrameBridge() {
  const [frameInstance] = useState(() => (window.parent !== window ? initialFrameInstance() : null));
  const [origins, setOrigins] = useState<string[]>();
  useEffect(() => {
    if (frameInstance === null) return undefined;
    let current = true;
    loadTrustedOrigins().then(
      (loaded) => current && setOrigins(loaded),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [frameInstance]);
  const messenger = useMemo<FrameMessenger | null>(
    () => (frameInstance && origins ? createFrameMessenger(window.parent, origins, frameInstance) : null),
    [frameInstance, origins],
  );
  // wouter's location follows the admin's router too: both change the one browser history.
  const [pathname] = useLocation();
  const search = useSearch();
  const { user } = useAuthState(session);
  const path = search ? `${pathname}?${search}` : pathname;
  const authenticated = user !== null;

  useEffect(() => {
    messenger?.postState({ path, authenticated });
  }, [messenger, path, authenticated]);

  useEffect(() => {
    if (!messenger) return undefined;
    const root = document.documentElement;
    const report = () => messenger.postHeight(root.scrollHeight);
    report();
    const observer = new ResizeObserver(report);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [messenger]);

  useEffect(() => {
    if (!messenger || !frameInstance || !origins) return undefined;
    const onMessage = (event: MessageEvent) => {
      const message = parseParentMessage(event, origins, frameInstance);
      if (message?.type === 'getState') messenger.postState({ path, authenticated });
      if (message?.type === 'navigate') navigate(message.path);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [messenger, frameInstance, origins, path, authenticated]);

  return null;
}
