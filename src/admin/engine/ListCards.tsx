import SortIcon from '@mui/icons-material/Sort';
import { Box, Button, Checkbox, List as MuiList, ListItem, Menu, MenuItem, Typography } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { RecordContextProvider, useListContext, useTranslate } from 'react-admin';
import type { AnyResource } from '../../../contract/definition';
import { titleOf } from './labels';

interface ColumnProps {
  source: string;
  label: string;
  sortable: boolean;
}
const propsOf = (column: ReactElement) => column.props as ColumnProps;

/**
 * The cards' sort control, which a table has in its headers: every sortable column, each way,
 * the current one checked.
 */
function SortMenu({ columns }: { columns: ReactElement[] }) {
  const translate = useTranslate();
  const { sort, setSort } = useListContext();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const sortable = columns.map(propsOf).filter((column) => column.sortable);
  if (sortable.length === 0) return null;
  const current = sortable.find((column) => column.source === sort.field);
  const orderText = (order: string) =>
    translate(order === 'ASC' ? 'app.tables.ascending' : 'app.tables.descending');
  return (
    <>
      <Button
        size="small"
        startIcon={<SortIcon />}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none' }}
      >
        {current
          ? translate('app.tables.sortedBy', { field: current.label, order: orderText(sort.order) })
          : translate('app.tables.sort')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {sortable.flatMap((column) =>
          ['ASC', 'DESC'].map((order) => (
            <MenuItem
              key={`${column.source}-${order}`}
              selected={column.source === sort.field && order === sort.order}
              onClick={() => {
                setSort({ field: column.source, order: order as 'ASC' | 'DESC' });
                setAnchor(null);
              }}
            >
              {translate('app.tables.sortedBy', { field: column.label, order: orderText(order) })}
            </MenuItem>
          )),
        )}
      </Menu>
    </>
  );
}

/**
 * The rows as stacked cards, where a table would not fit: the first column as the card's
 * heading, two more and the switches by label and value, then the row's actions. Above them, a sort menu and, where bulk actions are offered, a select mode
 * that gives each card a checkbox and shows the bulk actions for what is selected.
 */
export function ListCards({
  definition,
  columns,
  actions,
  bulkActions,
}: {
  definition: AnyResource;
  columns: ReactElement[];
  actions: ReactElement;
  bulkActions: ReactElement | false;
}) {
  const translate = useTranslate();
  const { data, selectedIds, onToggleItem, onUnselectItems } = useListContext();
  const [selecting, setSelecting] = useState(false);
  if (!data) return null;
  // A card shows what a person scans: the first column (the list's priority order) as its
  // heading, the next two, and every switch, which acts on the row; the rest is in the record.
  const [title, ...others] = columns;
  const isSwitch = (column: ReactElement) => definition.fields[propsOf(column).source]?.kind === 'boolean';
  const scanned = others.filter((column, index) => index < 2 || isSwitch(column));
  return (
    <Box data-testid="list-cards">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, px: 1, py: 0.5 }}>
        <SortMenu columns={columns} />
        {bulkActions && (
          <Button
            size="small"
            aria-pressed={selecting}
            onClick={() => {
              if (selecting) onUnselectItems();
              setSelecting(!selecting);
            }}
            sx={{ textTransform: 'none' }}
          >
            {translate(selecting ? 'app.tables.selectDone' : 'app.tables.selectMode')}
          </Button>
        )}
        {selecting && selectedIds.length > 0 && (
          <Box
            role="group"
            aria-label={translate('app.tables.selected', { smart_count: selectedIds.length })}
          >
            <Typography component="span" variant="body2" sx={{ mr: 1 }}>
              {translate('app.tables.selected', { smart_count: selectedIds.length })}
            </Typography>
            {bulkActions}
          </Box>
        )}
      </Box>
      <MuiList disablePadding>
        {data.map((record) => (
          <RecordContextProvider key={record.id} value={record}>
            <ListItem divider sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
              {selecting && (
                <Checkbox
                  checked={selectedIds.includes(record.id)}
                  onChange={() => onToggleItem(record.id)}
                  slotProps={{
                    input: {
                      'aria-label': translate('app.tables.selectItem', { name: titleOf(definition, record) }),
                    },
                  }}
                  sx={{ ml: -1 }}
                />
              )}
              <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'break-word' }}>
                <Typography component="div" variant="subtitle1" sx={{ fontWeight: 600 }}>
                  {title}
                </Typography>
                {scanned.map((column) => (
                  <Box
                    key={column.key}
                    sx={{ display: 'flex', gap: 1, alignItems: 'center', minHeight: 28, minWidth: 0 }}
                  >
                    <Typography variant="body2" color="text.secondary" component="span">
                      {propsOf(column).label}:
                    </Typography>
                    <Box sx={{ minWidth: 0 }}>{column}</Box>
                  </Box>
                ))}
                <Box sx={{ mt: 1 }}>{actions}</Box>
              </Box>
            </ListItem>
          </RecordContextProvider>
        ))}
      </MuiList>
    </Box>
  );
}
