import BusinessIcon from '@mui/icons-material/Business';
import CheckroomIcon from '@mui/icons-material/Checkroom';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EmailIcon from '@mui/icons-material/Email';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import GroupsIcon from '@mui/icons-material/Groups';
import HistoryIcon from '@mui/icons-material/History';
import ImageIcon from '@mui/icons-material/Image';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptIcon from '@mui/icons-material/Receipt';
import SellIcon from '@mui/icons-material/Sell';
import SettingsIcon from '@mui/icons-material/Settings';
import StorefrontIcon from '@mui/icons-material/Storefront';
import TuneIcon from '@mui/icons-material/Tune';
import WorkHistoryIcon from '@mui/icons-material/WorkHistory';
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { type ReactElement, useId } from 'react';
import {
  type MenuProps,
  Menu as RaMenu,
  useCanAccessResources,
  useSidebarState,
  useStore,
  useTranslate,
} from 'react-admin';
import { canAccess } from '../../contract/access';
import type { AnyResource, MenuIcon } from '../../contract/resource';
import { definitionsWithoutSchemas } from '../../contract/definitions/without-schemas';
import { session } from '../providers';
import { useAuthState } from '../providers/session';
import { type ResourceText, useResourceText } from '../admin/engine/labels';

/** The icons a definition may name (`MenuIcon`), bundled with the sidebar: one for every name. */
const icons: Record<MenuIcon, ReactElement> = {
  Business: <BusinessIcon />,
  Email: <EmailIcon />,
  Groups: <GroupsIcon />,
  History: <HistoryIcon />,
  LocalOffer: <LocalOfferIcon />,
  People: <PeopleIcon />,
  Receipt: <ReceiptIcon />,
  Sell: <SellIcon />,
  Tune: <TuneIcon />,
  WorkHistory: <WorkHistoryIcon />,
};

interface Entry {
  to: string;
  label: string;
  icon: ReactElement;
  order: number;
}

/** The custom pages of the sidebar, placed among the resources by `order`. */
const pages = [
  { area: 'dashboard', label: 'app.layout.dashboard', icon: <DashboardIcon />, order: 10 },
  { area: 'design-logos', label: 'app.layout.designLogos', icon: <ImageIcon />, order: 20 },
  { area: 'merchandise', label: 'app.layout.merchandise', icon: <StorefrontIcon />, order: 70 },
  { area: 'base-apparel', label: 'app.layout.baseApparel', icon: <CheckroomIcon />, order: 71 },
];

/** Where the Settings group sits among the top-level entries: after Email Templates. */
const settingsGroupOrder = 40;

const entryOf =
  (text: ResourceText) =>
  (definition: AnyResource): Entry => ({
    to: `/admin/${definition.name}`,
    label: text.menu(definition),
    icon: icons[definition.menu!.icon],
    order: definition.menu!.order,
  });

const byOrder = (a: Entry, b: Entry) => a.order - b.order;

/**
 * The sidebar of the spec, from the resource definitions' `menu`: each entry only for the roles
 * that may list it (`authProvider.canAccess`), the 'settings' group folding away.
 */
export function Menu({
  definitions = definitionsWithoutSchemas,
}: MenuProps & { definitions?: readonly AnyResource[] }) {
  const inMenu = definitions.filter((definition) => definition.menu);
  const translate = useTranslate();
  const text = useResourceText();
  const { user } = useAuthState(session);
  const [sidebarOpen] = useSidebarState();
  const [settingsOpen, setSettingsOpen] = useStore('sidebar.settingsOpen', true);
  const groupId = useId();
  const { canAccess: listable } = useCanAccessResources({
    action: 'list',
    resources: inMenu.map((definition) => definition.name),
  });
  const visible = inMenu.filter((definition) => listable?.[definition.name]);
  const top = [
    ...pages
      .filter((page) => canAccess(user?.roleNames, page.area))
      .map((page) => ({ ...page, label: translate(page.label), to: `/admin/${page.area}` })),
    ...visible.filter((definition) => !definition.menu!.group).map(entryOf(text)),
  ].sort(byOrder);
  const settings = visible
    .filter((definition) => definition.menu!.group === 'settings')
    .map(entryOf(text))
    .sort(byOrder);
  const item = (entry: Entry) => (
    <RaMenu.Item key={entry.to} to={entry.to} primaryText={entry.label} leftIcon={entry.icon} />
  );
  return (
    <RaMenu>
      {top.filter((entry) => entry.order < settingsGroupOrder).map(item)}
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
            <ListItemText primary={translate('app.layout.settingsGroup')} />
            {settingsOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          </ListItemButton>
          <Collapse in={settingsOpen} timeout="auto" unmountOnExit id={groupId}>
            <List
              role="group"
              aria-label={translate('app.layout.settingsGroup')}
              dense
              disablePadding
              sx={{ pl: sidebarOpen ? 2 : 0 }}
            >
              {settings.map(item)}
            </List>
          </Collapse>
        </>
      )}
      {top.filter((entry) => entry.order >= settingsGroupOrder).map(item)}
    </RaMenu>
  );
}
