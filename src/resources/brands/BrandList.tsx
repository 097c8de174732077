import { Switch } from '@mui/material';
import { useState } from 'react';
import { TextField, useNotify, useRecordContext, useTranslate, WrapperField } from 'react-admin';
import type { Brand } from '../../contract/brands';
import { http } from '../../providers';
import { ResourceTable } from '../ResourceTable';
import { BrandLogo } from './BrandLogo';

function LogoField() {
  const record = useRecordContext<Brand>();
  return record ? <BrandLogo slug={record.slug} name={record.name} /> : null;
}

/**
 * The showcase on/off switch: it moves at once, calls `PATCH brands/{id}/showcase`, and
 * goes back to where it was if the call fails.
 */
export function ShowcaseSwitch() {
  const record = useRecordContext<Brand>();
  const translate = useTranslate();
  const notify = useNotify();
  const [checked, setChecked] = useState<boolean | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const value = checked ?? record.isShowcased;

  const toggle = async (next: boolean) => {
    setChecked(next);
    setBusy(true);
    try {
      await http(`/api/brands/${record.id}/showcase`, { method: 'PATCH', body: { isShowcased: next } });
    } catch (error) {
      setChecked(!next);
      if (error instanceof Error && 'status' in error && error.status === 400)
        notify(error.message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Switch
      checked={value}
      disabled={busy}
      onClick={(event) => event.stopPropagation()}
      onChange={(event) => toggle(event.target.checked)}
      slotProps={{ input: { 'aria-label': translate('app.tables.showcaseBrand', { name: record.name }) } }}
    />
  );
}

/** Table 'Brands': no create or delete, a showcase switch per row. */
export function BrandList() {
  const translate = useTranslate();
  return (
    <ResourceTable title={translate('app.tables.brands')}>
      <WrapperField label={translate('app.tables.logo')}>
        <LogoField />
      </WrapperField>
      <TextField source="name" label={translate('app.tables.name')} />
      <WrapperField source="isShowcased" label={translate('app.tables.showcased')}>
        <ShowcaseSwitch />
      </WrapperField>
    </ResourceTable>
  );
}
