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
import { type AnyResource, type Field, filterableFields } from '../../../contract/resource';
import { appMessages } from '../../i18n/en';

const text = appMessages.tables;
const range = (label: string, end: 'from' | 'to') =>
  text[end === 'from' ? 'rangeFrom' : 'rangeTo'].replace('%{label}', label);

/** A day of a date-time range as the API's ISO 8601 instant: the start of the first day, the end of the last. */
const dayEdge = (end: 'gte' | 'lte') => (value: string) =>
  value ? `${value}${end === 'gte' ? 'T00:00:00.000Z' : 'T23:59:59.999Z'}` : value;

function filterInputsOf(name: string, field: Field): ReactElement[] {
  const label = field.label;
  switch (field.kind) {
    case 'number':
    case 'money':
      return (['gte', 'lte'] as const).map((end) => (
        <NumberInput
          key={`${name}.${end}`}
          source={`${name}.${end}`}
          label={range(label, end === 'gte' ? 'from' : 'to')}
        />
      ));
    case 'date':
    case 'dateTime':
      return (['gte', 'lte'] as const).map((end) => (
        <DateInput
          key={`${name}.${end}`}
          source={`${name}.${end}`}
          label={range(label, end === 'gte' ? 'from' : 'to')}
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
          choices={[...field.choices]}
          optionValue="value"
          optionText="label"
        />,
      ];
    case 'reference':
      return [
        <ReferenceInput key={name} source={name} reference={field.to}>
          <AutocompleteInput label={label} optionText={field.show} />
        </ReferenceInput>,
      ];
    default:
      return [<TextInput key={name} source={name} label={label} />];
  }
}

/**
 * The spec's 'Search' box, the input itself named 'Search', and a filter per filterable field
 * by its kind; react-admin keeps them in the URL.
 */
export const filtersOf = (definition: AnyResource): ReactElement[] => [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder={text.search}
    slotProps={{ htmlInput: { 'aria-label': text.search } }}
  />,
  ...filterableFields(definition)
    .filter(([, field]) => field.filter || field.list !== false)
    .flatMap(([name, field]) => filterInputsOf(name, field)),
];
