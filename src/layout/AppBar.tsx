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
import { useId, useRef, useState } from 'react';
import {
  AppBar as RaAppBar,
  LoadingIndicator,
  TitlePortal,
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
import { useWordsFit } from './useWordsFit';
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
  const title = useRef<HTMLHeadingElement>(null);
  useWordsFit(title);
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
      <PortalBrand inverted nameHiddenOnPhones />
      {/*
        The page's one h1: react-admin pages put their Title here. A page without one (the admin
        404) has its own h1, and the empty one leaves the accessibility tree.
      */}
      {/*
        Below 768 px (a phone, or a laptop at 200% zoom, where the brand's name and the account
        share the bar) a long title wraps between words onto a second, smaller line instead of
        being cut, and a word wider than the room left shrinks the title until it fits.
      */}
      <TitlePortal
        ref={title}
        component="h1"
        sx={{
          ml: { xs: 1, sm: 2 },
          flex: '0 1 auto',
          minWidth: 0,
          '&:empty': { display: 'none' },
          whiteSpace: { xs: 'normal', md: 'nowrap' },
          fontSize: { xs: '0.9375rem', sm: '1rem', md: undefined },
          lineHeight: { xs: 1.2, md: undefined },
        }}
      />
      <Box sx={{ flex: 1 }} />
    </RaAppBar>
  );
}
