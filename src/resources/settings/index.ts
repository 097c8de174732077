import SettingsIcon from '@mui/icons-material/Settings';
import { NotAvailableList } from '../NotAvailableList';
import type { ResourceConfig } from '../types';

const config: ResourceConfig = {
  name: 'settings',
  label: 'Settings',
  api: { path: 'settings' },
  icon: SettingsIcon,
  list: NotAvailableList,
};

export default config;
