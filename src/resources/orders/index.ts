import type { ResourceOverrides } from '../../admin/engine/types';
import { lazyNamed } from '../../lib/lazyNamed';

const OrderList = lazyNamed(() => import('./OrderList'), 'OrderList');

/** Orders are listed per organization: without one selected the page asks for one. */
const orders: ResourceOverrides = { list: OrderList };

export default orders;
