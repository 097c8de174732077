import StorefrontIcon from '@mui/icons-material/Storefront';
import { NotAvailableList } from '../NotAvailableList';
import type { ResourceConfig } from '../types';

const config: ResourceConfig = {
  name: 'brands',
  label: 'Brands',
  api: { path: 'brands' },
  icon: StorefrontIcon,
  list: NotAvailableList,
};

export default config;
