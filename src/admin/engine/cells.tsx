import ClearIcon from '@mui/icons-material/Clear';
import DoneIcon from '@mui/icons-material/Done';
import { Box, Tooltip } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import type { ReactElement } from 'react';
import { FunctionField, ReferenceField, TextField, type RaRecord, useTranslate } from 'react-admin';
import { type AnyResource, type Field, referenceOptionsResource } from '../../../contract/definition';
import type { ChoiceLabel } from './labels';
import { valueText, type ValueWords } from './values';

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
  // The one renderer (`valueText`) writes every cell's text; a yes or no is drawn, a reference's
  // label read by ReferenceField, which asks the references call once for the page's rows.
  const words: ValueWords = {
    yes: '',
    no: '',
    choice: (_, choice) => choiceLabel(choice),
    reference: () => undefined,
  };
  const shown = (record: RaRecord) => valueText(definition, name, record[name], words);
  switch (field.kind) {
    case 'money':
    case 'number':
      return <FunctionField {...props} textAlign="right" render={shown} />;
    case 'boolean':
      return <FunctionField {...props} render={(record: RaRecord) => <YesNo value={record[name]} />} />;
    case 'reference':
      // One references call labels a page of rows, through the reader's own access.
      return (
        <ReferenceField {...props} reference={referenceOptionsResource(definition, name)} link={false}>
          <TextField source="label" />
        </ReferenceField>
      );
    case 'text':
    case 'longText':
    case 'email':
    case 'url':
      return <TextField {...props} />;
    default:
      return <FunctionField {...props} render={shown} />;
  }
}
