import EditIcon from '@mui/icons-material/Edit';
import { Button, FormControlLabel, Switch } from '@mui/material';
import { useState } from 'react';
import { TextField, useNotify, useRecordContext, useRefresh, useTranslate, WrapperField } from 'react-admin';
import { Link } from 'react-router-dom';
import type { PromoCode } from '../../contract/promo-codes';
import { http } from '../../providers';
import { ResourceTable } from '../ResourceTable';
import { useResourcePath } from '../useResourcePath';

function CodeLink() {
  const record = useRecordContext<PromoCode>();
  const path = useResourcePath('promo-codes');
  if (!record) return null;
  return <Link to={path('update', record.id)}>{record.code}</Link>;
}

function EditButton() {
  const record = useRecordContext<PromoCode>();
  const translate = useTranslate();
  const path = useResourcePath('promo-codes');
  if (!record) return null;
  return (
    <Button
      size="small"
      component={Link}
      to={path('update', record.id)}
      startIcon={<EditIcon />}
      aria-label={`${translate('app.tables.edit')} ${record.code}`}
    >
      {translate('app.tables.edit')}
    </Button>
  );
}

/** Active/Inactive through `PUT promo-codes/update-active-status`; the switch goes back if the call fails. */
function ActiveToggle() {
  const record = useRecordContext<PromoCode>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState<boolean | null>(null);
  if (!record) return null;
  const checked = pending ?? record.isActive;

  const toggle = async (isActive: boolean) => {
    setPending(isActive);
    try {
      await http('/api/promo-codes/update-active-status', {
        method: 'PUT',
        body: { id: record.id, isActive },
      });
      refresh();
    } catch (error) {
      if (error instanceof Error && 'status' in error && error.status === 400)
        notify(error.message, { type: 'error' });
    } finally {
      setPending(null);
    }
  };

  return (
    <FormControlLabel
      onClick={(event) => event.stopPropagation()}
      control={
        <Switch
          checked={checked}
          disabled={pending !== null}
          onChange={(event) => toggle(event.target.checked)}
          slotProps={{ input: { 'aria-label': `${record.code} ${translate('app.tables.active')}` } }}
        />
      }
      label={translate(checked ? 'app.tables.active' : 'app.tables.inactive')}
    />
  );
}

/** Table 'Promos': create, no delete; 'Edit' and the code itself link to update/{id}. */
export function PromoList() {
  const translate = useTranslate();
  return (
    <ResourceTable title={translate('app.tables.promos')}>
      <WrapperField source="code" label={translate('app.tables.code')}>
        <CodeLink />
      </WrapperField>
      <TextField source="name" label={translate('app.tables.name')} />
      <TextField source="organization" label={translate('app.tables.organization')} />
      <TextField source="state" label={translate('app.tables.state')} />
      <WrapperField source="isActive" label={translate('app.tables.active')}>
        <ActiveToggle />
      </WrapperField>
      <WrapperField label={false}>
        <EditButton />
      </WrapperField>
    </ResourceTable>
  );
}
