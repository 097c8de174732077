import DashboardIcon from '@mui/icons-material/Dashboard';
import EmailIcon from '@mui/icons-material/Email';
import ImageIcon from '@mui/icons-material/Image';
import { List, ListSubheader } from '@mui/material';
import { Menu as RaMenu } from 'react-admin';
import { canAccess } from '../contract/access';
import { appMessages } from '../i18n/en';
import { session } from '../providers';
import { useAuthState } from '../providers/session';

const text = appMessages.layout;

const topEntries = [
  { area: 'dashboard', to: '/admin/dashboard', label: text.dashboard, icon: <DashboardIcon /> },
  { area: 'design-logos', to: '/admin/design-logos', label: text.designLogos, icon: <ImageIcon /> },
  { area: 'email-template', to: '/admin/email-template', label: text.emailTemplates, icon: <EmailIcon /> },
];

const settingsEntries = [
  { area: 'users', to: '/admin/users', label: text.accounts },
  { area: 'promo-codes', to: '/admin/promo-codes', label: text.promos },
  { area: 'brands', to: '/admin/brands', label: text.brands },
];

/** The sidebar of the spec: each entry only for the roles that may open it. */
export function Menu() {
  const { user } = useAuthState(session);
  const roles = user?.roleNames;
  const visibleSettings = settingsEntries.filter((entry) => canAccess(roles, entry.area));
  return (
    <RaMenu>
      {topEntries
        .filter((entry) => canAccess(roles, entry.area))
        .map((entry) => (
          <RaMenu.Item key={entry.to} to={entry.to} primaryText={entry.label} leftIcon={entry.icon} />
        ))}
      {visibleSettings.length > 0 && (
        <List
          dense
          disablePadding
          subheader={<ListSubheader disableSticky>{text.settingsGroup}</ListSubheader>}
        >
          {visibleSettings.map((entry) => (
            <RaMenu.Item key={entry.to} to={entry.to} primaryText={entry.label} />
          ))}
        </List>
      )}
    </RaMenu>
  );
}
