import { Button } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import { ordersWithoutSchemas } from '../../../contract/definitions/orders';
import { useResourcePath } from '../useResourcePath';

/** The orders' row action: their only page besides the list. */
export function DetailsLink() {
  const translate = useTranslate();
  const path = useResourcePath(ordersWithoutSchemas.name);
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Button
      size="small"
      component={Link}
      to={path('details', record.id)}
      aria-label={translate('app.orders.detailsOf', { number: record.orderNumber })}
    >
      {translate('app.orders.details')}
    </Button>
  );
}
