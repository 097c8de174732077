import type { OrderItemInput } from '../../../contract/definitions/order-items';
import type { ResourceServer } from '../../engine/types';
import { storeOrderItems } from './items';
import { windowOf } from './windows';

/** `POST orders` with `items` stores them with the order, in its transaction. */
export const ordersServer: ResourceServer = {
  beforeChange: async (values, { tx, action, input }) => {
    const { items, ...row } = values;
    if (action !== 'create') return row;
    const lines = (items ?? input?.items ?? []) as OrderItemInput[];
    const window = await windowOf(
      tx,
      row.organizationId as number,
      new Date(),
      lines.map((line) => line.productId),
    );
    return { ...row, ...window };
  },
  afterChange: async (row, { tx, action, input }) => {
    const items = input?.items as OrderItemInput[] | undefined;
    if (action === 'create' && items)
      await storeOrderItems(tx, row.id as number, row.organizationId as number, items);
  },
};
