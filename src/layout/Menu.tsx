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
import EventIcon from '@mui/icons-material/Event';
import RateReviewIcon from '@mui/icons-material/RateReview';
import {
  Box,
  Collapse,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  type Theme,
  Tooltip,
  useMediaQuery,
} from '@mui/material';
import { type ReactElement, useId } from 'react';
import {
  CLOSED_DRAWER_WIDTH,
  DRAWER_WIDTH,
  type MenuProps,
  useCanAccessResources,
  useSidebarState,
  useStore,
  useTranslate,
} from 'react-admin';
import { NavLink } from 'react-router';
import { canAccess } from '../../contract/access';
import type { AnyResource, MenuIcon } from '../../contract/resource';
import { definitionsWithoutSchemas } from '../../contract/definitions/without-schemas';
import { session } from '../providers';
import { useAuthState } from '../providers/session';
import { type ResourceText, useResourceText } from '../admin/engine/labels';
import { pageLabels } from './pages';

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
  Event: <EventIcon />,
};

interface Entry {
  to: string;
  label: string;
  icon: ReactElement;
  order: number;
}

/** The custom pages of the sidebar, placed among the resources by `order`. */
const pages = [
  { area: 'dashboard', icon: <DashboardIcon />, order: 10 },
  { area: 'design-logos', icon: <ImageIcon />, order: 20 },
  { area: 'merchandise', icon: <StorefrontIcon />, order: 70 },
  { area: 'reviews', icon: <RateReviewIcon />, order: 72 },
  { area: 'base-apparel', icon: <CheckroomIcon />, order: 71 },
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

/** An entry's icon and text, in the colours react-admin's sidebar gives them. */
const entrySx = {
  color: 'text.secondary',
  '&.active, &.active .MuiListItemIcon-root': { color: 'text.primary' },
  '& .MuiListItemIcon-root': { minWidth: 40, color: 'text.secondary' },
} as const;

/**
 * One link of the sidebar. On a phone or tablet, where the sidebar covers the page, following
 * it closes the sidebar; folded to its icons, the entry's name shows on hover.
 */
function SidebarLink({ entry }: { entry: Entry }) {
  const [open, setOpen] = useSidebarState();
  const covers = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const link = (
    <ListItemButton component={NavLink} to={entry.to} onClick={() => covers && setOpen(false)} sx={entrySx}>
      <ListItemIcon>{entry.icon}</ListItemIcon>
      <ListItemText primary={entry.label} slotProps={{ primary: { noWrap: true } }} />
    </ListItemButton>
  );
  return (
    <ListItem disablePadding>
      {open ? (
        link
      ) : (
        <Tooltip title={entry.label} placement="right">
          {link}
        </Tooltip>
      )}
    </ListItem>
  );
}

/**
 * The sidebar of the spec, from the resource definitions' `menu`: each entry only for the roles
 * that may list it (`authProvider.canAccess`), the 'settings' group folding away. A navigation
 * landmark of links, not react-admin's `role=menu`: a menu promises arrow keys and one Tab stop,
 * and screen readers list the pages' links by the landmark.
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
      .map((page) => ({ ...page, label: translate(pageLabels[page.area]), to: `/admin/${page.area}` })),
    ...visible.filter((definition) => !definition.menu!.group).map(entryOf(text)),
  ].sort(byOrder);
  const settings = visible
    .filter((definition) => definition.menu!.group === 'settings')
    .map(entryOf(text))
    .sort(byOrder);
  const item = (entry: Entry) => <SidebarLink key={entry.to} entry={entry} />;
  return (
    <Box
      component="nav"
      aria-label={translate('app.layout.sidebar')}
      sx={(theme) => ({
        width: sidebarOpen ? DRAWER_WIDTH : CLOSED_DRAWER_WIDTH,
        transition: theme.transitions.create('width', {
          easing: theme.transitions.easing.sharp,
          duration: theme.transitions.duration.leavingScreen,
        }),
      })}
    >
      <List>
        {top.filter((entry) => entry.order < settingsGroupOrder).map(item)}
        {settings.length > 0 && (
          <ListItem disablePadding sx={{ display: 'block' }}>
            <ListItemButton
              onClick={() => setSettingsOpen(!settingsOpen)}
              aria-expanded={settingsOpen}
              aria-controls={groupId}
              sx={entrySx}
            >
              <ListItemIcon>
                <SettingsIcon />
              </ListItemIcon>
              <ListItemText primary={translate('app.layout.settingsGroup')} />
              {settingsOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            </ListItemButton>
            <Collapse in={settingsOpen} timeout="auto" unmountOnExit id={groupId}>
              <List
                aria-label={translate('app.layout.settingsGroup')}
                dense
                disablePadding
                sx={{ pl: sidebarOpen ? 2 : 0 }}
              >
                {settings.map(item)}
              </List>
            </Collapse>
          </ListItem>
        )}
        {top.filter((entry) => entry.order >= settingsGroupOrder).map(item)}
      </List>
    </Box>
  );
}
