import { Box, Card, CardContent, MenuItem, TextField as MuiTextField, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { ResourceList } from '../../admin/engine/ResourceList';
import { ordersWithoutSchemas } from '../../../contract/resources/orders';
import { useOrganizationOptions } from '../../layout/useOrganizationOptions';
import { useSelectedOrganization } from '../../layout/useSelectedOrganization';
import { DetailsLink } from './OrderDetails';

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
      sx={{ minWidth: { xs: '100%', sm: 280 } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </MuiTextField>
  );
}

/** Table 'Orders': the engine's table, always scoped to the selected organization. */
export function OrderList() {
  const translate = useTranslate();
  const { organizationId, canChoose, setOrganizationId } = useSelectedOrganization();

  if (!organizationId) {
    return (
      <Box sx={{ mt: 2 }}>
        <Title title={translate('resources.orders.many', { _: ordersWithoutSchemas.label.many })} />
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
    <ResourceList
      key={organizationId}
      definition={ordersWithoutSchemas}
      overrides={{ rowActions: DetailsLink }}
      filter={{ organizationId }}
      scope={organizationId}
    />
  );
}
