import { TablePagination } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * The paging bar under a table the page holds itself (the trash, an import's rows), in
 * react-admin's words for the reader's language; a new page size starts again at the first page.
 */
export function TablePages(props: {
  count: number;
  page: number;
  perPage: number;
  pageSizes: number[];
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}) {
  const translate = useTranslate();
  return (
    <TablePagination
      component="div"
      count={props.count}
      page={props.page}
      rowsPerPage={props.perPage}
      rowsPerPageOptions={props.pageSizes}
      labelRowsPerPage={translate('ra.navigation.page_rows_per_page')}
      labelDisplayedRows={({ from, to, count }) =>
        translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: count })
      }
      getItemAriaLabel={(type) => translate(`ra.navigation.${type}`)}
      onPageChange={(_, next) => props.onPage(next)}
      onRowsPerPageChange={(event) => {
        props.onPerPage(Number(event.target.value));
        props.onPage(0);
      }}
    />
  );
}
