import { useEffect, useSyncExternalStore } from 'react';
import type { Me } from '../../contract/account';
import type { HttpClient } from './httpClient';

/** The authentication check of the spec, section 4. */
type AuthStatus = 'notChecked' | 'checking' | 'checked' | 'error';

export interface AuthState {
  status: AuthStatus;
  user: Me | null;
}

/**
 * The signed-in user, fetched once and shared by the public pages, the account area
 * and react-admin. A 401 leaves `user` null; any other failure is the 'error' state.
 */
export function createSession(http: HttpClient) {
  let state: AuthState = { status: 'notChecked', user: null };
  let pending: Promise<Me | null> | null = null;
  const listeners = new Set<() => void>();
  const set = (next: AuthState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  async function fetchUser(): Promise<Me | null> {
    try {
      const body = await http<{ result: Me }>('/api/account/me', { silent: true });
      set({ status: 'checked', user: body.result });
      return body.result;
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 401 || status === 403) {
        set({ status: 'checked', user: null });
        return null;
      }
      set({ status: 'error', user: null });
      throw error;
    } finally {
      pending = null;
    }
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** The cached user, fetching it on the first call. */
    ensure(): Promise<Me | null> {
      if (state.status === 'checked') return Promise.resolve(state.user);
      return this.refresh();
    },
    refresh(): Promise<Me | null> {
      if (!pending) {
        if (state.status !== 'checked') set({ ...state, status: 'checking' });
        pending = fetchUser();
      }
      return pending;
    },
    reset() {
      set({ status: 'notChecked', user: null });
    },
  };
}

export type Session = ReturnType<typeof createSession>;

export function useAuthState(session: Session) {
  return useSyncExternalStore(session.subscribe, session.getState);
}

/**
 * The signed-in user on a page that does not require one (the home page, the error pages):
 * asked for in the background, so the page still draws at once for a visitor.
 */
export function useSignedInUser(session: Session) {
  const { status, user } = useAuthState(session);
  useEffect(() => {
    if (status === 'notChecked') session.ensure().catch(() => undefined);
  }, [session, status]);
  return user;
}
