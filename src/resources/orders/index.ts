import ReceiptIcon from '@mui/icons-material/Receipt';
import { NotAvailableList } from '../NotAvailableList';
import type { ResourceConfig } from '../types';

const config: ResourceConfig = {
  name: 'orders',
  label: 'Orders',
  api: { path: 'orders' },
  icon: ReceiptIcon,
  list: NotAvailableList,
};

export default config;
