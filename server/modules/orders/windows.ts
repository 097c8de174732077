import { and, asc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { OrderItemInput } from '../../../contract/definitions/order-items';
import type { Db } from '../../db/client';
import {
  apparelColours,
  baseApparel,
  campaignProducts,
  campaigns,
  merchandise,
  merchandiseColours,
} from '../../db/schema';

/** What a buyer may choose of a product: its garment's sizes and the colours it is sold in. */
interface Variants {
  sizes: string[];
  colours: string[];
}

/**
 * The sizes and colours of each product named: a product sold in no colour of its own is sold in
 * its garment's catalogue colour, the first.
 */
export async function variantsOf(db: Db, productIds: readonly number[]) {
  const variants = new Map<number, Variants>();
  if (productIds.length === 0) return variants;
  const products = await db
    .select({ id: merchandise.id, sizes: baseApparel.sizes, baseApparelId: merchandise.baseApparelId })
    .from(merchandise)
    .innerJoin(baseApparel, eq(baseApparel.id, merchandise.baseApparelId))
    .where(inArray(merchandise.id, [...productIds]));
  const own = await db
    .select({ merchandiseId: merchandiseColours.merchandiseId, name: merchandiseColours.name })
    .from(merchandiseColours)
    .where(inArray(merchandiseColours.merchandiseId, [...productIds]))
    .orderBy(asc(merchandiseColours.id));
  const catalogue = await db
    .select({ baseApparelId: apparelColours.baseApparelId, name: apparelColours.name })
    .from(apparelColours)
    .where(
      inArray(
        apparelColours.baseApparelId,
        products.map((product) => product.baseApparelId),
      ),
    )
    .orderBy(asc(apparelColours.id));
  for (const product of products) {
    const colours = own.filter((colour) => colour.merchandiseId === product.id).map((colour) => colour.name);
    const first = catalogue.find((colour) => colour.baseApparelId === product.baseApparelId);
    variants.set(product.id, {
      sizes: product.sizes,
      colours: colours.length > 0 ? colours : first ? [first.name] : [],
    });
  }
  return variants;
}

const sameWord = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) === 0;

/**
 * Checks each line's size and colour against what its product is sold in, spelled as the
 * product spells them. A line of no product of ours keeps what it says. Answers the lines to
 * store, or the first failure with the field it names.
 */
export async function checkVariants(
  db: Db,
  items: readonly OrderItemInput[],
): Promise<{ items: OrderItemInput[] } | { path: string; message: string }> {
  const ids = [...new Set(items.map((item) => item.productId).filter((id) => id !== null))];
  const variants = await variantsOf(db, ids);
  const checked: OrderItemInput[] = [];
  for (const [index, item] of items.entries()) {
    const known = item.productId === null ? undefined : variants.get(item.productId);
    if (!known) {
      checked.push(item);
      continue;
    }
    const size = item.size === null ? null : known.sizes.find((size) => sameWord(size, item.size!));
    if (size === undefined)
      return {
        path: `items.${index}.size`,
        message: `Size '${item.size}' is not one of ${known.sizes.join(', ')}`,
      };
    const colour =
      item.colour === null || known.colours.length === 0
        ? item.colour
        : known.colours.find((colour) => sameWord(colour, item.colour!));
    if (colour === undefined)
      return {
        path: `items.${index}.colour`,
        message: `Colour '${item.colour}' is not one of ${known.colours.join(', ')}`,
      };
    checked.push({ ...item, size, colour });
  }
  return { items: checked };
}

/**
 * The store window an order arrived in: a window of its school, open now and at the order's time,
 * that sells one of its products; the one closing first where two do. A closed window takes no
 * more orders (the shop prints what it had, even for one placed in time but delivered late). An
 * order of a product some window sells that arrives in none is kept and flagged (`outsideWindow`),
 * never dropped; an order of products no window sells belongs to none and is not flagged.
 */
export async function windowOf(
  db: Db,
  organizationId: number,
  at: Date,
  productIds: readonly (number | null)[],
): Promise<{ campaignId: number | null; outsideWindow: boolean }> {
  const ids = [...new Set(productIds.filter((id) => id !== null))];
  const open = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.organizationId, organizationId),
        isNull(campaigns.deletedAt),
        eq(campaigns.state, 'open'),
        lte(campaigns.opensAt, at),
        gt(campaigns.closesAt, at),
      ),
    )
    .orderBy(asc(campaigns.closesAt), asc(campaigns.id));
  const selling =
    ids.length === 0
      ? []
      : await db
          .select({ campaignId: campaignProducts.campaignId })
          .from(campaignProducts)
          .innerJoin(campaigns, eq(campaigns.id, campaignProducts.campaignId))
          .where(
            and(
              inArray(campaignProducts.productId, ids),
              eq(campaigns.organizationId, organizationId),
              isNull(campaigns.deletedAt),
            ),
          );
  const window = open.find((candidate) => selling.some((row) => row.campaignId === candidate.id));
  if (window) return { campaignId: window.id, outsideWindow: false };
  return { campaignId: null, outsideWindow: selling.length > 0 };
}
