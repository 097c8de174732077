import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import SettingsIcon from '@mui/icons-material/ManageAccounts';
import { Avatar, ListItemIcon, ListItemText, MenuItem, Typography, useScrollTrigger } from '@mui/material';
import { forwardRef } from 'react';
import { AppBar as RaAppBar, Logout, TitlePortal, UserMenu, useTranslate, useUserMenu } from 'react-admin';
import { Link } from 'react-router-dom';
import { session } from '../providers';
import { profilePhotoUrl } from '../providers/authProvider';
import { useAuthState } from '../providers/session';

/** The spec's threshold: the top bar casts a shadow once the content has scrolled past 10 px. */
export const scrollShadowThreshold = 10;

const ManageAccountItem = forwardRef<HTMLAnchorElement>(function ManageAccountItem(props, ref) {
  const translate = useTranslate();
  const menu = useUserMenu();
  return (
    <MenuItem
      component={Link}
      to="/account/change-password"
      ref={ref}
      {...props}
      onClick={() => menu?.onClose()}
    >
      <ListItemIcon>
        <SettingsIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.layout.manageAccount')}</ListItemText>
    </MenuItem>
  );
});

function UserIcon() {
  const { user } = useAuthState(session);
  if (user?.profilePhotoGuid) {
    return (
      <Avatar src={profilePhotoUrl(user.id, user.profilePhotoGuid)} alt="" sx={{ width: 32, height: 32 }} />
    );
  }
  return <AccountCircleIcon />;
}

/** The user menu: the user's email, their photo or an icon, Manage Account and Log Out. */
export function AppUserMenu() {
  const translate = useTranslate();
  const { user } = useAuthState(session);
  return (
    <UserMenu icon={<UserIcon />} label={translate('app.shell.userMenu')}>
      {user && (
        <MenuItem disabled sx={{ '&.Mui-disabled': { opacity: 1 } }}>
          <Typography variant="body2" aria-label={translate('app.shell.signedInAs', { email: user.email })}>
            {user.email}
          </Typography>
        </MenuItem>
      )}
      <ManageAccountItem />
      <Logout />
    </UserMenu>
  );
}

export function AppBar() {
  const scrolled = useScrollTrigger({ disableHysteresis: true, threshold: scrollShadowThreshold });
  return (
    <RaAppBar
      alwaysOn
      color="primary"
      userMenu={<AppUserMenu />}
      elevation={scrolled ? 4 : 0}
      data-scrolled={scrolled ? 'true' : 'false'}
    >
      <TitlePortal />
    </RaAppBar>
  );
}
