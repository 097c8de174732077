import { createElement } from 'react';
import { Route } from 'react-router';
import { RecordPage } from '../../admin/engine/paths';
import type { ResourceOverrides } from '../../admin/engine/types';
import { lazyNamed } from '../../lib/lazyNamed';

const OrderList = lazyNamed(() => import('./OrderList'), 'OrderList');
const OrderDetails = lazyNamed(() => import('./OrderDetails'), 'OrderDetails');

/**
 * Orders are listed per organization: without one selected the page asks for one. Each row
 * opens its read-only details with the items sold.
 */
const orders: ResourceOverrides = {
  list: OrderList,
  routes: [
    createElement(Route, {
      key: 'details',
      path: 'details/:id',
      element: createElement(RecordPage, { page: OrderDetails }),
    }),
  ],
};

export default orders;
