import type { ReactElement } from 'react';
import {
  BooleanField,
  FunctionField,
  ReferenceField,
  SelectField,
  TextField,
  type RaRecord,
} from 'react-admin';
import { type AnyResource, type Field, referenceOptionsResource } from '../../../contract/definition';
import { formatCurrency } from '../../lib/currency';
import { formatDateOnly, formatDateTime } from '../../lib/dates';
import { type ChoiceLabel, translatedChoices } from './labels';

export interface ColumnProps {
  source: string;
  label: string;
  sortable: boolean;
}

/**
 * The column of a field, drawn by its kind. Datagrid reads the header (label, sorting) from the
 * element's own props, so this returns the react-admin field itself rather than a wrapper.
 */
export function cellOf(
  definition: AnyResource,
  field: Field,
  props: ColumnProps,
  choiceLabel: ChoiceLabel,
): ReactElement {
  const name = props.source;
  const shown = (format: (value: unknown) => string) => (record: RaRecord) =>
    record[name] == null || record[name] === '' ? '' : format(record[name]);
  switch (field.kind) {
    case 'money':
      return (
        <FunctionField {...props} textAlign="right" render={shown((v) => formatCurrency(v as number))} />
      );
    case 'number':
      return <FunctionField {...props} textAlign="right" render={shown(String)} />;
    case 'date':
      return <FunctionField {...props} render={shown(formatDateOnly)} />;
    case 'dateTime':
      return <FunctionField {...props} render={shown((v) => formatDateTime(v))} />;
    case 'boolean':
      return <BooleanField {...props} />;
    case 'choice':
      return (
        <SelectField
          {...props}
          choices={translatedChoices(field.choices, choiceLabel)}
          optionValue="value"
          optionText="label"
          translateChoice={false}
        />
      );
    case 'reference':
      // One references call labels a page of rows, through the reader's own access.
      return (
        <ReferenceField {...props} reference={referenceOptionsResource(definition, name)} link={false}>
          <TextField source="label" />
        </ReferenceField>
      );
    case 'richText':
      return <FunctionField {...props} render={shown((v) => String(v).replace(/<[^>]*>/g, ' '))} />;
    default:
      return <TextField {...props} />;
  }
}
