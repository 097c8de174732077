import type { OrderItemInput } from '../../../contract/definitions/order-items';
import type { ResourceServer } from '../../engine/types';
import { storeOrderItems } from './items';

/** `POST orders` with `items` stores them with the order, in its transaction. */
export const ordersServer: ResourceServer = {
  beforeChange: (values) => {
    const { items: _items, ...row } = values;
    return row;
  },
  afterChange: async (row, { tx, action, input }) => {
    const items = input?.items as OrderItemInput[] | undefined;
    if (action === 'create' && items)
      await storeOrderItems(tx, row.id as number, row.organizationId as number, items);
  },
};
