import { Box, MenuItem, Pagination, TextField, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Datagrid, List, type ListProps, SearchInput, useListPaginationContext } from 'react-admin';
import { pageSizes } from '../contract/common';

/** Numbered paging and the page size select of the spec (10, 20, 50, 100; default 10). */
export function NumberedPagination() {
  const { page, perPage, total, setPage, setPerPage, isPending } = useListPaginationContext();
  if (isPending || !total) return null;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const first = (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  return (
    <Box
      component="nav"
      aria-label="Pagination"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'flex-end',
        gap: 2,
        p: 1,
        flexWrap: 'wrap',
      }}
    >
      <TextField
        select
        size="small"
        label="Rows per page"
        value={perPage}
        onChange={(event) => setPerPage(Number(event.target.value))}
        sx={{ minWidth: 120 }}
      >
        {pageSizes.map((size) => (
          <MenuItem key={size} value={size}>
            {size}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2" aria-live="polite">{`${first}-${last} of ${total}`}</Typography>
      <Pagination count={pages} page={page} onChange={(_event, next) => setPage(next)} color="primary" />
    </Box>
  );
}

const searchFilter = [<SearchInput key="q" source="q" alwaysOn placeholder="Search" aria-label="Search" />];

export interface ResourceTableProps extends Omit<ListProps, 'children'> {
  /** Columns: react-admin fields. */
  children: ReactNode;
  rowClick?: false | 'edit' | 'show';
  bulkActionButtons?: false;
}

/**
 * Every table of the spec: a title, the 'Search' box, numbered paging with page sizes
 * 10/20/50/100, served by `POST {resource}/table`.
 */
export function ResourceTable({ children, rowClick = false, ...listProps }: ResourceTableProps) {
  return (
    // No export: it would ask for more rows than the table endpoint's take limit allows.
    <List
      filters={searchFilter}
      perPage={10}
      pagination={<NumberedPagination />}
      exporter={false}
      {...listProps}
    >
      <Datagrid rowClick={rowClick} bulkActionButtons={false}>
        {children}
      </Datagrid>
    </List>
  );
}
