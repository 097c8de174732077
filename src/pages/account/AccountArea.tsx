import KeyIcon from '@mui/icons-material/Key';
import LockIcon from '@mui/icons-material/Lock';
import NotificationsIcon from '@mui/icons-material/Notifications';
import {
  Box,
  Link,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Paper,
  Typography,
} from '@mui/material';
import { useCallback } from 'react';
import { Redirect, Route, Link as RouterLink, Switch, useLocation } from 'wouter';
import { useAppMessages } from '../../i18n/locale';
import { useDocumentTitle } from '../../layout/PortalBrand';
import { session } from '../../providers';
import { useAuthState } from '../../providers/session';
import { IdleModal } from '../../layout/IdleModal';
import { ModalHost } from '../../layout/ModalHost';
import { signOut } from '../../layout/signOut';
import { AccountContext } from './AccountContext';
import { ChangeEmailForm } from './ChangeEmailForm';
import { ChangePasswordPage } from './ChangePasswordPage';
import { EnableAuthenticatorPage } from './EnableAuthenticatorPage';
import { NotificationSettingsPage } from './NotificationSettingsPage';
import { RequireUser } from './RequireUser';
import { ShowRecoveryCodesPage } from './ShowRecoveryCodesPage';
import { TwoFactorPage } from './TwoFactorPage';

type Messages = ReturnType<typeof useAppMessages>;

// The spec's two entries (the second names passkeys too, since people look for them here), and
// how notifications arrive.
const menuOf = (text: Messages['account']) => [
  { to: '/account/change-password', label: text.menuPassword, icon: <KeyIcon /> },
  {
    to: '/account/two-factor-authentication',
    label: text.menuTwoFactor,
    detail: text.menuTwoFactorDetail,
    icon: <LockIcon />,
  },
  {
    to: '/account/notifications',
    label: text.menuNotifications,
    detail: text.menuNotificationsDetail,
    icon: <NotificationsIcon />,
  },
];

/** Each page's own title, for the browser's tab; the area's heading stays 'Manage Account'. */
const pageTitlesOf = (messages: Messages): Record<string, string> => ({
  '/account/change-password': messages.changePassword.title,
  '/account/two-factor-authentication': messages.twoFactor.title,
  '/account/show-recovery-codes': messages.recoveryCodes.title,
  '/account/enable-authentication': messages.enableAuthenticator.title,
  '/account/notifications': messages.notifications.settings.title,
});

/** `/account/*`: the signed-in user's own settings, with the spec's two entries in the side menu and notifications. */
export function AccountArea() {
  const appMessages = useAppMessages();
  const text = appMessages.account;
  const { user } = useAuthState(session);
  const [location, navigate] = useLocation();
  const path = location.replace(/\/$/, '');
  useDocumentTitle(pageTitlesOf(appMessages)[path] ?? text.title);
  const logout = useCallback(() => signOut(navigate), [navigate]);
  return (
    <AccountContext>
      <RequireUser>
        <ModalHost>
          <IdleModal logout={logout} />
          <Box component="main" sx={{ p: { xs: 1, sm: 3 }, maxWidth: 1100, mx: 'auto' }}>
            <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', mb: 2 }}>
              <Typography variant="h4" component="h1">
                {text.title}
              </Typography>
              <Link component={RouterLink} to="/admin">
                {appMessages.notFound.returnHome}
              </Link>
            </Box>
            <Box sx={{ display: 'flex', gap: 3, flexDirection: { xs: 'column', sm: 'row' } }}>
              <Paper component="nav" aria-label={text.title} sx={{ minWidth: 240, alignSelf: 'flex-start' }}>
                <List>
                  {menuOf(text).map((item) => (
                    <ListItem key={item.to} disablePadding>
                      <ListItemButton
                        component={RouterLink}
                        to={item.to}
                        aria-current={item.to === path ? 'page' : undefined}
                        sx={{ '&[aria-current="page"]': { bgcolor: 'action.selected' } }}
                      >
                        <ListItemIcon>{item.icon}</ListItemIcon>
                        <ListItemText primary={item.label} secondary={item.detail} />
                      </ListItemButton>
                    </ListItem>
                  ))}
                </List>
              </Paper>
              <Paper sx={{ flex: 1, minWidth: 0 }}>
                <Switch>
                  <Route path="/account/change-password">
                    <ChangePasswordPage />
                    {user && <ChangeEmailForm currentEmail={user.email} />}
                  </Route>
                  <Route path="/account/two-factor-authentication">
                    <TwoFactorPage />
                  </Route>
                  <Route path="/account/show-recovery-codes">
                    <ShowRecoveryCodesPage />
                  </Route>
                  <Route path="/account/enable-authentication">
                    <EnableAuthenticatorPage />
                  </Route>
                  <Route path="/account/notifications">
                    <NotificationSettingsPage />
                  </Route>
                  <Route>
                    <Redirect to="/account/change-password" replace />
                  </Route>
                </Switch>
              </Paper>
            </Box>
          </Box>
        </ModalHost>
      </RequireUser>
    </AccountContext>
  );
}
