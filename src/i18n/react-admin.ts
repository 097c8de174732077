import englishMessages from 'ra-language-english';
import { appMessages } from './en';

/**
 * react-admin's catalogue with ours under `app`. Apart from `en.ts`, which every page
 * imports, so the public pages do not download react-admin's texts.
 */
export const en = {
  ...englishMessages,
  ra: { ...englishMessages.ra, auth: { ...englishMessages.ra.auth, logout: appMessages.layout.logout } },
  app: appMessages,
};
