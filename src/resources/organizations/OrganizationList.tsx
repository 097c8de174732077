import EditIcon from '@mui/icons-material/Edit';
import { Button } from '@mui/material';
import { TextField, UrlField, useRecordContext, useTranslate, WrapperField } from 'react-admin';
import { Link } from 'react-router-dom';
import type { Organization } from '../../contract/organizations';
import { ResourceTable } from '../ResourceTable';
import { useResourcePath } from '../useResourcePath';

function EditOrganizationButton() {
  const record = useRecordContext<Organization>();
  const translate = useTranslate();
  const path = useResourcePath('organizations');
  if (!record) return null;
  return (
    <Button size="small" component={Link} to={path('update', record.id)} startIcon={<EditIcon />}>
      {translate('app.tables.editItem', { name: record.name })}
    </Button>
  );
}

/** Organizations (beyond the spec): list, create, edit; no delete, since orders and logos hang off them. */
export function OrganizationList() {
  const translate = useTranslate();
  return (
    <ResourceTable title={translate('app.tables.organizations')}>
      <TextField source="name" label={translate('app.tables.name')} />
      <UrlField
        source="spiritShopAddress"
        label={translate('app.tables.storefrontAddress')}
        target="_blank"
        rel="noopener noreferrer"
        emptyText="-"
      />
      <WrapperField label={false}>
        <EditOrganizationButton />
      </WrapperField>
    </ResourceTable>
  );
}
