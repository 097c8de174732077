import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, useMediaQuery, type Theme } from '@mui/material';
import { cloneElement, type MouseEvent, type ReactElement } from 'react';
import {
  Button,
  CreateButton,
  DatagridBody,
  DatagridConfigurable,
  FilterButton,
  type Identifier,
  List,
  SelectColumnsButton,
  TopToolbar,
  useListContext,
  useTranslate,
  WrapperField,
} from 'react-admin';
import { Link } from 'react-router';
import { type AnyResource, type Field, importable, listColumnsOf } from '../../../contract/definition';
import { exportUrl } from '../../providers/dataProvider';
import { useFailureToast } from '../../providers/failureToast';
import { highlightMs, useRecentChanges } from '../../providers/liveChanges';
import { useResourcePath } from '../../resources/useResourcePath';
import { ListCards } from './ListCards';
import { NamedRow } from './NamedRow';
import { NumberedPagination } from './NumberedPagination';
import { BulkDeleteButton } from './BulkDeleteButton';
import { SavedViewsButton } from './SavedViewsButton';
import { cellOf } from './cells';
import { filtersOf } from './filters';
import { OwnCell, RowActions, ToggleSwitch } from './RowActions';
import type { ResourceOverrides } from './types';
import { useOffers, useRoleNames } from './useOffers';
import { useResourceText } from './labels';
import { useFittingColumns } from './useFittingColumns';

/** The CSV of every row matching the search, filters and sort, as the server streams it. */
function ExportButton({ definition, scope }: { definition: AnyResource; scope?: string | number }) {
  const { filterValues, sort } = useListContext();
  const translate = useTranslate();
  return (
    <Button
      component="a"
      href={exportUrl(definition, { filter: filterValues, sort }, scope)}
      download
      label={translate('app.tables.export')}
    >
      <DownloadIcon />
    </Button>
  );
}

function ImportButton({ definition }: { definition: AnyResource }) {
  const translate = useTranslate();
  const path = useResourcePath(definition.name);
  return (
    <Button component={Link} to={path('import')} label={translate('app.import.button')}>
      <UploadFileIcon />
    </Button>
  );
}

function TrashButton({ definition }: { definition: AnyResource }) {
  const translate = useTranslate();
  const path = useResourcePath(definition.name);
  return (
    <Button component={Link} to={path('trash')} label={translate('app.trash.button')}>
      <DeleteSweepIcon />
    </Button>
  );
}

function ListActions({ definition, scope }: { definition: AnyResource; scope?: string | number }) {
  const offered = useOffers(definition);
  const roleNames = useRoleNames();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const translate = useTranslate();
  const text = useResourceText();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap', minWidth: 0 }}>
      {filtersOf(definition, translate, text, roleNames).length > 1 && (
        <Box component="span" sx={{ display: 'contents' }} onClickCapture={focusNewFilter}>
          <FilterButton disableSaveQuery />
        </Box>
      )}
      <SavedViewsButton />
      {!small && <ColumnsButton preferenceKey={columnsKeyOf(definition)} />}
      {offered('create') && <CreateButton />}
      {offered('create') && importable(definition) && <ImportButton definition={definition} />}
      {offered('export') && <ExportButton definition={definition} scope={scope} />}
      {definition.trash && offered('restore') && <TrashButton definition={definition} />}
    </TopToolbar>
  );
}

/**
 * react-admin's column chooser, opening focused on its first column's switch: the chooser
 * itself takes the focus, an unnamed container to a screen reader. Its popover is in a portal,
 * whose focus events still reach here through React.
 */
function ColumnsButton({ preferenceKey }: { preferenceKey: string }) {
  return (
    <Box
      component="span"
      sx={{ display: 'contents' }}
      onFocus={(event) => {
        if (event.target.classList.contains('MuiPopover-paper')) event.target.querySelector('input')?.focus();
      }}
    >
      <SelectColumnsButton preferenceKey={preferenceKey} />
    </Box>
  );
}

/**
 * After a filter is chosen in 'Add filter', the focus goes to the filter's own input. react-admin
 * looks for `input[name=source]` 50 ms later, which misses a select (its named input is hidden),
 * a range (two inputs named apart) and an input drawn later than that; this waits for the
 * filter that appeared and the menu to close, then focuses what a person would type or choose in.
 */
