import polyglotI18nProvider from 'ra-i18n-polyglot';
import { addResourceTerms, localeChoices } from '../i18n/locale';
import { en } from '../i18n/react-admin';

/**
 * English at hand, Spanish loaded when chosen. react-admin follows the app's language through
 * `LocaleSync` (src/admin/LocaleSync.tsx), not through its own store, which signing out empties.
 */
export const i18nProvider = polyglotI18nProvider(
  (locale) =>
    locale === 'es'
      ? import('../i18n/react-admin-es').then((module) => {
          addResourceTerms(module.resourceTerms);
          return module.es;
        })
      : en,
  'en',
  localeChoices,
  { allowMissing: true },
);
