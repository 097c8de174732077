import { createElement } from 'react';
import { Route } from 'react-router';
import { RecordPage } from '../../admin/engine/paths';
import type { ResourceOverrides } from '../../admin/engine/types';
import { lazyNamed } from '../../lib/lazyNamed';

const OrderDetails = lazyNamed(() => import('./OrderDetails'), 'OrderDetails');
const DetailsLink = lazyNamed(() => import('./DetailsLink'), 'DetailsLink');

/**
 * The engine lists orders under the selected organization (`routes.table.scopeParam`); each row
 * opens its read-only details with the items sold.
 */
const orders: ResourceOverrides = {
  rowActions: DetailsLink,
  routes: [
    createElement(Route, {
      key: 'details',
      path: 'details/:id',
      element: createElement(RecordPage, { page: OrderDetails }),
    }),
  ],
};

export default orders;
