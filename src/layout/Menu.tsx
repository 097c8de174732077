import DashboardIcon from '@mui/icons-material/Dashboard';
import EmailIcon from '@mui/icons-material/Email';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ImageIcon from '@mui/icons-material/Image';
import ReceiptIcon from '@mui/icons-material/Receipt';
import SettingsIcon from '@mui/icons-material/Settings';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { useId } from 'react';
import { Menu as RaMenu, useSidebarState, useStore } from 'react-admin';
import { canAccess } from '../contract/access';
import { appMessages } from '../i18n/en';
import { session } from '../providers';
import { useAuthState } from '../providers/session';

const text = appMessages.layout;

export const topEntries = [
  { area: 'dashboard', to: '/admin/dashboard', label: text.dashboard, icon: <DashboardIcon /> },
  { area: 'design-logos', to: '/admin/design-logos', label: text.designLogos, icon: <ImageIcon /> },
  { area: 'email-template', to: '/admin/email-template', label: text.emailTemplates, icon: <EmailIcon /> },
];

export const settingsEntries = [
  { area: 'users', to: '/admin/users', label: text.accounts },
  { area: 'promo-codes', to: '/admin/promo-codes', label: text.promos },
  { area: 'brands', to: '/admin/brands', label: text.brands },
  { area: 'organizations', to: '/admin/organizations', label: text.organizations },
];

export const bottomEntries = [
  { area: 'orders', to: '/admin/orders', label: text.orders, icon: <ReceiptIcon /> },
  { area: 'merchandise', to: '/admin/merchandise', label: text.merchandise, icon: <StorefrontIcon /> },
];

/** The sidebar of the spec: each entry only for the roles that may open it; Settings folds away. */
export function Menu() {
  const { user } = useAuthState(session);
  const roles = user?.roleNames;
  const [sidebarOpen] = useSidebarState();
  const [settingsOpen, setSettingsOpen] = useStore('sidebar.settingsOpen', true);
  const groupId = useId();
  const visible = <T extends { area: string }>(entries: T[]) =>
    entries.filter((entry) => canAccess(roles, entry.area));
  const settings = visible(settingsEntries);
  return (
    <RaMenu>
      {visible(topEntries).map((entry) => (
        <RaMenu.Item key={entry.to} to={entry.to} primaryText={entry.label} leftIcon={entry.icon} />
      ))}
      {settings.length > 0 && (
        <>
          {/* Inside react-admin's menu every entry must be a menuitem, and nested ones sit in a group. */}
          <ListItemButton
            role="menuitem"
            onClick={() => setSettingsOpen(!settingsOpen)}
            aria-expanded={settingsOpen}
            aria-controls={groupId}
            sx={{ pl: 2 }}
          >
            <ListItemIcon sx={{ minWidth: 40 }}>
              <SettingsIcon />
            </ListItemIcon>
            <ListItemText primary={text.settingsGroup} />
            {settingsOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          </ListItemButton>
          <Collapse in={settingsOpen} timeout="auto" unmountOnExit id={groupId}>
            <List
              role="group"
              aria-label={text.settingsGroup}
              dense
              disablePadding
              sx={{ pl: sidebarOpen ? 2 : 0 }}
            >
              {settings.map((entry) => (
                <RaMenu.Item key={entry.to} to={entry.to} primaryText={entry.label} />
              ))}
            </List>
          </Collapse>
        </>
      )}
      {visible(bottomEntries).map((entry) => (
        <RaMenu.Item key={entry.to} to={entry.to} primaryText={entry.label} leftIcon={entry.icon} />
      ))}
    </RaMenu>
  );
}
