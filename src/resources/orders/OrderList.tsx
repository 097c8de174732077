import { Box, Card, CardContent, MenuItem, TextField as MuiTextField, Typography } from '@mui/material';
import { FunctionField, TextField, Title, useTranslate } from 'react-admin';
import type { Order } from '../../contract/orders';
import { useOrganizationOptions } from '../../layout/useOrganizationOptions';
import { useSelectedOrganization } from '../../layout/useSelectedOrganization';
import { formatCurrency } from '../../lib/currency';
import { formatDateTime } from '../../lib/dates';
import { ResourceTable } from '../ResourceTable';

/** An Admin without a selected organization can pick one right here as well as in the page header. */
function OrganizationChooser({ onChoose }: { onChoose: (id: number) => void }) {
  const translate = useTranslate();
  const { data: options = [] } = useOrganizationOptions();
  return (
    <MuiTextField
      select
      size="small"
      label={translate('app.tables.chooseOrganization')}
      value=""
      onChange={(event) => onChoose(Number(event.target.value))}
      sx={{ minWidth: 280 }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </MuiTextField>
  );
}

/** Table 'Orders': read-only, always scoped to the selected organization. */
export function OrderList() {
  const translate = useTranslate();
  const { organizationId, canChoose, setOrganizationId } = useSelectedOrganization();
  const title = translate('app.tables.orders');

  if (!organizationId) {
    return (
      <Box sx={{ mt: 2 }}>
        <Title title={title} />
        <Card>
          <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
            <Typography>{translate('app.tables.selectOrganization')}</Typography>
            {canChoose && <OrganizationChooser onChoose={setOrganizationId} />}
          </CardContent>
        </Card>
      </Box>
    );
  }

  return (
    <ResourceTable key={organizationId} title={title} filter={{ organizationId }}>
      <TextField source="orderNumber" label={translate('app.tables.orderNumber')} />
      <TextField source="customerName" label={translate('app.tables.customer')} />
      <TextField source="customerEmail" label={translate('app.tables.email')} />
      <TextField source="collectionId" label={translate('app.tables.collection')} />
      <TextField source="status" label={translate('app.tables.status')} />
      <FunctionField<Order>
        source="total"
        label={translate('app.tables.total')}
        textAlign="right"
        render={(order) => formatCurrency(order.total)}
      />
      <FunctionField<Order>
        source="createdAt"
        label={translate('app.tables.placedAt')}
        render={(order) => formatDateTime(order.createdAt)}
      />
    </ResourceTable>
  );
}
