import { useCallback, useEffect, useRef, useState } from 'react';
import { http, session } from '../providers';
import { useAuthState } from '../providers/session';

/** Spec section 9: the idle warning gives 120 seconds before the automatic logout. */
export const idleWarningSeconds = 120;
const defaultCookieLifetimeMinutes = 15;

const activityEvents = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'mousemove'] as const;

let reportedTimeZoneFor: number | null = null;

async function fetchLifetimeMinutes() {
  try {
    const body = await http<{ result: number }>('/api/account/cookie-expiration', { silent: true });
    return body.result > 0 ? body.result : defaultCookieLifetimeMinutes;
  } catch {
    return defaultCookieLifetimeMinutes;
  }
}

/**
 * Session life of spec section 9 for a signed-in user: the cookie lifetime comes from the
 * server; the user is refetched every half lifetime (keeping the sliding session alive and
 * noticing a 401); after half the lifetime without activity the idle warning opens, and
 * 120 seconds later the user is logged out. Also reports the browser's time zone once.
 */
export function useSessionLife(logout: () => unknown) {
  const { user } = useAuthState(session);
  const [lifetimeMs, setLifetimeMs] = useState<number | null>(null);
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const lastActivity = useRef(Date.now());
  const signedIn = user !== null;

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    fetchLifetimeMinutes().then((minutes) => live && setLifetimeMs(minutes * 60_000));
    return () => {
      live = false;
    };
  }, [signedIn]);

  useEffect(() => {
    if (!user || reportedTimeZoneFor === user.id) return;
    reportedTimeZoneFor = user.id;
    const reportedTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    http('/api/account/update-timezone', { method: 'PUT', body: { reportedTimeZone }, silent: true }).catch(
      () => undefined,
    );
  }, [user]);

  useEffect(() => {
    if (!signedIn || lifetimeMs === null) return;
    const refresh = window.setInterval(() => {
      session.refresh().catch(() => undefined);
    }, lifetimeMs / 2);
    return () => window.clearInterval(refresh);
  }, [signedIn, lifetimeMs]);

  const warning = secondsLeft !== null;

  useEffect(() => {
    if (!signedIn || lifetimeMs === null || warning) return;
    const markActive = () => {
      lastActivity.current = Date.now();
    };
    for (const name of activityEvents) window.addEventListener(name, markActive, { passive: true });
    const check = window.setInterval(() => {
      if (Date.now() - lastActivity.current >= lifetimeMs / 2) setSecondsLeft(idleWarningSeconds);
    }, 1000);
    return () => {
      for (const name of activityEvents) window.removeEventListener(name, markActive);
      window.clearInterval(check);
    };
  }, [signedIn, lifetimeMs, warning]);

  useEffect(() => {
    if (!warning) return;
    const deadline = Date.now() + idleWarningSeconds * 1000;
    const tick = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) {
        window.clearInterval(tick);
        setSecondsLeft(null);
        logout();
      }
    }, 1000);
    return () => window.clearInterval(tick);
  }, [warning, logout]);

  const stayLoggedIn = useCallback(() => {
    lastActivity.current = Date.now();
    setSecondsLeft(null);
    session.refresh().catch(() => undefined);
  }, []);

  return { idle: warning, secondsLeft: secondsLeft ?? 0, stayLoggedIn, logout: () => logout() };
}
