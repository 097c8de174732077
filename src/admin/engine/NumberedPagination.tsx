import { Box, MenuItem, Pagination, TextField, Typography } from '@mui/material';
import { useListPaginationContext, useTranslate } from 'react-admin';
import { pageSizes } from '../../../contract/common';

/** Numbered paging and the page size select of the spec (10, 20, 50, 100; default 10). */
export function NumberedPagination() {
  const { page, perPage, total, setPage, setPerPage, isPending } = useListPaginationContext();
  const translate = useTranslate();
  if (isPending || !total) return null;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const first = (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  return (
    <Box
      component="nav"
      aria-label={translate('app.tables.pagination')}
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
        label={translate('app.tables.rowsPerPage')}
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
      <Typography variant="body2" aria-live="polite">
        {translate('app.tables.pageRange', { first, last, total })}
      </Typography>
      <Pagination
        count={pages}
        page={page}
        onChange={(_event, next) => setPage(next)}
        color="primary"
        aria-label={translate('app.paging.pages')}
        getItemAriaLabel={(type, number, selected) =>
          type === 'page'
            ? translate(selected ? 'ra.navigation.current_page' : 'ra.navigation.page', { page: number })
            : translate(`ra.navigation.${type}`)
        }
      />
    </Box>
  );
}
