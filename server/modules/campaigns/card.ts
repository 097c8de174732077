import { and, asc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { CampaignCard } from '../../../contract/campaigns';
import { isAdmin } from '../../../contract/roles';
import type { SessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { campaigns, organizations } from '../../db/schema';
import { forbidden } from '../../errors';
import { productsOfWindows } from './products';

const day = 86_400_000;

/** An Admin's card looks this far ahead for windows about to close. */
const adminHorizonDays = 7;

/**
 * Most windows one card lists: a week in which more than this many windows close across the
 * schools is read in the campaigns list (sorted by closing), not on a dashboard card.
 */
const maxCardCampaigns = 20;

const cents = (amount: number) => Math.round(amount * 100) / 100;

/**
 * The dashboard's store-window card: a director's school's open windows, or, for an Admin, every
 * school's windows not closed yet whose closing falls within the next seven days; each with its
 * products' units against their minimums and the money raised so far.
 */
export async function campaignCard(db: Db, actor: SessionUser, now = new Date()): Promise<CampaignCard> {
  const admin = isAdmin(actor.roles);
  if (!admin && actor.organizationId === null) throw forbidden();
  const rows = await db
    .select({
      id: campaigns.id,
      name: campaigns.name,
      organizationName: organizations.name,
      state: campaigns.state,
      opensAt: campaigns.opensAt,
      closesAt: campaigns.closesAt,
    })
    .from(campaigns)
    .innerJoin(organizations, eq(organizations.id, campaigns.organizationId))
    .where(
      and(
        isNull(campaigns.deletedAt),
        admin
          ? and(
              inArray(campaigns.state, ['scheduled', 'open']),
              gt(campaigns.closesAt, now),
              lte(campaigns.closesAt, new Date(now.getTime() + adminHorizonDays * day)),
            )
          : and(eq(campaigns.organizationId, actor.organizationId!), eq(campaigns.state, 'open')),
      ),
    )
    .orderBy(asc(campaigns.closesAt), asc(campaigns.id))
    .limit(maxCardCampaigns);
  const cards = [];
  const sold = await productsOfWindows(
    db,
    rows.map((row) => row.id),
  );
  for (const row of rows) {
    const products = sold.get(row.id)!.map((product) => ({
      productId: product.productId,
      title: product.title,
      minimum: product.minimum,
      units: product.units,
      met: product.units >= product.minimum,
      fundraising: product.fundraising,
      raised: cents(product.fundraising * product.units),
    }));
    cards.push({
      ...row,
      opensAt: row.opensAt.toISOString(),
      closesAt: row.closesAt.toISOString(),
      daysLeft: Math.max(0, Math.floor((row.closesAt.getTime() - now.getTime()) / day)),
      products,
      raised: cents(products.reduce((sum, product) => sum + product.raised, 0)),
    });
  }
  return { campaigns: cards };
}