function focusNewFilter(event: MouseEvent<HTMLElement>) {
  if (!(event.target instanceof Element) || !event.target.closest('[role^="menuitem"]')) return;
  const shown = new Set(document.querySelectorAll('.filter-field[data-source]'));
  const started = performance.now();
  const look = () => {
    const added = [...document.querySelectorAll<HTMLElement>('.filter-field[data-source]')].find(
      (filter) => !shown.has(filter),
    );
    const target = added?.querySelector<HTMLElement>(
      'input:not([type="hidden"]):not([aria-hidden="true"]), [role="combobox"], textarea',
    );
    // Once the menu has gone: closing, it gives the focus back to 'Add filter'.
    if (target && !document.querySelector('[role="menu"]')) target.focus();
    else if (performance.now() - started < 2000) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

/** The store key of a list's chosen columns, a preference that follows the user (src/providers/store.ts). */
const columnsKeyOf = (definition: AnyResource) => `${definition.name}.datagrid`;

const columnsOf = (definition: AnyResource) =>
  listColumnsOf(definition).map((name) => [name, definition.fields[name]] as [string, Field]);

/** The columns as react-admin fields: custom cells, the toggle as a switch, the rest by kind. */
function useColumns(definition: AnyResource, overrides: ResourceOverrides): ReactElement[] {
  const offered = useOffers(definition);
  const toggleField = definition.routes?.toggle?.field;
  const text = useResourceText();
  return [
    ...columnsOf(definition).map(([name, field]) => {
      const props = { source: name, label: text.field(definition, name), sortable: Boolean(field.sort) };
      const Custom = overrides.cells?.[name];
      if (Custom)
        return (
          <WrapperField key={name} {...props}>
            <OwnCell cell={Custom} />
          </WrapperField>
        );
      if (name === toggleField && offered('update'))
        return (
          <WrapperField key={name} {...props}>
            <ToggleSwitch definition={definition} />
          </WrapperField>
        );
      // React warns when a key travels inside spread props, so the cell gets it on its own.
      return cloneElement(
        cellOf(definition, field, props, (choice) => text.choice(definition, name, choice)),
        { key: name },
      );
    }),
    ...(overrides.extraColumns ?? []).map(({ source, label, cell: Custom }) => (
      <WrapperField key={source} source={source} label={label} sortable={false}>
        <OwnCell cell={Custom} />
      </WrapperField>
    )),
  ];
}

/**
 * The table, or its rows as cards: on a phone, and wherever the table would not fit even when
 * every column that may give way has (see useFittingColumns). The title and the switch stay;
 * the other columns give way from the last listed, the definition's order being their priority.
 */
function FittingRows({
  definition,
  columns,
  actions,
  small,
  rowClick,
  rowSx,
  bulkActions,
}: {
  definition: AnyResource;
  columns: ReactElement[];
  actions: ReactElement;
  small: boolean;
  rowClick: ((id: Identifier) => string) | false;
  rowSx: (record: { id: unknown }) => object;
  bulkActions: ReactElement | false;
}) {
  const translate = useTranslate();
  const { data } = useListContext();
  const kept = new Set([definition.titleField, definition.routes?.toggle?.field]);
  const droppable = columns
    .map((column) => (column.props as { source: string }).source)
    .filter((source) => !kept.has(source))
    .reverse();
  const fit = useFittingColumns(droppable, data);
  return (
    <Box ref={fit.ref} sx={{ minWidth: 0 }}>
      {small || fit.cards ? (
        <ListCards definition={definition} columns={columns} actions={actions} bulkActions={bulkActions} />
      ) : (
        <DatagridConfigurable
          preferenceKey={columnsKeyOf(definition)}
          omit={definition.list?.hidden}
          // A click on a row opens it, as react-admin's rowClick="edit" does, where it can be edited.
          rowClick={rowClick}
          rowSx={rowSx}
          body={<DatagridBody row={<NamedRow definition={definition} />} />}
          bulkActionButtons={bulkActions}
          sx={{
            '& .RaDatagrid-tableWrapper': { overflowX: 'auto' },
            ...Object.fromEntries(fit.hidden.map((source) => [`& .column-${source}`, { display: 'none' }])),
          }}
        >
          {columns}
          <WrapperField label={translate('app.tables.actions')} sortable={false}>
            {actions}
          </WrapperField>
        </DatagridConfigurable>
      )}
    </Box>
  );
}

export interface ResourceListProps {
  definition: AnyResource;
  overrides?: ResourceOverrides;
  /** A filter the user cannot remove (the orders' organization). */
  filter?: Record<string, unknown>;
  /** The value of the definition's scope parameter, for the export URL. */
  scope?: string | number;
}

/** Rows someone changed a moment ago flash once, so a list that refreshed by itself says where. */
function useChangedRowSx(definition: AnyResource) {
  const now = Date.now();
  const changed = new Set(
    useRecentChanges()
      .filter((change) => change.resource === definition.name && now - Date.parse(change.at) < highlightMs)
      .map((change) => change.id),
  );
  return (record: { id: unknown }) =>
    changed.has(record.id as number)
      ? {
          '@keyframes changedRow': { from: { backgroundColor: 'rgba(255, 193, 7, 0.35)' }, to: {} },
          animation: `changedRow ${highlightMs}ms ease-out`,
        }
      : {};
}

/**
 * A resource's table from its definition: title, the 'Search' box and filters, sorting on
 * sortable columns, numbered paging of 10/20/50/100, export, bulk delete and row actions where
 * the user's roles allow them.
 */
export function ResourceList({ definition, overrides = {}, filter, scope }: ResourceListProps) {
  const offered = useOffers(definition);
  const roleNames = useRoleNames();
  const rowSx = useChangedRowSx(definition);
  const translate = useTranslate();
  const text = useResourceText();
  const failureToast = useFailureToast();
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const columns = useColumns(definition, overrides);
  const path = useResourcePath(definition.name);
  // The row's own buttons and links act alone: a click on them is not a click on the row.
  const actions = (
    <Box onClick={(event) => event.stopPropagation()}>
      <RowActions definition={definition} overrides={overrides} />
    </Box>
  );
  return (
    <List
      resource={definition.name}
      title={text.many(definition)}
      filters={filtersOf(definition, translate, text, roleNames)}
      filter={filter}
      perPage={10}
      pagination={<NumberedPagination />}
      sort={definition.list?.sort ?? { field: 'id', order: 'ASC' }}
      exporter={false}
      // An emptied list keeps its toolbar: react-admin's empty page would hide the Trash button
      // just when every row is in the trash, and the Create button is in the toolbar anyway.
      empty={false}
      actions={<ListActions definition={definition} scope={scope} />}
      queryOptions={{ onError: (error) => failureToast(error) }}
      sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { minWidth: 0 } }}
    >
      <FittingRows
        definition={definition}
        columns={columns}
        actions={actions}
        small={small}
        rowClick={offered('update') ? (id) => path('update', id as number) : false}
        rowSx={rowSx}
        bulkActions={offered('bulkDelete') ? <BulkDeleteButton label={text.one(definition)} /> : false}
      />
    </List>
  );
}
