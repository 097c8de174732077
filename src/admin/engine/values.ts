import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDataProvider } from 'react-admin';
import { type AnyResource, referenceOptionsResource } from '../../../contract/definition';
import { formatCurrency } from '../../lib/currency';
import { formatDateOnly, formatDateTime } from '../../lib/dates';

/** The words a value is shown with, in the reader's language. */
export interface ValueWords {
  yes: string;
  no: string;
  choice: (name: string, choice: { value: string; label: string }) => string;
  /** A referenced row's label, once the references call has answered; undefined before. */
  reference: (name: string, id: unknown) => string | undefined;
}

/** Rich text's words, without its tags. */
const htmlText = (html: string) =>
  (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();

/**
 * A field's stored value as the list's cells show it, for every place a person reads one
 * (lists, trash, history, the conflict dialog, the audit log, an import's rows): money in
 * dollars, dates on the reader's clock, a yes or no, a choice's label, a reference's label (its
 * id marked as one, `#2`, until or unless the label arrives), rich text's words.
 */
export function valueText(definition: AnyResource, name: string, value: unknown, words: ValueWords): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.map((one) => valueText(definition, name, one, words)).join(', ');
  const field = definition.fields[name];
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  switch (field?.kind) {
    case 'money':
      return formatCurrency(value as number);
    case 'date':
      return formatDateOnly(value);
    case 'dateTime':
      return formatDateTime(value);
    case 'choice': {
      const choice = field.choices.find((c) => c.value === value);
      return choice ? words.choice(name, choice) : String(value);
    }
    case 'reference':
      return words.reference(name, value) ?? `#${String(value)}`;
    case 'richText':
      return htmlText(String(value));
    default:
      return String(value);
  }
}

type Values = Record<string, unknown>;

/**
 * The labels of the rows `values` refer to, by one references call per reference field (the
 * list's own, through the reader's access), cached as react-admin caches its getMany.
 */
export function useReferenceLabels(definition: AnyResource, values: readonly Values[]) {
  const dataProvider = useDataProvider();
  const wanted = useMemo(
    () =>
      Object.entries(definition.fields).flatMap(([name, field]) => {
        if (field.kind !== 'reference') return [];
        const ids = [...new Set(values.map((row) => row[name]).filter((id) => typeof id === 'number'))];
        return ids.length > 0 ? [{ name, ids: ids.sort((a, b) => a - b) }] : [];
      }),
    [definition, values],
  );
  const answers = useQueries({
    queries: wanted.map(({ name, ids }) => {
      const resource = referenceOptionsResource(definition, name);
      return {
        queryKey: [resource, 'getMany', { ids: ids.map(String) }],
        queryFn: () => dataProvider.getMany(resource, { ids }).then((answer) => answer.data),
        staleTime: 60_000,
      };
    }),
  });
  const labels = new Map(
    wanted.map(({ name }, index) => [
      name,
      new Map((answers[index]?.data ?? []).map((row) => [row.id, String(row.label ?? row.id)])),
    ]),
  );
  return (name: string, id: unknown) => labels.get(name)?.get(id as number);
}
