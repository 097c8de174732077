import { useEffect } from 'react';
import { useLocaleState } from 'react-admin';
import { useLocale } from '../i18n/locale';

/** react-admin's texts follow the app's language (src/i18n/locale.ts), whoever changed it. */
export function LocaleSync() {
  const locale = useLocale();
  const [adminLocale, setAdminLocale] = useLocaleState();
  useEffect(() => {
    if (adminLocale !== locale) setAdminLocale(locale);
  }, [adminLocale, locale, setAdminLocale]);
  return null;
}
