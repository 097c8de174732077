import MoreVertIcon from '@mui/icons-material/MoreVert';
import { IconButton, Menu, MenuItem, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router';
import type { AccountRow } from '../../../contract/users';
import { session } from '../../providers';
import { useAuthState } from '../../providers/session';
import { useResourcePath } from '../useResourcePath';

/**
 * The row options of the spec: Edit, Resend (only while unconfirmed), Lock or Unlock by
 * isLocked; nobody is offered to lock their own account, which would sign them out for good.
 */
export function AccountOptions() {
  const record = useRecordContext<AccountRow>();
  const { user } = useAuthState(session);
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
    ...(record.isLocked
      ? [{ to: path('unlock', record.id), label: translate('app.users.unlock') }]
      : record.id === user?.id
        ? []
        : [{ to: path('lock', record.id), label: translate('app.users.lock') }]),
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

/** The account's roles, one line. */
export function RolesCell() {
  const record = useRecordContext<AccountRow>();
  const translate = useTranslate();
  return record ? (
    <Typography variant="body2" component="span">
      {record.roles.map((role) => translate(`app.roles.${role}`, { _: role })).join(', ')}
    </Typography>
  ) : null;
}
