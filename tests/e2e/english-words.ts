import { en } from '../../src/i18n/react-admin';
import { es } from '../../src/i18n/react-admin-es';
import { sharedWords } from '../src/i18n/shared-words';

function textsOf(messages: unknown): string[] {
  if (typeof messages === 'string') return [messages];
  if (typeof messages === 'object' && messages !== null) return Object.values(messages).flatMap(textsOf);
  return [];
}

/** Words, a code's parts among them: 'addPasskey' and 'design-logo' are English too. */
const wordsOf = (text: string) =>
  text
    .replace(/%\{\w+\}/g, ' ')
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .toLowerCase()
    .match(/\p{L}+/gu) ?? [];

const spanishWords = new Set(textsOf(es).flatMap(wordsOf));

/**
 * The English catalogue's words that are not Spanish too ("no", "total", "error"): one of them on
 * a Spanish page is an English text left behind. Names (a school's, a product's, an e-mail
 * address) are no catalogue words, so they pass.
 */
const englishOnly = new Set(
  textsOf(en)
    .flatMap(wordsOf)
    .filter((word) => word.length > 1 && !spanishWords.has(word) && !sharedWords.has(word)),
);

/**
 * The English words in a page's text, each once, once the names it shows are left out, and an
 * e-mail template's placeholders (`{{fullName}}`), which are the template's words, not the page's.
 */
export const englishWordsIn = (text: string, names: string[] = []) => {
  const unnamed = names
    .reduce((rest, name) => rest.replaceAll(name, ' '), text)
    .replace(/\{\{\s*\w+\s*\}\}/g, ' ');
  return [...new Set(wordsOf(unnamed).filter((word) => englishOnly.has(word)))];
};
