import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/PowerSettingsNew';
import SettingsIcon from '@mui/icons-material/ManageAccounts';
import CheckIcon from '@mui/icons-material/Check';
import {
  Avatar,
  Box,
  Button,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
  useScrollTrigger,
} from '@mui/material';
import { useId, useState } from 'react';
import {
  AppBar as RaAppBar,
  LoadingIndicator,
  useLogout,
  useRemoveFromStore,
  useStore,
  useTheme,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router';
import { localeChoices, useLocale } from '../i18n/locale';
import { chooseLocale } from '../providers/locale';
import { NotificationBell } from './NotificationBell';
import { PortalBrand } from './PortalBrand';
import { QuickSearchButton } from './QuickSearch';
import { session } from '../providers';
import { profilePhotoUrl } from '../providers/authProvider';
import { useAuthState } from '../providers/session';

/** The spec's threshold: the top bar casts a shadow once the content has scrolled past 10 px. */
const scrollShadowThreshold = 10;

function UserIcon() {
  const { user } = useAuthState(session);
  if (user?.profilePhotoGuid) {
    return (
      <Avatar src={profilePhotoUrl(user.id, user.profilePhotoGuid)} alt="" sx={{ width: 28, height: 28 }} />
    );
  }
  return <AccountCircleIcon />;
}

/**
 * Light, dark, or whatever the device uses (the default: no choice stored). The choice is a
 * preference that follows the user to another browser (src/providers/store.ts).
 */
function ThemeChoices({ onChosen }: { onChosen: () => void }) {
  const translate = useTranslate();
  const [, setTheme] = useTheme();
  const [stored] = useStore<string | undefined>('theme');
  const forget = useRemoveFromStore();
  const choices = [
    { value: undefined, label: translate('app.layout.themeSystem') },
    { value: 'light' as const, label: translate('app.layout.themeLight') },
    { value: 'dark' as const, label: translate('app.layout.themeDark') },
  ];
  return [
    <ListSubheader key="heading" sx={{ lineHeight: 2.5 }}>
      {translate('app.layout.theme')}
    </ListSubheader>,
    ...choices.map(({ value, label }) => (
      <MenuItem
        key={label}
        role="menuitemradio"
        aria-checked={stored === value}
        onClick={() => {
          if (value) setTheme(value);
          else forget('theme');
          onChosen();
        }}
      >
        <ListItemIcon>{stored === value && <CheckIcon fontSize="small" />}</ListItemIcon>
        <ListItemText>{label}</ListItemText>
      </MenuItem>
    )),
  ];
}

/** English or Español, each named in its own language; a setting kept on the server. */
function LanguageChoices({ onChosen }: { onChosen: () => void }) {
  const translate = useTranslate();
  const locale = useLocale();
  return [
    <ListSubheader key="heading" sx={{ lineHeight: 2.5 }}>
      {translate('app.layout.language')}
    </ListSubheader>,
    ...localeChoices.map((choice) => (
      <MenuItem
        key={choice.locale}
        lang={choice.locale}
        role="menuitemradio"
        aria-checked={locale === choice.locale}
        onClick={() => {
          onChosen();
          void chooseLocale(choice.locale);
        }}
      >
        <ListItemIcon>{locale === choice.locale && <CheckIcon fontSize="small" />}</ListItemIcon>
        <ListItemText>{choice.name}</ListItemText>
      </MenuItem>
    )),
  ];
}

/** The user menu: the user's email beside their photo or an icon, with Manage Account and Log Out. */
function AppUserMenu() {
  const translate = useTranslate();
  const logout = useLogout();
  const { user } = useAuthState(session);
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  if (!user) return null;
  return (
    <>
      <Button
        color="inherit"
        // The name holds the visible e-mail (WCAG 2.5.3), and still says what the button opens.
        aria-label={`${translate('ra.auth.user_menu')}: ${user.email}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={<UserIcon />}
        // On a phone only the icon shows: no room kept for the hidden e-mail, so the title fits.
        sx={{
          textTransform: 'none',
          ml: { xs: 0, sm: 1 },
          minWidth: { xs: 0, sm: 64 },
          '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 }, ml: { xs: 0, sm: -0.5 } },
        }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {user.email}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem disabled sx={{ '&.Mui-disabled': { opacity: 1 } }}>
          <ListItemText primary={user.fullName || user.email} secondary={user.email} />
        </MenuItem>
        <MenuItem component={Link} to="/account/change-password" onClick={close}>
          <ListItemIcon>
            <SettingsIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('app.layout.manageAccount')}</ListItemText>
        </MenuItem>
        <ThemeChoices onChosen={close} />
        <LanguageChoices onChosen={close} />
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('app.layout.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}

export function AppBar() {
  const translate = useTranslate();
  const scrolled = useScrollTrigger({ disableHysteresis: true, threshold: scrollShadowThreshold });
  return (
    <RaAppBar
      alwaysOn
      color="primary"
      userMenu={<AppUserMenu />}
      // The theme is chosen in the user menu (three choices, the device's among them), so the
      // bar keeps the quick search, the notifications' bell and react-admin's loading indicator.
      toolbar={
        <>
          <QuickSearchButton />
          <NotificationBell />
          <LoadingIndicator aria-label={translate('app.layout.loading')} />
        </>
      }
      elevation={scrolled ? 4 : 0}
      data-scrolled={scrolled ? 'true' : 'false'}
    >
      {/* The page's h1 is the first thing in main (PageTitle), where focus goes after navigation. */}
      <PortalBrand inverted nameHiddenOnPhones />
      <Box sx={{ flex: 1 }} />
    </RaAppBar>
  );
}
