import { and, asc, eq, inArray, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { CampaignProduct, CampaignProductInput } from '../../../contract/campaigns';
import { campaigns as campaignsDefinition } from '../../../contract/definitions/campaigns';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { campaignProducts, campaigns, merchandise, orders } from '../../db/schema';
import { rowCondition } from '../../engine/scope';
import { badRequest, notFound } from '../../errors';
import { queueJob } from '../../jobs';
import { mediaUrl } from '../merchandise/media';
import { syncMerchandiseJob } from '../merchandise/products';

const scoped = { definition: campaignsDefinition, columns: campaigns as never };

/** A window within the actor's reach (its school's, or any for an Admin), else 404. */
export async function campaignOf(db: Db, actor: SessionUser, id: number) {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(rowCondition(scoped, actor, id));
  if (!row) throw notFound('Campaign');
  return row;
}

/**
 * Designs a reviewer has approved (or that are on sale): the only ones a window may sell. One
 * whose new text or price waits for a reviewer is still an approved design.
 */
const sellable = ['approved', 'published'] as const;
const isSellable = or(inArray(merchandise.reviewState, sellable), isNotNull(merchandise.pendingChanges));

/** Orders that count towards a window: a cancelled or refunded one sold nothing. */
export const counted = notInArray(orders.status, ['Cancelled', 'Refunded']);

/** The products a window sells, with the units its counted orders bought of each. */
export async function productsOf(db: Db, campaignId: number): Promise<CampaignProduct[]> {
  return (await productsOfWindows(db, [campaignId])).get(campaignId) ?? [];
}

/**
 * The products each of some windows sells, in one statement: the units are the ones the database
 * keeps on each window's product as its orders change (migration 0040), so no order is read.
 */
export async function productsOfWindows(db: Db, campaignIds: readonly number[]) {
  const byWindow = new Map<number, CampaignProduct[]>(campaignIds.map((id) => [id, []]));
  if (campaignIds.length === 0) return byWindow;
  const rows = await db
    .select({
      campaignId: campaignProducts.campaignId,
      productId: campaignProducts.productId,
      title: merchandise.title,
      thumbnailKey: merchandise.thumbnailKey,
      price: merchandise.price,
      minimum: campaignProducts.minimum,
      fundraising: campaignProducts.fundraising,
      units: campaignProducts.units,
    })
    .from(campaignProducts)
    .innerJoin(merchandise, eq(merchandise.id, campaignProducts.productId))
    .where(inArray(campaignProducts.campaignId, [...campaignIds]))
    .orderBy(asc(merchandise.title), asc(merchandise.id));
  for (const { thumbnailKey, campaignId, ...row } of rows)
    byWindow.get(campaignId)?.push({
      ...row,
      thumbnailUrl: thumbnailKey ? mediaUrl(thumbnailKey) : null,
      salePrice: Math.round((row.price + row.fundraising) * 100) / 100,
    });
  return byWindow;
}

/** The school's products a window may sell: approved or on sale, outside the trash. */
export async function candidatesOf(db: Db, organizationId: number) {
  const rows = await db
    .select({
      productId: merchandise.id,
      title: merchandise.title,
      thumbnailKey: merchandise.thumbnailKey,
      price: merchandise.price,
    })
    .from(merchandise)
    .where(and(eq(merchandise.organizationId, organizationId), isSellable, isNull(merchandise.archivedAt)))
    .orderBy(asc(merchandise.title), asc(merchandise.id));
  return rows.map(({ thumbnailKey, ...row }) => ({
    ...row,
    thumbnailUrl: thumbnailKey ? mediaUrl(thumbnailKey) : null,
  }));
}

/** Tells the storefront of each product whose sale a window's change starts or ends. */
export async function syncOnStorefront(tx: Db, organizationId: number, productIds: readonly number[]) {
  for (const merchandiseId of new Set(productIds))
    await queueJob(tx, syncMerchandiseJob, { merchandiseId }, { organizationId });
}

/**
 * Replaces what a window sells. Only before it closes (a closed window's orders are counted
 * against what it sold then), and only its school's approved products: a design no reviewer
 * approved never goes on sale through a window.
 */
export async function setProducts(
  db: Db,
  actor: SessionUser,
  campaignId: number,
  products: readonly CampaignProductInput[],
) {
  return db.transaction(async (tx) => {
    const [campaign] = await tx
      .select()
      .from(campaigns)
      .where(rowCondition(scoped, actor, campaignId))
      .for('update');
    if (!campaign) throw notFound('Campaign');
    if (campaign.state !== 'scheduled' && campaign.state !== 'open')
      throw badRequest('products', "A closed campaign's products cannot change");
    const ids = products.map((product) => product.productId);
    const found =
      ids.length === 0
        ? []
        : await tx
            .select({
              id: merchandise.id,
              title: merchandise.title,
              sellable: sql<boolean>`${isSellable}`,
            })
            .from(merchandise)
            .where(
              and(
                inArray(merchandise.id, ids),
                eq(merchandise.organizationId, campaign.organizationId),
                isNull(merchandise.archivedAt),
              ),
            );
    products.forEach((product, index) => {
      const row = found.find((candidate) => candidate.id === product.productId);
      if (!row) throw badRequest(`products.${index}.productId`, 'Product does not exist');
      if (!row.sellable) throw badRequest(`products.${index}.productId`, `'${row.title}' is not approved`);
    });
    const before = await tx
      .select({ productId: campaignProducts.productId })
      .from(campaignProducts)
      .where(eq(campaignProducts.campaignId, campaignId));
    await tx.delete(campaignProducts).where(eq(campaignProducts.campaignId, campaignId));
    if (products.length > 0)
      await tx.insert(campaignProducts).values(products.map((product) => ({ ...product, campaignId })));
    // An open window's products go on or off sale, and at the price with fundraising, now.
    if (campaign.state === 'open')
      await syncOnStorefront(tx as unknown as Db, campaign.organizationId, [
        ...before.map((row) => row.productId),
        ...ids,
      ]);
    return productsOf(tx as unknown as Db, campaignId);
  });
}
