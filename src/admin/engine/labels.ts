import { useMemo } from 'react';
import { type RaRecord, useTranslate } from 'react-admin';
import type { FieldChange } from '../../../contract/history';
import type { AnyResource } from '../../../contract/resource';
import { useReferenceLabels, valueText, type ValueWords } from './values';

/** What names a record to a person: its title field, else its id. */
export const titleOf = (definition: Pick<AnyResource, 'titleField'>, record: RaRecord) =>
  String(record[definition.titleField] ?? record.id);

/**
 * A resource's texts in the user's language: `resources.<name>.*` of the catalogue
 * (src/i18n/react-admin.ts), with the definition's English label should a key be missing.
 */
export function useResourceText() {
  const translate = useTranslate();
  const text = (definition: AnyResource, key: string, english: string): string =>
    translate(`resources.${definition.name}.${key}`, { _: english });
  const one = (definition: AnyResource) => text(definition, 'one', definition.label.one);
  return {
    one,
    many: (definition: AnyResource) => text(definition, 'many', definition.label.many),
    toast: (definition: AnyResource) =>
      definition.label.toast ? text(definition, 'toast', definition.label.toast) : one(definition),
    menu: (definition: AnyResource) =>
      definition.menu?.label
        ? text(definition, 'menu', definition.menu.label)
        : text(definition, 'many', definition.label.many),
    field: (definition: AnyResource, name: string) =>
      text(definition, `fields.${name}`, definition.fields[name].label),
    transition: (definition: AnyResource, name: string) =>
      text(definition, `transitions.${name}`, definition.workflow?.transitions[name]?.label ?? name),
    choice: (definition: AnyResource, name: string, choice: { value: string; label: string }) =>
      text(definition, `choices.${name}.${choice.value}`, choice.label),
    /** A field's stored value as the list shows it (`valueText`); a reference by its id. */
    value: (definition: AnyResource, name: string, value: unknown, reference?: ValueWords['reference']) =>
      valueText(definition, name, value, {
        yes: translate('ra.boolean.true'),
        no: translate('ra.boolean.false'),
        choice: (field, choice) => text(definition, `choices.${field}.${choice.value}`, choice.label),
        reference: reference ?? (() => undefined),
      }),
  };
}

/**
 * `valueText` in the reader's language for the fields of `values` (rows, or a history's before
 * and after), references by their labels once the references call answers.
 */
export function useValueText(definition: AnyResource, values: readonly Record<string, unknown>[]) {
  const text = useResourceText();
  const reference = useReferenceLabels(definition, values);
  return (name: string, value: unknown) => text.value(definition, name, value, reference);
}

/**
 * How a record's changes are worded wherever a person reads them (History, the audit log): each
 * field by its label, each value before and after through `valueText`, '—' for none.
 */
export function useChangeText(definition: AnyResource, changes: readonly FieldChange[]) {
  const text = useResourceText();
  const valueOf = useValueText(
    definition,
    useMemo(
      () =>
        changes.flatMap((change) => [{ [change.field]: change.before }, { [change.field]: change.after }]),
      [changes],
    ),
  );
  return {
    shown: (field: string, value: unknown) => valueOf(field, value) || '—',
    fieldName: (field: string) => (definition.fields[field] ? text.field(definition, field) : field),
  };
}

export type ResourceText = ReturnType<typeof useResourceText>;

/** A choice field's choices with their labels in the user's language. */
export type ChoiceLabel = (choice: { value: string; label: string }) => string;
export const translatedChoices = (choices: readonly { value: string; label: string }[], label: ChoiceLabel) =>
  choices.map((choice) => ({ value: choice.value, label: label(choice) }));
