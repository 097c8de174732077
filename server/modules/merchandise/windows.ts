import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaignProducts, campaigns } from '../../db/schema';

/**
 * How store windows sell a product (issue 50): one in no window sells as its review says; one in
 * a window is on sale only while a window of it is open, at its price plus that window's
 * fundraising amount (the one closing first, where two are open at once).
 */
export async function windowSale(db: Db, productId: number, price: number) {
  const windows = await db
    .select({ state: campaigns.state, fundraising: campaignProducts.fundraising })
    .from(campaignProducts)
    .innerJoin(campaigns, eq(campaigns.id, campaignProducts.campaignId))
    .where(and(eq(campaignProducts.productId, productId), isNull(campaigns.deletedAt)))
    .orderBy(asc(campaigns.closesAt));
  if (windows.length === 0) return { onSale: true, price };
  const open = windows.find((window) => window.state === 'open');
  if (!open) return { onSale: false, price };
  return { onSale: true, price: Math.round((price + open.fundraising) * 100) / 100 };
}
