import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, Menu, MenuItem } from '@mui/material';
import { useId, useState } from 'react';
import {
  BooleanField,
  CreateButton,
  FunctionField,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import type { AccountRow } from '../../contract/users';
import { ResourceTable } from '../ResourceTable';
import { useResourcePath } from '../useResourcePath';

/** The row options of the spec: Edit, Resend (only while unconfirmed), Lock or Unlock by isLocked. */
export function AccountOptions() {
  const record = useRecordContext<AccountRow>();
  const translate = useTranslate();
  const path = useResourcePath('users');
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!record) return null;
  const close = () => setAnchor(null);
  const items = [
    { to: path('update', record.id), label: translate('app.users.edit', { email: record.email }) },
    ...(record.emailConfirmed
      ? []
      : [{ to: path('resend', record.id), label: translate('app.users.resend') }]),
    record.isLocked
      ? { to: path('unlock', record.id), label: translate('app.users.unlock') }
      : { to: path('lock', record.id), label: translate('app.users.lock') },
  ];
  return (
    <>
      <IconButton
        aria-label={translate('app.users.options', { email: record.email })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {items.map((item) => (
          <MenuItem key={item.to} component={Link} to={item.to} onClick={close}>
            {item.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

const ListActions = () => (
  <TopToolbar>
    <CreateButton />
  </TopToolbar>
);

/** Table 'Accounts': create allowed, no delete. */
export function UserList() {
  const translate = useTranslate();
  return (
    <ResourceTable
      title={translate('app.users.accounts')}
      actions={<ListActions />}
      sort={{ field: 'email', order: 'ASC' }}
    >
      <TextField source="email" label={translate('app.users.email')} />
      <TextField source="fullName" label={translate('app.users.fullName')} />
      <FunctionField<AccountRow>
        source="roles"
        sortable={false}
        label={translate('app.users.roles')}
        render={(record) => record.roles.join(', ')}
      />
      <BooleanField source="emailConfirmed" label={translate('app.users.emailConfirmed')} />
      <BooleanField source="isLocked" label={translate('app.users.locked')} />
      <FunctionField label={false} sortable={false} render={() => <AccountOptions />} />
    </ResourceTable>
  );
}
