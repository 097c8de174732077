import { describe, expect, it } from 'vitest';
import { en } from '../../../src/i18n/react-admin';
import { es } from '../../../src/i18n/react-admin-es';
import { apparelSeeds, palette } from '../../../server/seed/apparel';
import { appMessages as englishApp } from '../../../src/i18n/en';
import { sharedWords } from './shared-words';

/** Every text's key, as a dotted path, with its text. */
function texts(messages: unknown, path = ''): Map<string, string> {
  const found = new Map<string, string>();
  if (typeof messages === 'string') found.set(path, messages);
  else if (typeof messages === 'object' && messages !== null) {
    for (const [key, value] of Object.entries(messages)) {
      for (const [child, text] of texts(value, path ? `${path}.${key}` : key)) found.set(child, text);
    }
  }
  return found;
}

/** The words of a text a reader sees, placeholders left out. */
const wordsOf = (text: string) =>
  text
    .replace(/%\{\w+\}/g, ' ')
    .toLowerCase()
    .match(/[\p{L}/]+/gu) ?? [];

const placeholders = (text: string) => [...text.matchAll(/%\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the Spanish catalogue', () => {
  const english = texts(en);
  const spanish = texts(es);

  it('has every key the English catalogue has', () => {
    const missing = [...english.keys()].filter((key) => !spanish.has(key));
    expect(missing).toEqual([]);
  });

  it('has no key the English catalogue lacks', () => {
    expect([...spanish.keys()].filter((key) => !english.has(key))).toEqual([]);
  });

  it("keeps each text's placeholders", () => {
    const changed = [...english]
      .filter(([key]) => spanish.has(key))
      .filter(([key, text]) => placeholders(text).join() !== placeholders(spanish.get(key)!).join())
      .map(([key]) => key);
    expect(changed).toEqual([]);
  });

  it('names in Spanish every colour and title the seed gives the base apparel', () => {
    const known = new Set([
      ...Object.values(englishApp.seededApparel.colours),
      ...Object.values(englishApp.seededApparel.titles),
    ]);
    const seeded = [...Object.keys(palette), ...apparelSeeds.map((apparel) => apparel.title)];
    expect(seeded.filter((name) => !known.has(name))).toEqual([]);
  });

  it("translates the app's and the resources' texts rather than copying the English", () => {
    const copied = [...english]
      .filter(([key]) => key.startsWith('app.') || key.startsWith('resources.'))
      // The US states' names are names, written alike in both.
      .filter(([key]) => !key.startsWith('resources.promo-codes.choices.state.'))
      .filter(
        ([key, text]) => spanish.get(key) === text && wordsOf(text).some((word) => !sharedWords.has(word)),
      )
      .map(([key]) => key);
    expect(copied).toEqual([]);
  });
});
