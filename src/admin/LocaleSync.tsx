import { useEffect } from 'react';
import { type Store, useLocaleState } from 'react-admin';
import { currentLocale, useLocale } from '../i18n/locale';

/**
 * Before the admin first draws: react-admin starts in the app's language, so that it waits for
 * that catalogue (ra-core's I18nContextProvider draws nothing until it is in) rather than drawing
 * English, its provider's first language, until `LocaleSync` has run.
 */
export const startInAppLocale = (store: Store) => store.setItem('locale', currentLocale());

/** react-admin's texts follow the app's language (src/i18n/locale.ts), whoever changed it. */
export function LocaleSync() {
  const locale = useLocale();
  const [adminLocale, setAdminLocale] = useLocaleState();
  useEffect(() => {
    if (adminLocale !== locale) setAdminLocale(locale);
  }, [adminLocale, locale, setAdminLocale]);
  return null;
}
