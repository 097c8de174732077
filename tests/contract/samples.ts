import type { AnyResource, Field } from '../../contract/definition';
import { roles } from '../../contract/roles';

/**
 * The one sample generator of the tests: realistic, varied values for every field kind of any
 * definition, each within the field's rules (length, bounds, pattern, choices, references that
 * exist), so a test gets its records from the definition and a new field or resource brings its
 * own. `n` picks the sample: the same `n` gives the same value, a different `n` a different one
 * for every field that must be unique.
 */
export interface SampleWorld {
  /** Ids of existing rows of a referenced resource that the record may name (its own school's). */
  references: (to: string) => readonly number[];
  /** What a person types for those rows in a spreadsheet: a school's name, an account's e-mail. */
  labels?: (to: string) => readonly string[];
}

const day = 86_400_000;
/** Samples spread over a year, at varied times of day, so ranges and sorts have something to split. */
const yearStart = Date.UTC(2026, 0, 1);
const words = ['Eagles', 'Lions', 'Spirit', 'Varsity', 'Junior', 'Alumni', 'Booster', 'Homecoming'];

const spread = (n: number, modulo: number) => (n * 7919 + 13) % modulo;

/** A sample named by a word ('Race', 'Dangling') stands for a number too, for the kinds that vary by one. */
const numbered = (sample: number | string): [number, string] =>
  typeof sample === 'number'
    ? [sample, String(sample)]
    : [[...sample].reduce((sum, character) => sum * 31 + character.charCodeAt(0), 0) % 100_003, sample];

function sampleText(f: Field & { max: number }, n: number, key: string): string {
  const candidates = [`${words[n % words.length]} ${key}`, `${words[n % words.length]}-${key}`, `S${key}`];
  const fits = (value: string) =>
    value.length <= f.max && (!('pattern' in f) || !f.pattern || f.pattern.regex.test(value));
  const text = candidates.find(fits) ?? `S${key}`.slice(0, f.max);
  return f.kind === 'text' && 'transform' in f && f.transform === 'upper'
    ? text.toUpperCase()
    : f.kind === 'text' && 'transform' in f && f.transform === 'lower'
      ? text.toLowerCase()
      : text;
}

/** A value of one field that its schema takes. */
export function sampleValue(f: Field, sample: number | string, world: SampleWorld): unknown {
  const [n, key] = numbered(sample);
  switch (f.kind) {
    case 'email':
      return `sample${key.toLowerCase()}@example.com`;
    case 'url':
      return `https://example.com/shop/${key.toLowerCase()}`;
    case 'number': {
      const min = Math.max(f.min ?? 0, -1_000_000);
      const max = Math.min(f.max ?? 1_000_000, 1_000_000);
      const value = min + spread(n, Math.max(1, Math.floor(max - min) + 1));
      return f.int ? Math.round(value) : value;
    }
    case 'money': {
      const min = Math.max(f.min ?? 0, 0);
      const max = Math.min(f.max ?? 500, 500);
      const cents = spread(n, Math.max(1, Math.round((max - min) * 100)) + 1);
      return Math.round(min * 100 + cents) / 100;
    }
    case 'boolean':
      return n % 2 === 0;
    case 'choice': {
      const choice = f.choices[spread(n, f.choices.length)].value;
      return f.multiple ? [choice] : choice;
    }
    case 'reference': {
      const ids = world.references(f.to);
      return ids.length > 0 ? ids[n % ids.length] : undefined;
    }
    case 'date':
      return new Date(yearStart + spread(n, 365) * day).toISOString().slice(0, 10);
    case 'dateTime':
      return new Date(yearStart + spread(n, 365) * day + spread(n, 24 * 60) * 60_000).toISOString();
    default:
      return sampleText(f, n, key);
  }
}

/** The cell a spreadsheet holds for the field's sample: labels, not ids or codes. */
export function sampleCell(f: Field, sample: number | string, world: SampleWorld): string {
  const [n] = numbered(sample);
  const value = sampleValue(f, sample, world);
  switch (f.kind) {
    case 'boolean':
      return value ? 'yes' : 'no';
    case 'choice':
      return f.choices.find((choice) => choice.value === (f.multiple ? (value as string[])[0] : value))!
        .label;
    case 'reference': {
      const labels = world.labels?.(f.to) ?? [];
      return labels[n % labels.length] ?? '';
    }
    default:
      return String(value);
  }
}

/**
 * A record of every editable field (and the read-only ones with `readOnly: 'include'`, for rows
 * written straight to the table); with `nulls`, every few records leave an optional field empty.
 */
export function sampleRecord(
  definition: AnyResource,
  sample: number | string,
  world: SampleWorld,
  options: { readOnly?: 'include'; nulls?: boolean } = {},
): Record<string, unknown> {
  const [n] = numbered(sample);
  return Object.fromEntries(
    Object.entries(definition.fields)
      .filter(([, f]) => options.readOnly === 'include' || !f.readOnly)
      .map(([name, f]) => [
        name,
        options.nulls && !f.required && f.kind !== 'boolean' && n % 5 === 4
          ? null
          : sampleValue(f, sample, world),
      ]),
  );
}

/**
 * A valid create body: from the fields, or the resource's own body where its schema is its own
 * (an account's name parts and passwords).
 */
export function sampleBody(definition: AnyResource, world: SampleWorld, sample: number | string = 'A') {
  if (definition.name === 'users') {
    return {
      email: `sample${String(sample).toLowerCase()}@example.com`,
      name: { firstName: 'Sam', lastName: 'Ple' },
      userRoles: [roles.athleticDirector],
      organizationId: world.references('organizations')[0],
      password: '',
      confirmPassword: '',
    };
  }
  return sampleRecord(definition, sample, world);
}
