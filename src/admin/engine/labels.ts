import { type RaRecord, useTranslate } from 'react-admin';
import type { AnyResource } from '../../../contract/resource';

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
    /**
     * A field's stored value as a reader of history or trash sees it: a yes or no, a choice's
     * label, anything else as stored.
     */
    value: (definition: AnyResource, name: string, value: unknown): string => {
      if (value === null || value === undefined || value === '') return '';
      const field = definition.fields[name];
      if (typeof value === 'boolean') return translate(`ra.boolean.${value}`);
      const choice = field?.kind === 'choice' ? field.choices.find((c) => c.value === value) : undefined;
      return choice ? text(definition, `choices.${name}.${choice.value}`, choice.label) : String(value);
    },
  };
}

export type ResourceText = ReturnType<typeof useResourceText>;

/** A choice field's choices with their labels in the user's language. */
export type ChoiceLabel = (choice: { value: string; label: string }) => string;
export const translatedChoices = (choices: readonly { value: string; label: string }[], label: ChoiceLabel) =>
  choices.map((choice) => ({ value: choice.value, label: label(choice) }));
