import { fromUtcMinute } from '../../contract/times';
import { appMessages as englishMessages } from './en';

type Catalogue = Pick<typeof englishMessages, 'serverMessages' | 'serverTerms'>;
type MessageKey = keyof Catalogue['serverMessages'];

const placeholder = /%\{(\w+)\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Pattern {
  key: MessageKey;
  names: string[];
  regex: RegExp;
  fixed: number;
}

/**
 * Each English template with placeholders as a pattern that captures them, the one with the
 * most fixed text first: 'Code must be at most 50 characters' is a length message before it is
 * a number's maximum.
 */
const patterns: Pattern[] = (Object.entries(englishMessages.serverMessages) as [MessageKey, string][])
  .filter(([, template]) => template.includes('%{'))
  .map(([key, template]) => {
    const names = [...template.matchAll(placeholder)].map((match) => match[1]);
    const source = template
      .split(placeholder)
      .map((part, index) => (index % 2 === 0 ? escapeRegExp(part) : '(.+?)'))
      .join('');
    return { key, names, regex: new RegExp(`^${source}$`), fixed: template.replace(placeholder, '').length };
  })
  .sort((a, b) => b.fixed - a.fixed);

const exact = new Map(
  (Object.entries(englishMessages.serverMessages) as [MessageKey, string][])
    .filter(([, template]) => !template.includes('%{'))
    .map(([key, template]) => [template, key]),
);

/** English term → the catalogue's, paired by key. */
export function termsOf(messages: Catalogue): Map<string, string> {
  return new Map(
    Object.entries(englishMessages.serverTerms).map(([key, english]) => [
      english,
      messages.serverTerms[key as keyof Catalogue['serverTerms']],
    ]),
  );
}

/**
 * A term as quoted: as the catalogue has it, or lower-cased as a sentence quotes a resource's
 * name ('changed this promo code'), then lower-cased in the other language too.
 */
function termOf(value: string, terms: ReadonlyMap<string, string>) {
  const exact = terms.get(value);
  if (exact !== undefined || value !== value.toLowerCase()) return exact;
  for (const [english, translated] of terms)
    if (english.toLowerCase() === value) return translated.toLowerCase();
  return undefined;
}

/**
 * A message the server or the contract wrote (in the spec's English) in the language of
 * `messages`: a known text or template is looked up, and what fills a template's placeholders
 * (a field's label, a side, a nested message) is translated in turn; a time the server wrote in
 * UTC (`contract/times.ts`) is shown by `time`, in English too; anything else, numbers and names
 * included, is kept. An unknown message passes through unchanged, and English without `time`
 * gives back what it was given.
 */
export function translateMessage(
  english: string,
  messages: Catalogue,
  terms: ReadonlyMap<string, string> = termsOf(messages),
  time?: (at: Date) => string,
): string {
  // In English only the times change: its words are already the reader's.
  const inEnglish = messages.serverMessages === englishMessages.serverMessages;
  if (inEnglish && !time) return english;
  const key = exact.get(english);
  if (key) return messages.serverMessages[key];
  for (const { key, names, regex } of patterns) {
    const match = regex.exec(english);
    if (!match) continue;
    const values = new Map(names.map((name, index) => [name, match[index + 1]]));
    return messages.serverMessages[key].replace(placeholder, (text, name: string) => {
      const value = values.get(name);
      if (value === undefined) return text;
      const at = time && fromUtcMinute(value);
      if (at) return time(at);
      if (inEnglish) return value;
      const nested = translateMessage(value, messages, terms, time);
      return nested !== value ? nested : (termOf(value, terms) ?? value);
    });
  }
  return english;
}
