import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { itemsTotalFailure } from '../../../contract/definitions/order-items';
import type { OrderItemInput } from '../../../contract/definitions/order-items';
import { totalOf } from '../../../contract/definitions/orders';
import { audit } from '../../audit';
import type { Db } from '../../db/client';
import { merchandise, orders } from '../../db/schema';
import { badRequest, HttpError } from '../../errors';
import { storeOrderItems } from './items';
import { checkVariants, windowOf } from './windows';
import { garmentSizes } from '../../../contract/sizes';
import { announce, systemActor } from '../../db/announce';

/** Shopify signs the exact bytes it sends; any re-serialised body would not match. */
function verifyShopifySignature(secret: string, rawBody: Buffer, header: unknown) {
  if (typeof header !== 'string' || header.length === 0) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(header, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const money = z.union([z.string(), z.number()]).transform((value, context) => {
  const amount = Number(value);
  if (!Number.isFinite(amount) || amount < 0 || amount > 1_000_000) {
    context.addIssue({ code: 'custom', message: 'Price is not an amount of money' });
    return z.NEVER;
  }
  return Math.round(amount * 100) / 100;
});

/** The part of Shopify's `orders/create` payload we keep; everything else is ignored. */
const shopifyOrderSchema = z.object({
  id: z.union([z.number(), z.string()]).transform(String),
  // The numeric id may outgrow a double in JSON.parse; the GraphQL id carries it as text.
  admin_graphql_api_id: z.string().max(200).nullish(),
  name: z.string().min(1).max(100),
  email: z.string().max(256).nullish(),
  contact_email: z.string().max(256).nullish(),
  created_at: z.iso.datetime({ offset: true }).nullish(),
  cancelled_at: z.string().nullish(),
  financial_status: z.string().nullish(),
  fulfillment_status: z.string().nullish(),
  customer: z
    .object({
      first_name: z.string().nullish(),
      last_name: z.string().nullish(),
      email: z.string().nullish(),
    })
    .nullish(),
  billing_address: z.object({ name: z.string().nullish() }).nullish(),
  line_items: z
    .array(
      z.object({
        product_id: z.union([z.number(), z.string()]).nullish(),
        title: z.string().min(1).max(200),
        quantity: z.number().int().min(1).max(10_000),
        price: money,
        variant_title: z.string().max(255).nullish(),
        properties: z
          .array(z.object({ name: z.string().max(255), value: z.unknown() }))
          .max(100)
          .nullish(),
      }),
    )
    .min(1)
    .max(500),
});
type ShopifyOrder = z.infer<typeof shopifyOrderSchema>;

/** Shopify's payment and fulfilment states in the portal's few. */
function statusOf(order: ShopifyOrder) {
  if (order.cancelled_at) return 'Cancelled';
  if (order.financial_status === 'refunded' || order.financial_status === 'partially_refunded')
    return 'Refunded';
  if (order.financial_status === 'voided') return 'Cancelled';
  if (order.fulfillment_status === 'fulfilled') return 'Shipped';
  if (order.financial_status === 'pending' || order.financial_status === 'authorized') return 'Pending';
  return 'Paid';
}

type ShopifyLine = ShopifyOrder['line_items'][number];

/**
 * The size and colour a buyer chose: named in the line's properties ("Size", "Colour" or
 * "Color"), else read from its variant's title: "M / Navy" (size first, as a two-option
 * product lists them, unless only the second is a garment size), "Navy" or "M" alone. The
 * product's own sizes and colours check them after.
 */
function variantOf(line: ShopifyLine) {
  const property = (...names: string[]) => {
    const found = line.properties?.find((entry) => names.includes(entry.name.trim().toLowerCase()));
    return typeof found?.value === 'string' && found.value.trim() ? found.value.trim().slice(0, 50) : null;
  };
  const parts = (line.variant_title ?? '')
    .split(' / ')
    .map((part) => part.trim())
    .filter((part) => part && part !== 'Default Title');
  const isSize = (part: string) => garmentSizes.some((size) => size.toLowerCase() === part.toLowerCase());
  const [first, second] = parts;
  const [size, colour] =
    parts.length >= 2
      ? isSize(second) && !isSize(first)
        ? [second, first]
        : [first, second]
      : first && isSize(first)
        ? [first, undefined]
        : [undefined, first];
  return {
    size: property('size') ?? size?.slice(0, 20) ?? null,
    colour: property('colour', 'color') ?? colour?.slice(0, 50) ?? null,
  };
}

const customerNameOf = (order: ShopifyOrder) =>
  [order.customer?.first_name, order.customer?.last_name].filter(Boolean).join(' ').trim() ||
  order.billing_address?.name?.trim() ||
  'Shopify customer';

/** Shopify's ids are 64-bit numbers; a longer one is no order of theirs, and no index takes 5,000 characters. */
const maxShopifyOrderIdLength = 40;
/** Before any storefront, and PostgreSQL's range ends long before year 10,000 in every offset. */
const earliestOrderDate = Date.UTC(2000, 0, 1);
/** A storefront's clock may run ahead of ours, by hours, not days. */
const latestOrderDateAhead = 24 * 60 * 60_000;

const orderIdTooLong = 'The order id is too long';
const orderDateOutOfRange = 'The order date is out of range';

/** What makes a signed order impossible to store, however often Shopify delivers it. */
function unstorable(order: ShopifyOrder, externalId: string) {
  if (externalId.length > maxShopifyOrderIdLength) return orderIdTooLong;
  if (order.created_at) {
    const time = new Date(order.created_at).getTime();
    if (!(time >= earliestOrderDate && time <= Date.now() + latestOrderDateAhead)) return orderDateOutOfRange;
  }
  return undefined;
}

/** The collection of every order that came from the Shopify storefront. */
const shopifyCollection = 'Shopify';

/**
 * Records a Shopify order: one order per school whose products it sold (see docs/decisions.md),
 * each once however often Shopify delivers it. Returns the ids of the orders stored now.
 */
async function recordShopifyOrder(
  db: Db,
  order: ShopifyOrder,
): Promise<{ stored: number[]; unattributed?: boolean; rejected?: string }> {
  const externalId =
    /^gid:\/\/shopify\/Order\/(\d+)$/.exec(order.admin_graphql_api_id ?? '')?.[1] ?? order.id;
  const externalIds = [
    ...new Set(
      order.line_items
        .map((item) => item.product_id)
        .filter((id) => id != null)
        .map(String),
    ),
  ];
  const products =
    externalIds.length === 0
      ? []
      : await db
          .select({
            id: merchandise.id,
            externalId: merchandise.externalId,
            organizationId: merchandise.organizationId,
          })
          .from(merchandise)
          .where(and(isNotNull(merchandise.externalId), inArray(merchandise.externalId, externalIds)));
  const productOf = (item: ShopifyLine) =>
    item.product_id == null
      ? undefined
      : products.find((product) => product.externalId === String(item.product_id));

  const groups = new Map<number, OrderItemInput[]>();
  const unknown: OrderItemInput[] = [];
  for (const item of order.line_items) {
    const product = productOf(item);
    const line = {
      productId: product?.id ?? null,
      title: item.title,
      quantity: item.quantity,
      unitPrice: item.price,
      ...(product ? variantOf(item) : { size: null, colour: null }),
    };
    if (!product) unknown.push(line);
    else groups.set(product.organizationId, [...(groups.get(product.organizationId) ?? []), line]);
  }
  if (groups.size === 0) return { stored: [], unattributed: true };
  // Items we do not know were sold in the same checkout: they go with the school that sold the most.
  const [largest] = [...groups.entries()].sort(([aId, a], [bId, b]) => totalOf(b) - totalOf(a) || aId - bId);
  largest[1].push(...unknown);
  let rejected = unstorable(order, externalId) ?? [...groups.values()].map(itemsTotalFailure).find(Boolean);
  for (const [organizationId, items] of rejected ? [] : groups) {
    const checked = await checkVariants(db, items);
    if ('items' in checked) groups.set(organizationId, checked.items);
    else rejected ??= checked.message;
  }
  if (rejected) {
    // Shopify would deliver the same order again and again; an Admin finds it in the audit log.
    const entityId = externalId.length > maxShopifyOrderIdLength ? null : externalId;
    await audit(db, null, 'shopify-rejected', 'shopify-order', entityId, {
      orderNumber: order.name,
      reason: rejected,
    });
    return { stored: [], rejected };
  }

  // A window counts an order by when it was placed, however late Shopify delivers it.
  const placedAt = order.created_at ? new Date(order.created_at) : new Date();
  const stored: { id: number; organizationId: number }[] = [];
  await db.transaction(async (tx) => {
    for (const [organizationId, items] of groups) {
      const [row] = await tx
        .insert(orders)
        .values({
          organizationId,
          externalId,
          collectionId: shopifyCollection,
          orderNumber: order.name,
          customerName: customerNameOf(order),
          customerEmail: order.email || order.contact_email || order.customer?.email || '',
          total: totalOf(items),
          status: statusOf(order),
          createdAt: placedAt,
          ...(await windowOf(
            tx as unknown as Db,
            organizationId,
            placedAt,
            items.map((item) => item.productId),
          )),
        })
        .onConflictDoNothing({ target: [orders.externalId, orders.organizationId] })
        .returning({ id: orders.id });
      if (!row) continue;
      await storeOrderItems(tx as unknown as Db, row.id, organizationId, items);
      stored.push({ id: row.id, organizationId });
    }
    // Last: the change log's lock is held from the first announcement to the commit.
    for (const { id, organizationId } of stored) {
      await announce(tx as unknown as Db, {
        resource: 'orders',
        id,
        action: 'created',
        version: null,
        by: systemActor('Shopify'),
        organizationId,
      });
    }
  });
  return { stored: stored.map((order) => order.id) };
}

const webhookBodyLimit = 1024 * 1024;

/**
 * `POST orders/shopify-webhook`: Shopify's `orders/create`, server to server. No session: the
 * signature over the raw body is the only credential, checked before the body is even parsed.
 */
export const shopifyWebhook =
  (secret: string): FastifyPluginAsync =>
  async (app) => {
    // This scope alone keeps JSON bodies as the bytes Shopify signed.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: webhookBodyLimit },
      (_request, body, done) => done(null, body),
    );
    app.post(
      '/shopify-webhook',
      {
        bodyLimit: webhookBodyLimit,
        schema: {
          tags: ['orders'],
          security: [{ shopifyWebhook: [] }],
          response: { 200: z.object({ result: z.object({ stored: z.number().int() }) }) },
          description:
            "Shopify's orders/create webhook. Authenticated by X-Shopify-Hmac-Sha256 (base64 HMAC-SHA256 of the raw body with the app secret); a delivery seen before stores nothing, and so does an order whose total or date is out of range or whose id is too long (recorded in the audit log as 'shopify-rejected' instead, so that Shopify does not retry it).",
        },
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!verifyShopifySignature(secret, raw, request.headers['x-shopify-hmac-sha256']))
          throw new HttpError(401, 'The webhook signature is not valid');
        let json: unknown;
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          throw badRequest('', 'The body is not JSON');
        }
        const parsed = shopifyOrderSchema.safeParse(json);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw badRequest(issue.path.join('.'), issue.message);
        }
        const result = await recordShopifyOrder(app.db, parsed.data);
        if (result.unattributed)
          request.log.warn(
            { shopifyOrderId: parsed.data.id },
            'Shopify order sold none of our products: not recorded',
          );
        if (result.rejected)
          request.log.warn(
            { shopifyOrderId: parsed.data.id, reason: result.rejected },
            'Shopify order refused: not recorded',
          );
        return { result: { stored: result.stored.length } };
      },
    );
  };
