import PeopleIcon from '@mui/icons-material/People';
import { NotAvailableList } from '../NotAvailableList';
import type { ResourceConfig } from '../types';

const config: ResourceConfig = {
  name: 'users',
  label: 'Accounts',
  api: { path: 'users' },
  icon: PeopleIcon,
  list: NotAvailableList,
};

export default config;
