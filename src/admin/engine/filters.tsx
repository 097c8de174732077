import type { ReactElement } from 'react';
import {
  AutocompleteInput,
  DateInput,
  NullableBooleanInput,
  NumberInput,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextInput,
} from 'react-admin';
import {
  type AnyResource,
  type Field,
  filterInputFields,
  referenceOptionsResource,
} from '../../../contract/definition';
import { type ResourceText, translatedChoices } from './labels';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A day of a date-time range as the API's ISO 8601 instant: the start of the first day, the end
 * of the last, in the browser's time zone, as the person picking the day means it. DateInput
 * shows such an instant back as its local day, so the input keeps the day that was picked.
 */
export const dayEdge = (end: 'gte' | 'lte') => (value: string) => {
  if (!value) return value;
  const [year, month, day] = value.split('-').map(Number);
  const edge =
    end === 'gte' ? new Date(year, month - 1, day) : new Date(year, month - 1, day, 23, 59, 59, 999);
  // Date reads the years 0 to 99 as 1900 to 1999.
  edge.setFullYear(year);
  return edge.toISOString();
};

function filterInputsOf(
  definition: AnyResource,
  name: string,
  field: Field,
  translate: Translate,
  text: ResourceText,
): ReactElement[] {
  const label = text.field(definition, name);
  const range = (end: 'from' | 'to') =>
    translate(end === 'from' ? 'app.tables.rangeFrom' : 'app.tables.rangeTo', { label });
  switch (field.kind) {
    case 'number':
    case 'money':
      return (['gte', 'lte'] as const).map((end) => (
        <NumberInput
          key={`${name}.${end}`}
          source={`${name}.${end}`}
          label={range(end === 'gte' ? 'from' : 'to')}
        />
      ));
    case 'date':
    case 'dateTime':
      return (['gte', 'lte'] as const).map((end) => (
        <DateInput
          key={`${name}.${end}`}
          source={`${name}.${end}`}
          label={range(end === 'gte' ? 'from' : 'to')}
          parse={field.kind === 'dateTime' ? dayEdge(end) : undefined}
        />
      ));
    case 'boolean':
      return [<NullableBooleanInput key={name} source={name} label={label} />];
    case 'choice':
      return [
        <SelectInput
          key={name}
          source={name}
          label={label}
          choices={translatedChoices(field.choices, (choice) => text.choice(definition, name, choice))}
          optionValue="value"
          optionText="label"
          translateChoice={false}
        />,
      ];
    case 'reference':
      return [
        <ReferenceInput key={name} source={name} reference={referenceOptionsResource(definition, name)}>
          <AutocompleteInput label={label} optionText="label" />
        </ReferenceInput>,
      ];
    default:
      return [<TextInput key={name} source={name} label={label} />];
  }
}

/**
 * The spec's 'Search' box, the input itself named 'Search', and a filter per field that offers
 * one (`filterInputFields`) by its kind; react-admin keeps them in the URL.
 */
export const filtersOf = (
  definition: AnyResource,
  translate: Translate,
  text: ResourceText,
  roleNames: readonly string[],
): ReactElement[] => [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder={translate('app.tables.search')}
    slotProps={{ htmlInput: { 'aria-label': translate('app.tables.search') } }}
  />,
  ...filterInputFields(definition, roleNames).flatMap(([name, field]) =>
    filterInputsOf(definition, name, field, translate, text),
  ),
];
