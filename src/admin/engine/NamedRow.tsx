import { type Theme, ThemeProvider } from '@mui/material/styles';
import { useMemo } from 'react';
import { DatagridRow, type DatagridRowProps, useRecordContext, useTranslate } from 'react-admin';
import type { AnyResource } from '../../../contract/resource';
import { titleOf } from './labels';

/**
 * A table row whose checkbox says which row it selects ('Select Tigers'): react-admin names
 * every one 'Select this row' and takes no label for it, so the row gives its checkboxes one
 * through the theme.
 */
export function NamedRow({ definition, ...props }: DatagridRowProps & { definition: AnyResource }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const name = record ? translate('app.tables.selectItem', { name: titleOf(definition, record) }) : undefined;
  const theme = useMemo(
    () => (outer: Theme) => ({
      ...outer,
      components: {
        ...outer.components,
        MuiCheckbox: {
          ...outer.components?.MuiCheckbox,
          defaultProps: {
            ...outer.components?.MuiCheckbox?.defaultProps,
            slotProps: { root: { 'aria-label': undefined }, input: { 'aria-label': name } },
          },
        },
      },
    }),
    [name],
  );
  return (
    <ThemeProvider theme={theme}>
      <DatagridRow {...props} />
    </ThemeProvider>
  );
}
