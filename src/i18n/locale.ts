import { useSyncExternalStore } from 'react';
import { isLocale, type Locale } from '../../contract/locales';
import { appMessages as englishMessages } from './en';
import { termsOf, translateMessage } from './translateMessage';

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

let locale: Locale = 'en';
let messages = englishMessages;
let terms = termsOf(messages);
/** The resources' field labels, English → this language, which the admin adds when it loads them. */
let resourceTerms: ReadonlyMap<string, string> = new Map();
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const currentLocale = () => locale;
export const localeTag = () => tags[locale];
/** The app's texts in the current language, for code outside React (the http client's errors). */
export const currentMessages = () => messages;

/** The admin's resource labels in the current language, for the messages that quote them. */
export function addResourceTerms(english: ReadonlyMap<string, string>) {
  resourceTerms = english;
  terms = new Map([...resourceTerms, ...termsOf(messages)]);
}

/**
 * A message the server or the contract wrote in the spec's English, in the user's language:
 * the http client and the forms' validation show messages through this.
 */
export const localizeMessage = (english: string) => translateMessage(english, messages, terms);

export function browserLocale(): Locale {
  try {
    const stored = window.localStorage.getItem(storageKey);
    return isLocale(stored) ? stored : 'en';
  } catch {
    return 'en';
  }
}

/** Shows the app in `next`: its catalogue (Spanish loads on first use), `<html lang>`, and remembers it here. */
export async function applyLocale(next: Locale) {
  const nextMessages = next === 'es' ? (await import('./es')).appMessages : englishMessages;
  try {
    window.localStorage.setItem(storageKey, next);
  } catch {
    // Storage refused (a private window's quota): the choice lasts this page.
  }
  document.documentElement.lang = next;
  if (next === locale && nextMessages === messages) return;
  locale = next;
  messages = nextMessages;
  terms = new Map([...resourceTerms, ...termsOf(messages)]);
  for (const listener of listeners) listener();
}

export const useLocale = () => useSyncExternalStore(subscribe, currentLocale);

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

/** The app's texts in the user's language; the component draws again when it changes. */
export const useAppMessages = () => useSyncExternalStore(subscribe, currentMessages);

type Names = Record<string, Record<string, string>>;
/** Each seeded English name, with where the catalogues keep it (`seededApparel.<group>.<key>`). */
const seededNames = new Map(
  Object.entries(englishMessages.seededApparel as Names).flatMap(([group, names]) =>
    Object.entries(names).map(([key, english]) => [english, { group, key }] as const),
  ),
);

/**
 * A base apparel's title or a colour's name in the reader's language when the seed gave it
 * (the catalogue knows it), else as an Admin typed it.
 */
export function useSeededName() {
  const current = useAppMessages();
  return (name: string) => {
    const at = seededNames.get(name);
    return at ? (current.seededApparel as Names)[at.group][at.key] : name;
  };
}

/** Polyglot's `%{name}` placeholders, for pages without react-admin's translate. */
export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/%\{(\w+)\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
