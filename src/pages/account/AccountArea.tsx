import KeyIcon from '@mui/icons-material/Key';
import LockIcon from '@mui/icons-material/Lock';
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
import { Navigate, NavLink, Route, Link as RouterLink, Routes, useLocation } from 'react-router-dom';
import { appMessages } from '../../i18n/en';
import { useDocumentTitle } from '../../layout/PortalBrand';
import { session } from '../../providers';
import { useAuthState } from '../../providers/session';
import { IdleModal } from '../../layout/IdleModal';
import { ModalHost } from '../../layout/ModalHost';
import { AccountContext } from './AccountContext';
import { ChangeEmailForm } from './ChangeEmailForm';
import { ChangePasswordPage } from './ChangePasswordPage';
import { EnableAuthenticatorPage } from './EnableAuthenticatorPage';
import { RequireUser } from './RequireUser';
import { ShowRecoveryCodesPage } from './ShowRecoveryCodesPage';
import { TwoFactorPage } from './TwoFactorPage';

const text = appMessages.account;

const menu = [
  { to: '/account/change-password', label: text.menuPassword, icon: <KeyIcon /> },
  { to: '/account/two-factor-authentication', label: text.menuTwoFactor, icon: <LockIcon /> },
];

/** Each page's own title, for the browser's tab; the area's heading stays 'Manage Account'. */
const pageTitles: Record<string, string> = {
  '/account/change-password': appMessages.changePassword.title,
  '/account/two-factor-authentication': appMessages.twoFactor.title,
  '/account/show-recovery-codes': appMessages.recoveryCodes.title,
  '/account/enable-authentication': appMessages.enableAuthenticator.title,
};

/** `/account/*`: the signed-in user's own settings, with the spec's two-entry side menu. */
export function AccountArea() {
  const { user } = useAuthState(session);
  useDocumentTitle(pageTitles[useLocation().pathname.replace(/\/$/, '')] ?? text.title);
  return (
    <AccountContext>
      <RequireUser>
        <ModalHost>
          <IdleModal />
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
                  {menu.map((item) => (
                    <ListItem key={item.to} disablePadding>
                      <ListItemButton
                        component={NavLink}
                        to={item.to}
                        sx={{ '&.active': { bgcolor: 'action.selected' } }}
                      >
                        <ListItemIcon>{item.icon}</ListItemIcon>
                        <ListItemText primary={item.label} />
                      </ListItemButton>
                    </ListItem>
                  ))}
                </List>
              </Paper>
              <Paper sx={{ flex: 1, minWidth: 0 }}>
                <Routes>
                  <Route
                    path="change-password"
                    element={
                      <>
                        <ChangePasswordPage />
                        {user && <ChangeEmailForm currentEmail={user.email} />}
                      </>
                    }
                  />
                  <Route path="two-factor-authentication" element={<TwoFactorPage />} />
                  <Route path="show-recovery-codes" element={<ShowRecoveryCodesPage />} />
                  <Route path="enable-authentication" element={<EnableAuthenticatorPage />} />
                  <Route path="*" element={<Navigate to="/account/change-password" replace />} />
                </Routes>
              </Paper>
            </Box>
          </Box>
        </ModalHost>
      </RequireUser>
    </AccountContext>
  );
}
