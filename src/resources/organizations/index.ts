import ApartmentIcon from '@mui/icons-material/Apartment';
import { NotAvailableList } from '../NotAvailableList';
import type { ResourceConfig } from '../types';

const config: ResourceConfig = {
  name: 'organizations',
  label: 'Organizations',
  api: { path: 'organizations' },
  icon: ApartmentIcon,
  list: NotAvailableList,
};

export default config;
