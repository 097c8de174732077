import ClearIcon from '@mui/icons-material/Clear';
import DoneIcon from '@mui/icons-material/Done';
import { Box, Tooltip } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import type { ReactElement } from 'react';
import {
  FunctionField,
  ReferenceField,
  SelectField,
  TextField,
  type RaRecord,
  useTranslate,
} from 'react-admin';
import { type AnyResource, type Field, referenceOptionsResource } from '../../../contract/definition';
import { formatCurrency } from '../../lib/currency';
import { formatDateOnly, formatDateTime } from '../../lib/dates';
import { type ChoiceLabel, translatedChoices } from './labels';

/**
 * A yes/no value as its icon and, for screen readers, its word. react-admin's BooleanField puts
 * the word as an aria-label on the icon, which MUI hides from them (aria-hidden), so the cell
 * read as empty. The tooltip describes rather than names, so the word is read once.
 */
function YesNo({ value }: { value: unknown }) {
  const translate = useTranslate();
  if (value == null) return null;
  const word = translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
  const Icon = value ? DoneIcon : ClearIcon;
  return (
    <Tooltip title={word} describeChild>
      <Box component="span" sx={{ display: 'inline-flex', verticalAlign: 'middle' }}>
        <Icon fontSize="small" />
        <Box component="span" sx={visuallyHidden}>
          {word}
        </Box>
      </Box>
    </Tooltip>
  );
}

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
      return <FunctionField {...props} render={(record: RaRecord) => <YesNo value={record[name]} />} />;
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
