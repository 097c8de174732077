import { use, useSyncExternalStore } from 'react';
import { isLocale, type Locale } from '../../contract/locales';
import { withLocalTimes } from '../../contract/times';
import type { appMessages as englishMessages } from './en';
import { shellMessages as englishShell } from './en-shell';

/** Every page's texts, as `en.ts` has them. */
export type AppMessages = typeof englishMessages;
/** The entry chunk's texts (`en-shell.ts`): part of every catalogue. */
export type ShellMessages = typeof englishShell;

/** The languages offered, each named in itself. */
export const localeChoices: { locale: Locale; name: string }[] = [
  { locale: 'en', name: 'English' },
  { locale: 'es', name: 'Español' },
];

/** US English and US Spanish: dates and numbers in the reader's language, money in US dollars. */
const tags: Record<Locale, string> = { en: 'en-US', es: 'es-US' };

/**
 * This browser's choice, apart from react-admin's store (which signing out empties): a
 * visitor's choice on the sign-in page outlives a session.
 */
const storageKey = 'spirit-portal.locale';

/** What translates the server's English into another language, loaded with that language. */
interface Translation {
  module: typeof import('./translateMessage');
  messages: AppMessages;
  terms: ReadonlyMap<string, string>;
}

let locale: Locale = 'en';
let shell: ShellMessages = englishShell;
/** The current language's whole catalogue, once it has loaded; English's only when a page needs it. */
let messages: AppMessages | undefined;
/** Set once a page has needed the whole catalogue: a change of language then loads the next one whole. */
let wholeNeeded = false;
let translation: Translation | undefined;
/** The resources' field labels, English → this language, which the admin adds when it loads them. */
let resourceTerms: ReadonlyMap<string, string> = new Map();
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const notify = () => {
  for (const listener of listeners) listener();
};

export const currentLocale = () => locale;
const currentWhole = () => messages;
export const localeTag = () => tags[locale];
/** The entry chunk's texts in the current language, for code outside React (the http client's errors). */
export const currentMessages = () => shell;

const catalogues: Record<Locale, () => Promise<AppMessages>> = {
  en: () => import('./en').then((module) => module.appMessages),
  es: () => import('./es').then((module) => module.appMessages),
};
const loading = new Map<Locale, Promise<AppMessages>>();

/**
 * A language's whole catalogue, one download each (one promise, which React's `use` needs);
 * it becomes the current one when it arrives in the language being shown.
 */
function catalogue(of: Locale): Promise<AppMessages> {
  let whole = loading.get(of);
  if (!whole) {
    whole = catalogues[of]().then((loaded) => {
      if (locale === of && messages !== loaded) {
        messages = loaded;
        notify();
      }
      return loaded;
    });
    // A failed download (the network) is tried again by the next page that needs it.
    whole.catch(() => loading.delete(of));
    loading.set(of, whole);
  }
  return whole;
}

/**
 * The current language's whole catalogue: every page beyond the sign-in page loads it beside
 * its code (`lazyNamed`, the admin), so that it draws its texts at its first paint.
 */
export function loadAppMessages() {
  wholeNeeded = true;
  return catalogue(locale);
}

/** The admin's resource labels in the current language, for the messages that quote them. */
export function addResourceTerms(english: ReadonlyMap<string, string>) {
  resourceTerms = english;
  if (translation)
    translation = {
      ...translation,
      terms: new Map([...resourceTerms, ...translation.module.termsOf(translation.messages)]),
    };
}

/** A moment in the reader's language and time zone (or the one given): `Nov 22, 2026, 1:05 PM`. */
export const formatMoment = (at: Date, timeZone?: string) =>
  new Intl.DateTimeFormat(localeTag(), { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(at);

/**
 * A message the server or the contract wrote in the spec's English, in the user's language,
 * its times in the user's zone: the http client and the forms' validation show messages
 * through this.
 */
export const localizeMessage = (english: string) =>
  translation
    ? translation.module.translateMessage(english, translation.messages, translation.terms, formatMoment)
    : withLocalTimes(english, formatMoment);

export function browserLocale(): Locale {
  try {
    const stored = window.localStorage.getItem(storageKey);
    return isLocale(stored) ? stored : 'en';
  } catch {
    return 'en';
  }
}

/**
 * Shows the app in `next`: its catalogue (another language loads whole on first use, with its
 * translator of the server's English), `<html lang>`, and remembers it here.
 */
export async function applyLocale(next: Locale) {
  let nextShell: ShellMessages = englishShell;
  let nextMessages: AppMessages | undefined;
  let nextTranslation: Translation | undefined;
  if (next === 'en') {
    nextMessages = wholeNeeded ? await catalogue('en') : undefined;
  } else {
    const [whole, module] = await Promise.all([catalogue(next), import('./translateMessage')]);
    nextShell = nextMessages = whole;
    nextTranslation = {
      module,
      messages: whole,
      terms: new Map([...resourceTerms, ...module.termsOf(whole)]),
    };
  }
  try {
    window.localStorage.setItem(storageKey, next);
  } catch {
    // Storage refused (a private window's quota): the choice lasts this page.
  }
  document.documentElement.lang = next;
  if (next === locale && nextShell === shell && nextMessages === messages) return;
  locale = next;
  shell = nextShell;
  messages = nextMessages;
  translation = nextTranslation;
  notify();
}

export const useLocale = () => useSyncExternalStore(subscribe, currentLocale);

/** The entry chunk's texts in the user's language: what the sign-in page and the shell draw. */
export const useShellMessages = () => useSyncExternalStore(subscribe, currentMessages);

interface SpanishResourceLabels {
  fields?: Record<string, string>;
  choices?: Record<string, Record<string, string>>;
}

/**
 * A resource's field and choice labels in Spanish, whatever the user's language: an import reads
 * a file's Spanish headers and cells as it reads English ones (the Spanish catalogue loads on
 * first use, as for the language switch).
 */
export const spanishLabelsOf = async (resource: string): Promise<SpanishResourceLabels> =>
  ((await import('./es')).resourceLabels as Record<string, SpanishResourceLabels>)[resource] ?? {};

/**
 * The app's texts in the user's language; the component draws again when it changes. Until
 * the whole catalogue has arrived the component suspends (the nearest Suspense boundary shows)
 * rather than draw keys or nothing.
 */
export function useAppMessages(): AppMessages {
  const whole = useSyncExternalStore(subscribe, currentWhole);
  return whole ?? use(loadAppMessages());
}

/** Polyglot's `%{name}` placeholders, for pages without react-admin's translate. */
export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/%\{(\w+)\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
