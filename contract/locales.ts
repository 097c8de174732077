/**
 * The user's language rides on the preferences as the key `locale`: the app sets it, the mailer
 * reads it (English when unset), and no other value is kept under it. Apart from
 * `preferences.ts`, which imports zod: the sign-in page reads this and has no room for zod.
 */
export const locales = ['en', 'es'] as const;
export type Locale = (typeof locales)[number];
export const localePreferenceKey = 'locale';
export const isLocale = (value: unknown): value is Locale => locales.includes(value as Locale);
export const localeValueMessage = `The language must be one of ${locales.join(', ')}`;
