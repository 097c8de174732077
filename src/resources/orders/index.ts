import ReceiptIcon from '@mui/icons-material/Receipt';
import type { ResourceConfig } from '../types';
import { OrderList } from './OrderList';

const config: ResourceConfig = {
  name: 'orders',
  label: 'Orders',
  api: {
    path: 'orders',
    // Orders live under their organization; without one there is nothing to ask for.
    tablePath: (filter) =>
      typeof filter.organizationId === 'number' ? `orders/organization/${filter.organizationId}/table` : null,
  },
  icon: ReceiptIcon,
  list: OrderList,
  recordRepresentation: 'orderNumber',
};

export default config;
