import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaignProducts } from '../../db/schema';
import type { ResourceServer } from '../../engine/types';
import { queueJob } from '../../jobs';
import { closeOutJob } from './close-out';
import { syncOnStorefront } from './products';

/**
 * A window's steps reach the storefront and the print shop in the step's own transaction: opening
 * puts its products on sale at their window's price, closing takes them off and queues the
 * close-out package; trashing or restoring a window changes what its products are sold in too.
 */
export const campaignsServer: ResourceServer = {
  afterChange: async (row, { tx, action, transition }) => {
    if (action !== 'transition' && action !== 'delete' && action !== 'restore') return;
    const campaignId = row.id as number;
    const organizationId = row.organizationId as number;
    const sold = await tx
      .select({ productId: campaignProducts.productId })
      .from(campaignProducts)
      .where(eq(campaignProducts.campaignId, campaignId));
    await syncOnStorefront(
      tx as Db,
      organizationId,
      sold.map((product) => product.productId),
    );
    if (transition?.transition === 'close')
      await queueJob(tx, closeOutJob, { campaignId }, { organizationId, maxAttempts: 5 });
  },
};
