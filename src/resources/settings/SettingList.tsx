import EditIcon from '@mui/icons-material/Edit';
import { Button } from '@mui/material';
import { BooleanField, TextField, useRecordContext, useTranslate, WrapperField } from 'react-admin';
import { Link } from 'react-router-dom';
import { DeleteRowButton } from '../DeleteRowButton';
import { ResourceTable } from '../ResourceTable';
import { useResourcePath } from '../useResourcePath';

function EditSettingButton() {
  const record = useRecordContext();
  const translate = useTranslate();
  const path = useResourcePath('settings');
  if (!record) return null;
  return (
    <Button size="small" component={Link} to={path('update', record.id)} startIcon={<EditIcon />}>
      {translate('app.tables.editItem', { name: record.key })}
    </Button>
  );
}

/** Table 'Settings' with create and the generic row delete. */
export function SettingList() {
  const translate = useTranslate();
  return (
    <ResourceTable title={translate('app.tables.settings')}>
      <TextField source="key" label={translate('app.tables.key')} />
      <TextField source="value" label={translate('app.tables.value')} />
      <BooleanField source="isEnabled" label={translate('app.tables.enabled')} />
      <WrapperField label={false} sortable={false}>
        <EditSettingButton />
        <DeleteRowButton label={translate('app.tables.setting')} />
      </WrapperField>
    </ResourceTable>
  );
}
