import ReceiptIcon from '@mui/icons-material/Receipt';
import { lazyNamed } from '../../lib/lazyNamed';
import type { ResourceConfig } from '../types';
const OrderList = lazyNamed(() => import('./OrderList'), 'OrderList');

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
