import { signShopifyWebhook } from '../merchandise/fake-shopify';
import { baseApparel, campaignProducts, campaigns, merchandise } from '../../../../server/db/schema';
import type { Database } from '../../../../server/db/client';
import { testApp } from '../../helpers';

/** A ready product of an organization, made straight in the database: orders only need it to exist. */
export async function addProduct(
  db: Database['db'],
  organizationId: number,
  product: {
    title: string;
    price: number;
    externalId?: string;
    thumbnailKey?: string;
    reviewState?: (typeof merchandise.$inferInsert)['reviewState'];
  },
) {
  const [apparel] = await db
    .insert(baseApparel)
    .values({
      title: 'Classic Cotton Tee',
      description: 'Cotton tee',
      price: 14.5,
      imageKey: 'base-apparel/tee',
    })
    .returning();
  const [row] = await db
    .insert(merchandise)
    .values({
      organizationId,
      baseApparelId: apparel.id,
      title: product.title,
      description: product.title,
      price: product.price,
      status: 'ready',
      externalId: product.externalId ?? null,
      thumbnailKey: product.thumbnailKey ?? null,
      reviewState: product.reviewState ?? 'published',
    })
    .returning();
  return row;
}

const day = 86_400_000;

/** An open store window of a school, 'Spirit Week Store', selling each product named against its minimum. */
export async function openWindow(
  db: Database['db'],
  organizationId: number,
  products: { productId: number; minimum: number }[],
  { opensAt = new Date(Date.now() - day), closesAt = new Date(Date.now() + day) } = {},
) {
  const [window] = await db
    .insert(campaigns)
    .values({ name: 'Spirit Week Store', organizationId, opensAt, closesAt, state: 'open' })
    .returning();
  if (products.length > 0)
    await db
      .insert(campaignProducts)
      .values(products.map((product) => ({ campaignId: window.id, ...product })));
  return window.id;
}

export const shopifySecret = 'shpss_test-app-secret-0123456789';

/** A test server whose storefront is a Shopify store: its orders webhook is served. */
export const shopifyTestApp = () =>
  testApp({
    shopify: {
      shopUrl: 'https://shop.example',
      accessToken: 'shpat_x',
      apiVersion: '2025-01',
      webhookSecret: shopifySecret,
    },
  });

export const sign = (body: string, key = shopifySecret) => signShopifyWebhook(body, key);

/** Delivers an `orders/create` as Shopify does: the exact bytes, signed with the app's secret. */
export function deliverToShopifyWebhook(
  ctx: Awaited<ReturnType<typeof testApp>>,
  payload: object,
  signature?: string,
) {
  const body = JSON.stringify(payload);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/orders/shopify-webhook',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': 'orders/create',
      'x-shopify-hmac-sha256': signature ?? sign(body),
    },
    body,
  });
}
