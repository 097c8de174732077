import { useEffect } from 'react';
import { isLocale, localePreferenceKey, type Locale } from '../../contract/locales';
import { applyLocale, browserLocale } from '../i18n/locale';
import { http, session } from '.';
import type { HttpClient } from './httpClient';
import { useAuthState, type Session } from './session';

const path = `/api/preferences/${localePreferenceKey}`;

/**
 * A choice from the user menu or the sign-in page: shown at once, remembered by this browser,
 * and for a signed-in user kept on the server (where the mailer reads it). A save the server
 * refuses keeps the browser's choice and bothers nobody, as the other preferences do.
 */
export async function chooseLocale(locale: Locale, client: HttpClient = http, signedIn = session) {
  await applyLocale(locale);
  if (signedIn.getState().user) {
    await client(path, { method: 'PUT', body: { value: locale }, silent: true }).catch(() => undefined);
  }
}

/**
 * When a user signs in (or a signed-in page opens), their setting on the server wins; a user
 * without one takes this browser's choice, made on the sign-in page before signing in.
 */
export async function adoptUserLocale(client: HttpClient = http) {
  const { result } = await client<{ result: Record<string, unknown> }>('/api/preferences', { silent: true });
  const saved = result[localePreferenceKey];
  if (isLocale(saved)) await applyLocale(saved);
  else if (browserLocale() !== 'en') {
    await client(path, { method: 'PUT', body: { value: browserLocale() }, silent: true });
  }
}

/** Adopts the user's language each time a user becomes known, in either half of the app. */
export function useUserLocale(signedIn: Session = session) {
  const userId = useAuthState(signedIn).user?.id;
  useEffect(() => {
    if (userId !== undefined) void adoptUserLocale().catch(() => undefined);
  }, [userId]);
}
