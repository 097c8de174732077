import { type AnyResource, type Field, requiredInImport } from '../../../contract/resource';
import type { Locale } from '../../../contract/locales';

/** Header and label alike: case, spaces, dashes, underscores and accents do not count. */
const normalizeHeader = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

/** The fields a row of cells may set: those a create body takes. */
const importFields = (definition: AnyResource) =>
  Object.entries(definition.fields).filter(([, f]) => !f.readOnly);

interface ColumnPlan {
  columns: { header: string; field: string }[];
  unknownColumns: string[];
  missingFields: string[];
  /** Column index → field name, for the columns that set one. */
  byIndex: Map<number, string>;
}

/**
 * Which column sets which field: the caller's mapping first (the app's labels in the user's
 * language, the mapping step's choices), then the field's name or English label. A field
 * takes the first column that names it; required fields without one are `missingFields`, except
 * the organization, which a role held to its own organization need not give.
 */
export function planColumns(
  definition: AnyResource,
  header: readonly string[],
  mapping: Record<string, string> = {},
  implied: readonly string[] = [],
): ColumnPlan {
  const fields = importFields(definition);
  const names = new Map<string, string>();
  for (const [name, f] of fields) {
    names.set(normalizeHeader(name), name);
    names.set(normalizeHeader(f.label), name);
  }
  const mapped = new Map(Object.entries(mapping).map(([column, name]) => [normalizeHeader(column), name]));
  const taken = new Set<string>();
  const byIndex = new Map<number, string>();
  const columns = header.map((text, index) => {
    const key = normalizeHeader(text);
    const wanted = mapped.has(key) ? mapped.get(key)! : names.get(key);
    const field = wanted && definition.fields[wanted] && !taken.has(wanted) ? wanted : '';
    if (field && !definition.fields[field].readOnly) {
      taken.add(field);
      byIndex.set(index, field);
      return { header: text, field };
    }
    return { header: text, field: '' };
  });
  return {
    columns,
    unknownColumns: columns.filter((column) => !column.field && column.header).map((column) => column.header),
    missingFields: fields
      .filter(([name, f]) => requiredInImport(f) && !taken.has(name) && !implied.includes(name))
      .map(([name]) => name),
    byIndex,
  };
}

const truthy = new Set(['yes', 'y', 'si', 'true', '1', 'verdadero', 'x']);
const falsy = new Set(['no', 'n', 'false', '0', 'falso']);

/** 1,234.50 in English, 1.234,50 in Spanish; anything else is left for the schema to refuse. */
function numberOf(text: string, locale: Locale): unknown {
  const plain =
    locale === 'es' ? text.replace(/\.(?=\d{3}(\D|$))/g, '').replace(',', '.') : text.replaceAll(',', '');
  const value = Number(plain);
  return plain !== '' && Number.isFinite(value) ? value : text;
}

/** ISO (2026-01-31), else the locale's order: 1/31/2026 in English, 31/1/2026 in Spanish. */
function dateOf(text: string, locale: Locale): string {
  if (/^\d{4}-\d{2}-\d{2}/.test(text)) return text.slice(0, 10);
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (!match) return text;
  const [month, day] = locale === 'es' ? [match[2], match[1]] : [match[1], match[2]];
  return `${match[3]}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

type ChoiceField = Extract<Field, { kind: 'choice' }>;

/** Each choice's value and English label, normalized once per field: a file has thousands of cells. */
const choiceNames = new WeakMap<ChoiceField, Map<string, string>>();
function namesOf(f: ChoiceField) {
  let names = choiceNames.get(f);
  if (!names) {
    names = new Map();
    // The first choice a text names wins, by its value or its label.
    for (const option of f.choices) {
      for (const name of [option.value, option.label].map(normalizeHeader)) {
        if (!names.has(name)) names.set(name, option.value);
      }
    }
    choiceNames.set(f, names);
  }
  return names;
}

/** A choice by its value, its English label or its label in another language (`labels`). */
function choiceOf(f: ChoiceField, text: string, labels: Record<string, string>) {
  const wanted = normalizeHeader(text);
  const choice = namesOf(f).get(wanted);
  if (choice !== undefined) return choice;
  const other = Object.entries(labels).find(([label]) => normalizeHeader(label) === wanted);
  return other ? other[1] : text;
}

/**
 * A cell's text as the create body's value of the field: booleans as yes/no/sí/true/1, choices by
 * value or label (in English or as `labels` gives them in another language; a list of them
 * separated by `,` or `;` for a `multiple` one), numbers and dates as written in the locale. An
 * empty cell is `null`; text the field cannot take is passed on as it is, so the schema answers
 * with the form's own message. References are the caller's (`references.ts`), by the shown value.
 */
export function cellValue(
  f: Field,
  text: string,
  locale: Locale,
  labels: Record<string, string> = {},
): unknown {
  if (text === '') return null;
  switch (f.kind) {
    case 'number':
    case 'money':
      return numberOf(text, locale);
    case 'boolean': {
      const word = normalizeHeader(text);
      return truthy.has(word) ? true : falsy.has(word) ? false : text;
    }
    case 'choice':
      return f.multiple
        ? text
            .split(/[,;]/)
            .map((part) => part.trim())
            .filter(Boolean)
            .map((part) => choiceOf(f, part, labels))
        : choiceOf(f, text, labels);
    case 'date':
      return dateOf(text, locale);
    default:
      return text;
  }
}
